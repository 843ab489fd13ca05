// Stacked constraints (issue 26), found at build in linear time: many constraints on one point or one pair made
// J W Jᵀ dense (every pair of rows sharing a block is an entry), and its factorisation cubic — 10,000 pins of one
// point took 8 GB at the first grab, 1,000 points attached to one hub 5 s per grab. Two shapes:
//
// - Duplicates: a term whose rows are another's up to a sign and constants (same key: ConstraintTerm.stackKey —
//   distances of one pair, pins of one point, an attachment repeated either way round). Only the first declared
//   keeps its rows in the system; each later one is dropped from the solve, and the diagnosis reports it with the
//   first, redundant if their rows agree, conflicting if not (stacked-rows.ts). Its rows are the first's (up to a
//   constant), so the first's exact rows hold everything it could: dropping it changes no motion.
// - Stars: a point with at least STAR_MIN attachments to points of distinct other curves. The attachments
//   s_i = leaf_i − hub (each as written: σ_i s_i) say that every leaf coincides with the hub; so do the rows
//   r_1 = σ_1 s_1, r_i = leaf_i − leaf_(i−1) = s_i − s_(i−1), a chain whose J W Jᵀ is block tridiagonal. The same
//   manifold and the same row space (r = T s, T unit bidiagonal), so the same constrained motion; the system
//   takes the chain, and what is reported per constraint (residuals, tensions, the rank analysis's rows) is
//   mapped back to the attachments as written (stacked-rows.ts).
import { AttachTerm } from './constraints/attach';
import type { ConstraintTerm } from './constraints/constraint';
import type { ConnectorPoint } from './model/connector';

/** A point with at least this many attachments is a star's hub: below it J W Jᵀ's dense corner costs nothing. */
export const STAR_MIN = 16;

/** A term whose rows are not in the system: they repeat those of `of`. */
export interface Duplicate {
  term: ConstraintTerm;
  /** Where it stands among the terms as built (declared order), and where the first with its key stands. */
  position: number;
  ofPosition: number;
  /** C_term = sign · (C_of + a constant). */
  sign: 1 | -1;
}

/** Attachments to one hub point, re-expressed as a chain of their leaves (above). */
export interface Star {
  /** Their indices among the system's terms, in declared order; the first one's term is unchanged. */
  terms: Int32Array;
  /** The attachments as built: what the diagnosis and the residual report. */
  originals: AttachTerm[];
  /** σ_i: +1 where an attachment reads leaf − hub, −1 where it reads hub − leaf. */
  signs: Int8Array;
  /** Each leaf's block (distinct, none the hub's), and the hub's. */
  leafBlocks: Int32Array;
  hubBlock: number;
}

export interface StackedTerms {
  /** The terms as built, in declared order: the constraints as the diagnosis reports them. */
  built: ConstraintTerm[];
  /** The system's terms: the built ones less the duplicates, the stars' rows rewritten. */
  terms: ConstraintTerm[];
  /** Per system term, its index among the terms as built. */
  positions: Int32Array;
  duplicates: Duplicate[];
  stars: Star[];
}

/**
 * The system's terms from the built ones (in declared order): duplicates dropped, stars turned into chains. `built`
 * is left as it is (the stars' attachments as written).
 */
