// What the UI and the CLI say of a constraint, one rule for both (the constraints list, the glyphs' colours, the
// tooltips, `curvewright check`): most severe first — conflicting (cannot hold with the others), binding (holds a
// locked mechanism while it plays), violated (does not hold: residual above RESIDUAL_TOLERANCE), redundant (holds,
// but another constraint already says the same), ok.
import { RESIDUAL_TOLERANCE } from './limits';

export const CONSTRAINT_STATES = ['conflicting', 'binding', 'violated', 'redundant', 'ok'] as const;
export type ConstraintState = (typeof CONSTRAINT_STATES)[number];

/** What the diagnosis says of one constraint. */
export interface ConstraintFindings {
  conflicting: boolean;
  redundant: boolean;
  residual: number;
}

export function constraintState(findings: ConstraintFindings, binding = false): ConstraintState {
  if (findings.conflicting) return 'conflicting';
  if (binding) return 'binding';
  if (findings.residual > RESIDUAL_TOLERANCE) return 'violated';
  return findings.redundant ? 'redundant' : 'ok';
}
