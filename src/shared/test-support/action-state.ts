// The action rules' input with every flag off (src/shared/actions.ts ActionState): tests spread what they turn on.

import type { ActionState } from '../actions';

export const NOTHING_ON: ActionState = {
  showGrid: false,
  snapToGrid: false,
  showCentres: false,
  solverDetails: false,
  canUndo: false,
  canRedo: false,
  selected: false,
  curveSelected: false,
  valueSelected: false,
  canPaste: false,
  canReset: false,
  canFitPoints: false,
  canFollowEdges: false,
};