export function stackTerms(built: ConstraintTerm[]): StackedTerms {
  const firstOf = new Map<string, { index: number; sign: 1 | -1 }>();
  const terms: ConstraintTerm[] = [];
  const positions: number[] = [];
  const duplicates: Duplicate[] = [];
  // A term has a duplicate only if another touches the same blocks, and a star's hub is only on a block STAR_MIN
  // terms touch: counted first, so a drawing without stacks makes no key at all (100,000 key strings were a fifth of
  // a 100,000-bar chain's build).
  const touches = blockTouches(built);
  const sets = built.map((t) => blockSet(t.blocks, touches.length));
  const sameBlocks = new Map<number | string, number>();
  for (const set of sets) sameBlocks.set(set, (sameBlocks.get(set) ?? 0) + 1);
  for (let i = 0; i < built.length; i++) {
    const term = built[i];
    const key = sameBlocks.get(sets[i])! > 1 ? (term.stackKey?.() ?? null) : null;
    if (key) {
      const first = firstOf.get(key.key);
      if (first) {
        duplicates.push({
          term,
          position: i,
          ofPosition: first.index,
          sign: key.sign === first.sign ? 1 : -1,
        });
        continue;
      }
      firstOf.set(key.key, { index: i, sign: key.sign });
    }
    terms.push(term);
    positions.push(i);
  }
  const stars = findStars(terms, touches);
  return { built, terms, positions: Int32Array.from(positions), duplicates, stars };
}

/** A term's set of blocks as one value: a number for one or two blocks (most terms), else a string. */
function blockSet(blocks: readonly number[], count: number): number | string {
  if (blocks.length === 1) return blocks[0];
  if (blocks.length === 2)
    return count + Math.min(blocks[0], blocks[1]) * count + Math.max(blocks[0], blocks[1]);
  return [...blocks].sort((a, b) => a - b).join(',');
}

/** Per block, how many terms touch it. */
function blockTouches(terms: readonly ConstraintTerm[]): Int32Array {
  let blocks = 0;
  for (const t of terms) for (const b of t.blocks) blocks = Math.max(blocks, b + 1);
  const touches = new Int32Array(blocks);
  for (const t of terms) for (const b of t.blocks) touches[b]++;
  return touches;
}

/**
 * The stars among the system's terms, their rows rewritten in place (a term in at most one star). `touches`: per
 * block, how many of the built terms touch it (a hub's block at least STAR_MIN).
 */
function findStars(terms: ConstraintTerm[], touches: Int32Array): Star[] {
  const at = new Map<string, number[]>();
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t];
    if (!(term instanceof AttachTerm)) continue;
    for (const p of [term.a, term.b]) {
      if (touches[p.block] < STAR_MIN) continue;
      const key = p.key;
      const list = at.get(key);
      if (list) list.push(t);
      else at.set(key, [t]);
    }
  }
  const hubs = [...at].filter(([, list]) => list.length >= STAR_MIN);
  if (hubs.length === 0) return [];
  hubs.sort((x, y) => y[1].length - x[1].length);
  const taken = new Uint8Array(terms.length);
  const stars: Star[] = [];
  for (const [key, list] of hubs) {
    const members: number[] = [];
    const leaves: ConnectorPoint[] = [];
    const signs: number[] = [];
    const used = new Set<number>();
    let hub: ConnectorPoint | null = null;
    for (const t of list) {
      if (taken[t]) continue;
      const term = terms[t] as AttachTerm;
      const hubIsA = term.a.key === key;
      const leaf = hubIsA ? term.b : term.a;
      hub ??= hubIsA ? term.a : term.b;
      // A leaf on the hub's curve, or on a curve another leaf is on, would share a block with its neighbours'
      // rows: its attachment stays as written.
      if (leaf.block === hub.block || used.has(leaf.block)) continue;
      used.add(leaf.block);
      members.push(t);
      leaves.push(leaf);
      signs.push(hubIsA ? -1 : 1);
    }
    if (!hub || members.length < STAR_MIN) continue;
    const originals = members.map((t) => terms[t] as AttachTerm);
    for (let i = 1; i < members.length; i++) {
      taken[members[i]] = 1;
      terms[members[i]] = new AttachTerm(originals[i].id, leaves[i], leaves[i - 1]);
    }
    taken[members[0]] = 1;
    stars.push({
      terms: Int32Array.from(members),
      originals,
      signs: Int8Array.from(signs),
      leafBlocks: Int32Array.from(leaves, (p) => p.block),
      hubBlock: hub.block,
    });
  }
  return stars;
}
