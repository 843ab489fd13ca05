// Quiet parts (issue 26): the drawing's small parts nothing drives or pulls on between calls — no motor, no spring,
// at most QUIET_MAX_CURVES curves — above all a free curve's part of one. As EngineParts of their own they cost
// ~31 kB each (an integrator, a system, a factorisation…) and ~0.1 ms to build: 100,000 unconnected points took
// 24 s and 3.5 GB to open. Here they are one model together, a few hundred bytes a curve, which answers what a
// quiet part is asked while it stays still — its state, its residual, its diagnosis, its share of the scene's
// bounds — and is never stepped. A part that a call would step (grabbed or dragged along, settled while not at
// rest, asked for its kinematics) is first made an EnginePart of its own from the same curve models, constraint
// records and state: from then on that part is the truth for it, exactly as if it had been one since the build.
import type { Clock } from '../shared/clock';
import { cloneData } from '../shared/clone-data';
import type { Constraint, Drawing } from '../shared/drawing';
import { buildPartModel, drawingSource, type ModelSource } from './build';
import { diagnose, type Diagnostics } from './diagnostics';
import { EnginePart } from './engine-part';
import { PROJECTION_TOLERANCE } from './integrator/projection';
import { withoutParts } from './merge-diagnostics';
import type { DrawingPart, DrawingParts } from './parts';

/** A part of at most this many curves, with no motor and no spring, is quiet. */
export const QUIET_MAX_CURVES = 32;
/**
 * Quiet parts are held as one model when there are at least this many: fewer cost at most ~2 MB as parts of their
 * own, and a part of its own is stepped at its first grab without being made first (a 10-bar chain's first drag:
 * ~0.2 ms, which making it a part would double).
 */
export const QUIET_MIN_PARTS = 64;

/** Whether part k is quiet: small, and nothing moves it unless a call steps it (no motor, no spring). */
export function isQuiet(split: DrawingParts, k: number, drawing: Drawing): boolean {
  if (
    split.curves(k).length > QUIET_MAX_CURVES ||
    split.springs(k).length > 0 ||
    split.attractors(k).length > 0
  )
    return false;
  for (const i of split.constraints(k)) if (drawing.constraints[i].kind === 'motor') return false;
  return true;
}

export class QuietParts {
  /** The quiet parts as one model and integrator: never stepped (their states are the build's while not made). */
  readonly whole: EnginePart;
  /** Per curve of `whole`: its part (an index into `parts`). */
  private readonly partOfCurve: Int32Array;
  /** Per part: the EnginePart it was made into, or null while it is quiet. */
  private readonly made: (EnginePart | null)[];
  /** 1 per curve of `whole` still quiet (its part not made). */
  private readonly quiet: Uint8Array;
  /** The quiet parts' constraint records, copied at build (the caller may change its drawing's after), by index. */
  private readonly records: (Constraint | undefined)[];
  /** Per part: max |C| over its constraints as declared, and over its system's rows (measured once: nothing moves). */
  private declaredMax: Float64Array | null = null;
  private systemMax: Float64Array | null = null;
  /** The whole's diagnosis (once: nothing moves), and the bounds of the curves still quiet. */
  private diagnosis: Diagnostics | null = null;
  private readonly box = new Float64Array(4);
  private boxStale = true;

  /** Per part of the split: its index among the quiet parts, −1 if it is not quiet. */
  private readonly quietIndex: Int32Array;

  constructor(
    drawing: Drawing,
    private readonly split: DrawingParts,
    /** The quiet parts' indices in `split`, ascending. */
    private readonly parts: readonly number[],
    /** Each curve id's index in the drawing (the engine's), shared if every curve is quiet. */
    drawingIndex: ReadonlyMap<string, number>,
    private readonly clock: Clock,
  ) {
    this.records = new Array<Constraint | undefined>(split.ofConstraint.length).fill(undefined);
    this.quietIndex = new Int32Array(split.count).fill(-1);
    parts.forEach((p, k) => (this.quietIndex[p] = k));
    const curves: number[] = [];
    const constraints: number[] = [];
    for (let c = 0; c < split.ofCurve.length; c++) if (this.quietIndex[split.ofCurve[c]] >= 0) curves.push(c);
    for (let i = 0; i < split.ofConstraint.length; i++)
      if (this.quietIndex[split.ofConstraint[i]] >= 0) {
        constraints.push(i);
        this.records[i] = cloneData(drawing.constraints[i]);
      }
    const source: ModelSource = {
      ...drawingSource(drawing),
      constraint: (i) => this.records[i]!,
      spring: noSpring,
      attractor: noSpring,
      pointSet: () => undefined,
      edgeField: () => null,
    };
    const model = buildPartModel(source, { curves, constraints, springs: [], attractors: [] }, drawingIndex, {
      stepped: false,
    });
    this.whole = new EnginePart(model, clock);
    this.partOfCurve = Int32Array.from(curves, (c) => this.quietIndex[split.ofCurve[c]]);
    this.made = parts.map(() => null);
    this.quiet = new Uint8Array(curves.length).fill(1);
  }

  /** How many quiet parts there are (made ones included). */
  get count(): number {
    return this.parts.length;
  }

  /** Whether some part is still quiet (not made a part of its own). */
  get anyQuiet(): boolean {
    return this.madeCount < this.parts.length;
  }
  private madeCount = 0;

  /** Quiet part k's curves, as indices of the drawing (ascending). */
  private curvesOf(k: number): Int32Array {
    return this.split.curves(this.parts[k]);
  }

