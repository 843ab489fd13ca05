// Where a settle starts a tangent contact (issue 27). A line–circle contact whose s starts on the circle's far side
// (s 0.75, the circle touching the line at s 0.25 already) is a maximum of its own misfit along the circle: the
// contact row does not change with s there, so every step of the settle, first order, moved the circle instead of
// the contact — to r = 2.5e-32, or, with the settle metric, 30 mm over to touch the line from its other side. No
// metric sees the slide round; a search along the curve does, as for a bead trapped at an end stop
// (integrator/trapped-beads.ts). So before a settle, each tangent contact not met is seated at the s of its curve
// where it is met best (C₀² + (ℓ·C₁)², the nearest sampled minima refined), if that is clearly better (a quarter
// of the misfit or less) than where it is. A contact already met is left where it is.
import type { EngineModel } from './build';
import { TangentContactTerm } from './constraints/tangent-contact';
import { nearestParameter } from './curves/nearest';
import { RESIDUAL_TOLERANCE } from '../shared/limits';

/** Samples of s along the contact's curve for the search (each sampled minimum then refined). */
const SEAT_SAMPLES = 64;
const SEAT_ROUNDS = 36;

/** Seats each tangent contact of the model not met where it is met best; true if any s changed. */
export function seatContacts(model: EngineModel): boolean {
  const { q } = model;
  let moved = false;
  for (const term of model.terms) {
    if (!(term instanceof TangentContactTerm)) continue;
    const misfit = term.misfitAt(q, q[term.sOff]);
    if (!(misfit > RESIDUAL_TOLERANCE * RESIDUAL_TOLERANCE)) continue;
    const s = nearestParameter((u) => term.misfitAt(q, u), SEAT_SAMPLES, SEAT_ROUNDS);
    if (term.misfitAt(q, s) <= 0.25 * misfit) {
      q[term.sOff] = s;
      moved = true;
    }
  }
  return moved;
}
