// The drawing's status as the status bar and the constraints list show it: degrees of freedom, the largest
// residual, and every constraint's residual, tension and whether it is redundant or conflicting; which curves are
// fixed. Measured from the engine's diagnostics (a factorisation): once per change of structure, when a drag ends,
// and on the frames of a held drag that measure what resists (src/session/session.ts).

import type { Engine } from '../engine';
import type { SessionStatus } from '../shared/contract';
import type { Drawing } from '../shared/drawing';

export type FullStatus = Required<SessionStatus>;

/** The status of `drawing` at `engine`'s present state; `frameMs`: the last engine call's time. */
export function measureStatus(engine: Engine, drawing: Drawing, frameMs: number): FullStatus {
  const d = engine.diagnostics();
  const redundant = new Set(d.redundant);
  const conflicting = new Set(d.conflicting);
  const free = new Set(d.freeCurves);
  const measured = new Map(d.constraints.map((k) => [k.id, k]));
  return {
    dof: d.dof,
    maxResidual: d.maxResidual,
    frameMs,
    // Every constraint of the drawing, in its order: one with no rows (a reference dimension, a bar's length the
    // bar already has) holds by definition, residual 0, so the list can say "ok" of it like the CLI does.
    constraints: drawing.constraints.map(({ id }) => {
      const k = measured.get(id);
      return {
        id,
        residual: k?.residual ?? 0,
        tension: k?.tension ?? 0,
        redundant: redundant.has(id),
        conflicting: conflicting.has(id),
      };
    }),
    curves: drawing.curves.map(({ id }) => ({ id, fixed: !free.has(id) })),
    redundantGroups: d.redundantGroups,
  };
}

/**
 * What a snapshot says of the status: the measured one, with the frame's own time and residual when it is a frame's
 * (`frameResidual`); a frame's leaves the per-constraint and per-curve lists out (unchanged since they were
 * measured, and long for big drawings) unless `withLists` (a held drag's frame that just measured what resists).
 */
export function snapshotStatus(
  measured: FullStatus,
  frameMs: number,
  frameResidual: number | undefined,
  withLists: boolean,
): SessionStatus {
  const status: SessionStatus = {
    dof: measured.dof,
    frameMs,
    maxResidual: frameResidual ?? measured.maxResidual,
  };
  if (frameResidual === undefined || withLists) {
    status.constraints = measured.constraints;
    status.curves = measured.curves;
    status.redundantGroups = measured.redundantGroups;
  }
  return status;
}
