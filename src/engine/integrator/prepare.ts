// What every velocity solve starts from, at the present state (docs/engine.md, "One step", 1–2): the integrator's
// steps and the diagnostics prepare with the drawing's forces, the kinematics with none. One function, so the
// kinematics' factorisation is the one the next step would make (Integrator.adoptFactorisation).
import type { ForceTerm } from '../forces/force';
import type { ConstraintSystem } from '../system/system';

/**
 * Everything a velocity solve needs at q but the factorisation, for a step of length h: no bead held, J at q,
 * Q = Σ forces and W = (M + h·K̃)⁻¹ with the forces' stiffness in the blocks they act on (the others keep their
 * base W). False if a stiffened block is not positive definite (W is then not usable).
 */
export function prepareMetric(
  sys: ConstraintSystem,
  q: Float64Array,
  Q: Float64Array,
  forces: readonly ForceTerm[],
  h: number,
): boolean {
  sys.unlockAll();
  sys.jacobian(q); // first: the released conflicts' force reads it
  Q.fill(0);
  for (const f of forces) f.addForce(Q, q);
  sys.markForced(forces);
  sys.computeDrag();
  for (const f of forces) f.addStiffness(sys, q, h);
  return sys.invertDrag();
}
