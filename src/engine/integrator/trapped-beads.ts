// Beads trapped at an end stop (docs/engine.md, "Frames and settling"). Settling is a local descent of |C|²: a bead
// on an open wire that the descent pushes against one of its ends stays there, held by the stop, even when the
// constraints are met elsewhere on the wire (a bead on a 300° arc whose target lies 80° behind its start, the short
// way round crossing the gap). When a settle ends unassembled with such a bead, each trapped bead is re-seated at
// points spread along its wire and the drawing settled again from each; the best state is kept (the original one
// if no seat does better). A search along the wire, not a smarter step: the trap is a local minimum with the stop,
// and no local step leaves it.
import type { EngineModel } from '../build';
import type { Integrator } from './integrator';

/** Seats tried along a trapped bead's wire: s = 1/SEATS … (SEATS − 1)/SEATS. */
export const SEATS = 8;

/**
 * After a settle that ended unassembled (max |C| ≥ tolerance): re-seats every bead held at an end stop of an open
 * wire and settles again within what is left of the budget (each seat gets an equal share of it), keeping the best
 * state — its q and its released conflicts (a seat's own releases are undone with it). Returns the steps taken.
 * Allocates copies of q and of the released rows, only on this (rare) path.
 */
export function reseatTrappedBeads(
  model: EngineModel,
  integrator: Integrator,
  start: number,
  budgetMs: number,
  tolerance: number,
): number {
  const { q } = model;
  const trapped = model.beads.filter((b) => !b.wireClosed && (q[b.sOff] === 0 || q[b.sOff] === 1));
  if (trapped.length === 0) return 0;
  const { conflicts } = integrator;
  const best = q.slice();
  const bestReleased = conflicts.rows.slice();
  let bestResidual = integrator.residual.now();
  let steps = 0;
  const tries = trapped.length * (SEATS - 1);
  let tried = 0;
  for (const bead of trapped) {
    for (let k = 1; k < SEATS && bestResidual >= tolerance; k++, tried++) {
      const now = integrator.clock.now();
      const left = budgetMs - (now - start);
      if (left <= 0) break;
      q.set(best);
      conflicts.restore(bestReleased);
      q[bead.sOff] = k / SEATS;
      integrator.restart();
      steps += integrator.run(now, left / (tries - tried)).steps;
      const r = integrator.residual.now();
      if (r < bestResidual) {
        bestResidual = r;
        best.set(q);
        conflicts.save(bestReleased);
      }
    }
  }
  q.set(best);
  conflicts.restore(bestReleased);
  integrator.restart();
  return steps;
}
