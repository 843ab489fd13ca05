// The material point a connector stands for, as the parameter u along its curve: what the Plot panel asks the
// session to analyse for a traced point (`analysis:point` takes a curve and a u). A connector at a u is that u; an
// anchor is the curve model's own (the engine's anchorU: a point curve's one point, a start at 0, an end at 1, an
// on-curve centre halfway); the centre of a circle, an arc or an ellipse is no point of the curve: null.

import { centerIsOffCurve, type Connector, type CurveKind } from './drawing';

export function connectorParameter(kind: CurveKind, connector: Connector): number | null {
  if (connector.u !== undefined) return connector.u;
  if (kind === 'point') return 0;
  switch (connector.anchor ?? 'start') {
    case 'start':
      return 0;
    case 'end':
      return 1;
    case 'center':
      return centerIsOffCurve(kind) ? null : 0.5;
  }
}
