// The engine's public API: the Engine class and pure functions on drawing data.
export {
  Engine,
  RESIDUAL_TOLERANCE,
  type EngineOptions,
  type FrameReport,
  type PullReadout,
  type SettleReport,
  type Diagnostics,
  type PointMotion,
} from './engine';
export { EngineError } from './errors';
export type { EdgeFieldSource } from './build';
export type { EdgeField } from './forces/edge-field';
export type { AssemblyAttempt } from './integrator/far-assembly';
export { emptyMotion } from './kinematics';
export {
  curvePath,
  curvePoint,
  curveStateOf,
  applyCurveState,
  curveGeometry,
  connectorPoint,
  connectorDirection,
  type CurveGeometry,
} from './pure';
export type { CurveModel } from './curves/curve';
