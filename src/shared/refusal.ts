// What a refusal of the session names: an edit, a nudge or a setting the constraints cannot meet is refused with a
// line that ends in the constraints in the way, by id ("… the constraints cannot all be met: crank, coupler cannot
// close (k1, k2, pin1)": src/session/blockers.ts). The editor highlights them on the canvas and lists them in the
// constraints panel, so it reads them back from the line here: the ids in the last parentheses that the drawing
// holds as constraints, and the curves they hold. Read from the session's own line (with ids), before the ids are
// turned into names for the user.

import type { Drawing } from './drawing';
import { referencedCurves } from './references';

/** What a refusal names: the constraints in the way and the curves they hold, by id, in drawing order. */
export interface Culprits {
  constraints: string[];
  curves: string[];
}

/** The phrase every refusal by the constraints carries (src/session/blockers.ts). */
const CANNOT_MEET = 'the constraints cannot all be met';

/** The constraints and curves a refusal names, or null when the line is no refusal by the constraints. */
export function refusalCulprits(line: string, drawing: Drawing): Culprits | null {
  const at = line.lastIndexOf(CANNOT_MEET);
  if (at < 0) return null;
  const listed = /\(([^()]*)\)\s*$/.exec(line.slice(at));
  const ids = new Set(listed ? listed[1].split(',').map((id) => id.trim()) : []);
  const constraints = drawing.constraints.filter((k) => ids.has(k.id));
  const held = new Set(constraints.flatMap((k) => referencedCurves(k)));
  return {
    constraints: constraints.map((k) => k.id),
    curves: drawing.curves.filter((c) => held.has(c.id)).map((c) => c.id),
  };
}
