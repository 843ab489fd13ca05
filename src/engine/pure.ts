// Pure functions on drawing data (no Engine instance): the renderer and the SVG export draw curves with them.
import { centerIsOffCurve, type Connector, type Curve, type Drawing, type Vec2 } from '../shared/drawing';
import type { Path } from '../shared/primitives';
import type { CurveModel } from './curves/curve';
import { createCurveModel } from './curves/registry';

/**
 * One curve's model and its state, built once: a view that draws and picks the curve every frame keeps one per
 * curve until the drawing's structure changes (building a model allocates; an equation curve's compiles its
 * definition). `write` moves the curve object and the state the model evaluates together.
 */
export interface CurveGeometry {
  readonly curve: Curve;
  /** Writes state parameters (engine order): `count` values of `state` from `off`, read in place. */
  write(state: ArrayLike<number>, off?: number, count?: number): void;
  /** The state parameters, in engine order (CURVE_STATE_LAYOUT, or an equation's free parameters). */
  state(): number[];
  /** out[0], out[1] = p(u) (no allocation). */
  position(out: Float64Array, u: number): void;
  point(u: number): Vec2;
  /** Exact drawing primitives (equation curves: a polyline within `tolerance`, default 0.05 mm). */
  path(tolerance?: number): Path;
  /** Where a connector on this curve is: an off-curve centre (centerIsOffCurve), or the point at its u. */
  connectorPoint(connector: Connector): Vec2;
  /** The curve's direction ∂p/∂u at a connector; null for an off-curve centre (it has none). */
  connectorDirection(connector: Connector): Vec2 | null;
}

export function curveGeometry(curve: Curve, drawing: Drawing): CurveGeometry {
  const model: CurveModel = createCurveModel(curve, drawing);
  const q = new Float64Array(model.size);
  model.initialState(q, 0);
  const p = new Float64Array(2);
  const point = (u: number): Vec2 => {
    model.position(p, q, 0, u);
    return [p[0], p[1]];
  };
  return {
    curve,
    write(state, off = 0, count = state.length - off) {
      if (count !== model.size)
        throw new Error(`curve '${curve.id}': expected ${model.size} state values, got ${count}`);
      model.writeState(curve, state, off);
      for (let i = 0; i < count; i++) q[i] = state[off + i];
    },
    state: () => Array.from(q),
    position: (out, u) => model.position(out, q, 0, u),
    point,
    path: (tolerance = 0.05) => model.path(q, 0, tolerance),
    connectorPoint(connector) {
      if (connector.anchor === 'center' && centerIsOffCurve(curve.kind))
        return [q[model.centerIndex], q[model.centerIndex + 1]];
      return point(connector.anchor !== undefined ? model.anchorU(connector.anchor) : (connector.u ?? 0));
    },
    connectorDirection(connector) {
      if (connector.anchor === 'center' && centerIsOffCurve(curve.kind)) return null;
      model.tangent(
        p,
        q,
        0,
        connector.anchor !== undefined ? model.anchorU(connector.anchor) : (connector.u ?? 0),
      );
      return [p[0], p[1]];
    },
  };
}

/** The curve as exact drawing primitives (equation curves: a polyline within `tolerance`, default 0.05 mm). */
export function curvePath(curve: Curve, drawing: Drawing, tolerance = 0.05): Path {
  return curveGeometry(curve, drawing).path(tolerance);
}

export function curvePoint(curve: Curve, drawing: Drawing, u: number): Vec2 {
  return curveGeometry(curve, drawing).point(u);
}

/** The curve's state parameters in engine order (CURVE_STATE_LAYOUT, or an equation's free parameters). */
export function curveStateOf(curve: Curve, drawing: Drawing): number[] {
  return curveGeometry(curve, drawing).state();
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
  curveGeometry(curve, drawing).write(state, off, count);
}

/** A curve's direction ∂p/∂u at a connector; null for an off-curve centre. */
export function connectorDirection(connector: Connector, drawing: Drawing): Vec2 | null {
  const curve = drawing.curves.find((c) => c.id === connector.curve);
  if (!curve) throw new Error(`connector.curve: unknown curve '${connector.curve}'`);
  return curveGeometry(curve, drawing).connectorDirection(connector);
}

/** Where a connector is in a drawing (centre anchors of circles, arcs and ellipses included). */
export function connectorPoint(connector: Connector, drawing: Drawing): Vec2 {
  const curve = drawing.curves.find((c) => c.id === connector.curve);
  if (!curve) throw new Error(`connector.curve: unknown curve '${connector.curve}'`);
  return curveGeometry(curve, drawing).connectorPoint(connector);
}
