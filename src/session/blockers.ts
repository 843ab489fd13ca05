// When the constraints cannot meet an edit (a crank made too long for its loop, a pin moved away from another pin
// on the same point): whether an edit did that, and what blocks it, said in the user's words.

import { RESIDUAL_TOLERANCE, type Diagnostics } from '../engine';
import type { Constraint, Drawing } from '../shared/drawing';
import { referencedCurves } from '../shared/references';

/**
 * True when settling after an edit left constraints unmet that were met before it (or left them further from met):
 * a drawing already broken when opened does not block every later edit, only one that makes it worse.
 */
export function breaksConstraints(before: number, after: number): boolean {
  return after > RESIDUAL_TOLERANCE && after > before * (1 + 1e-6) + RESIDUAL_TOLERANCE;
}

/** The constraints the engine finds conflicting, binding or still violated, in drawing order. */
export function blockingRecords(diagnostics: Diagnostics, drawing: Drawing): Constraint[] {
  const named = new Set([...diagnostics.conflicting, ...diagnostics.binding]);
  for (const c of diagnostics.constraints) if (c.residual > RESIDUAL_TOLERANCE) named.add(c.id);
  return drawing.constraints.filter((k) => named.has(k.id));
}

/**
 * The constraints that keep the edit from being met — those the engine finds conflicting, binding (carrying a
 * self-stress) or still violated — and the curves they join: "crank, coupler, rocker cannot close (j1, j2, pin1)".
 */
export function blockingConstraints(diagnostics: Diagnostics, drawing: Drawing): string {
  return whatBlocks(blockingRecords(diagnostics, drawing), drawing);
}

/** Tension (force, in the mouse spring's units) below which a constraint is not counted as holding a pull back. */
const HOLD_TENSION = 1e-6;

/**
 * The constraints that hold a pull back (a selection moved by the arrow keys that cannot get there): those whose
 * tension under the pull is not nil, said as blockingConstraints says its own.
 */
export function holdingConstraints(diagnostics: Diagnostics, drawing: Drawing): string {
  const held = new Set(diagnostics.constraints.filter((c) => c.tension > HOLD_TENSION).map((c) => c.id));
  const named = new Set(blockingRecords(diagnostics, drawing).map((k) => k.id));
  return whatBlocks(
    drawing.constraints.filter((k) => held.has(k.id) || named.has(k.id)),
    drawing,
  );
}

function whatBlocks(blocking: Constraint[], drawing: Drawing): string {
  if (blocking.length === 0) return 'the constraints cannot all be met';
  const curves = new Map(drawing.curves.map((c) => [c.id, c.name || c.id]));
  const joined = [...new Set(blocking.flatMap((k) => referencedCurves(k)))].map((id) => curves.get(id) ?? id);
  const what =
    joined.length > 1 ? `${joined.join(', ')} cannot close` : `${joined[0] ?? 'it'} cannot get there`;
  return `the constraints cannot all be met: ${what} (${blocking.map((k) => k.id).join(', ')})`;
}
