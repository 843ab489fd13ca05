// Pure functions on drawing data (no Engine instance): the renderer and the SVG export draw curves with them.
import type { Anchor, Connector, Curve, Drawing, Vec2 } from '../shared/drawing';
import type { Path } from '../shared/primitives';
import type { CurveModel } from './curves/curve';
import { createCurveModel } from './curves/registry';

function modelAndState(curve: Curve, drawing: Drawing): { model: CurveModel; q: Float64Array } {
  const model = createCurveModel(curve, drawing);
  const q = new Float64Array(model.size);
  model.initialState(q, 0);
  return { model, q };
}

/** The curve as exact drawing primitives (equation curves: a polyline within `tolerance`, default 0.05 mm). */
export function curvePath(curve: Curve, drawing: Drawing, tolerance = 0.05): Path {
  const { model, q } = modelAndState(curve, drawing);
  return model.path(q, 0, tolerance);
}

export function curvePoint(curve: Curve, drawing: Drawing, u: number): Vec2 {
  const { model, q } = modelAndState(curve, drawing);
  const p = new Float64Array(2);
  model.position(p, q, 0, u);
  return [p[0], p[1]];
}

/** The curve's state parameters in engine order (CURVE_STATE_LAYOUT, or an equation's free parameters). */
export function curveStateOf(curve: Curve, drawing: Drawing): number[] {
  return Array.from(modelAndState(curve, drawing).q);
}

/** Writes state parameters (engine order) into one curve: `count` values of `state` from `off`. */
export interface CurveStateWriter {
  write(state: ArrayLike<number>, off?: number, count?: number): void;
}

/**
 * A writer for one curve of a drawing, its model built once: a view that applies every frame's states keeps one
 * per curve until the drawing's structure changes (building an equation curve's model compiles its definition).
 */
export function curveStateWriter(curve: Curve, drawing: Drawing): CurveStateWriter {
  const model = createCurveModel(curve, drawing);
  return {
    write(state, off = 0, count = state.length - off) {
      if (count !== model.size)
        throw new Error(`curve '${curve.id}': expected ${model.size} state values, got ${count}`);
      model.writeState(curve, state, off);
    },
  };
}

/**
 * Writes state parameters (engine order) into the curve (mutates it): `count` values of `state` from `off` — a
 * slice of a longer array (a frame's flat states) is read in place.
 */
export function applyCurveState(
  curve: Curve,
  state: ArrayLike<number>,
  drawing: Drawing,
  off = 0,
  count = state.length - off,
): void {
  curveStateWriter(curve, drawing).write(state, off, count);
}

/**
 * The u of a named anchor. Circles, arcs and ellipses have their 'center' off the curve: that throws; use
 * connectorPoint for any connector.
 */
export function anchorU(curve: Curve, anchor: Anchor): number {
  switch (curve.kind) {
    case 'point':
      return 0;
    case 'circle':
    case 'ellipse':
    case 'arc':
      if (anchor === 'center')
        throw new Error(`the centre of a ${curve.kind} is not on the curve: it has no u`);
      return anchor === 'end' ? 1 : 0;
    default:
      return anchor === 'start' ? 0 : anchor === 'end' ? 1 : 0.5;
  }
}

/** Where a connector is in a drawing (centre anchors of circles, arcs and ellipses included). */
export function connectorPoint(connector: Connector, drawing: Drawing): Vec2 {
  const curve = drawing.curves.find((c) => c.id === connector.curve);
  if (!curve) throw new Error(`connector.curve: unknown curve '${connector.curve}'`);
  const { model, q } = modelAndState(curve, drawing);
  if (connector.anchor === 'center' && model.centerIndex >= 0)
    return [q[model.centerIndex], q[model.centerIndex + 1]];
  const u = connector.anchor !== undefined ? model.anchorU(connector.anchor) : (connector.u ?? 0);
  const p = new Float64Array(2);
  model.position(p, q, 0, u);
  return [p[0], p[1]];
}