  /** The index in `whole` of curve `global` of the drawing (a quiet part's). */
  localOf(global: number): number {
    const g = this.whole.model.curveGlobal;
    let lo = 0;
    let hi = g.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (g[mid] < global) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The part of `whole`'s curve `local`. */
  partOf(local: number): number {
    return this.partOfCurve[local];
  }

  /**
   * Quiet parts `ks` (none made yet) made one EnginePart of their own: its model from the curve models, constraint
   * records and state `whole` holds for them, its budgets on the engine's clock. One part each as a rule; several
   * together for a selection dragged across them (Engine.grab), whose pieces then step as one system — a selection
   * of 100,000 free curves is one part, not 100,000.
   */
  make(ks: readonly number[]): EnginePart {
    const { model } = this.whole;
    const source: ModelSource = {
      curveCount: model.curveGlobal.length,
      curveId: (i) => this.curveIds()[this.localOf(i)],
      curveModel: (i) => model.curves[this.localOf(i)],
      initialState: (m, q, off, i) => {
        const from = model.curveOff[this.localOf(i)];
        q.set(model.q.subarray(from, from + m.size), off);
      },
      constraint: (i) => this.records[i]!,
      spring: noSpring,
      attractor: noSpring,
      pointSet: () => undefined,
      edgeField: () => null,
      curveTurn: () => null, // a quiet part holds no motor
    };
    const pieces = ks.map((k) => this.split.part(this.parts[k]));
    const union = (pick: (p: DrawingPart) => number[]) => pieces.flatMap(pick).sort((a, b) => a - b);
    const part = new EnginePart(
      buildPartModel(source, {
        curves: union((p) => p.curves),
        constraints: union((p) => p.constraints),
        springs: [],
        attractors: [],
      }),
      this.clock,
    );
    for (const k of ks) {
      this.made[k] = part;
      this.madeCount++;
      for (const c of this.curvesOf(k)) this.quiet[this.localOf(c)] = 0;
    }
    this.boxStale = true;
    return part;
  }

  /** The parts still quiet whose rows are not exact: a settle steps them (made parts of their own first). */
  unsettled(): number[] {
    const max = this.residuals().system;
    const out: number[] = [];
    for (let k = 0; k < this.parts.length; k++)
      if (!this.made[k] && !(max[k] <= PROJECTION_TOLERANCE)) out.push(k);
    return out;
  }

  /** max |C| over the constraints of the parts still quiet, as declared (Infinity if one is not finite). */
  maxResidual(): number {
    const max = this.residuals().declared;
    let worst = 0;
    for (let k = 0; k < this.parts.length; k++) if (!this.made[k] && !(max[k] <= worst)) worst = max[k];
    return worst !== worst ? Infinity : worst;
  }

  /** The bounds of the curves still quiet, as the parts' bounds are kept (step-limits.ts). */
  bounds(): Float64Array {
    if (this.boxStale) {
      this.whole.integrator.limits.union(this.box, this.quiet);
      this.boxStale = false;
    }
    return this.box;
  }

  /** The diagnosis of the parts still quiet. */
  diagnostics(): Diagnostics {
    const full = (this.diagnosis ??= diagnose(this.whole.model, this.whole.integrator));
    const made = new Set(this.made.filter((p): p is EnginePart => p !== null));
    if (made.size === 0) return full;
    return withoutParts(
      full,
      [...made].map((p) => p.model),
      this.maxResidual(),
    );
  }

  /** Each curve's id, by its index in `whole` (made at the first part made). */
  private ids: string[] | null = null;
  private curveIds(): string[] {
    if (!this.ids) {
      const ids: string[] = [];
      for (const [id, local] of this.whole.model.curveIndex) ids[local] = id;
      this.ids = ids;
    }
    return this.ids;
  }

  /** Per part, max |C| of its constraints as declared and of its system's rows, at the build's state. */
  private residuals(): { declared: Float64Array; system: Float64Array } {
    if (this.declaredMax && this.systemMax) return { declared: this.declaredMax, system: this.systemMax };
    const { model, integrator } = this.whole;
    const { residual } = integrator;
    residual.now();
    const partOf = (i: number) => this.quietIndex[this.split.ofConstraint[i]];
    const system = new Float64Array(this.parts.length);
    const declared = new Float64Array(this.parts.length);
    const { stacked, termConstraint } = model;
    const sys = model.system;
    sys.terms.forEach((_, t) => {
      const k = partOf(termConstraint[stacked.positionOf(t)]);
      for (let r = sys.rowStart[t]; r < sys.rowStart[t + 1]; r++) system[k] = worse(system[k], residual.c[r]);
    });
    const c = stacked.plain ? residual.c : new Float64Array(stacked.rows);
    if (!stacked.plain) stacked.residual(c, residual.c, model.q);
    stacked.declared.forEach((_, d) => {
      const k = partOf(termConstraint[d]);
      for (let r = stacked.rowStart[d]; r < stacked.rowStart[d + 1]; r++)
        declared[k] = worse(declared[k], c[r]);
    });
    this.declaredMax = declared;
    this.systemMax = system;
    return { declared, system };
  }
}

function noSpring(): never {
  throw new Error('a quiet part has no spring');
}

/** max(worst, |x|), NaN counting as Infinity. */
function worse(worst: number, x: number): number {
  const a = Math.abs(x);
  return a > worst ? a : a !== a ? Infinity : worst;
}
