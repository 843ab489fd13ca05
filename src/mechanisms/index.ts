// Planar mechanisms on top of the engine: the simulation clock (Play / Pause / Step / speed / Reset), the trace
// recorder, the readouts, headless runs, and the example library with the builder it is made with.

export { Player, MAX_SPEED, MAX_OWED_FRAMES } from './player';
export type { FrameResult, MotorEngine, MotorFrameReport, PlayState, PlayerOptions } from './player';
export {
  TraceRecorder,
  DEFAULT_TRACE_CAPACITY,
  tracePointCount,
  appendPoint,
  decimateOldestHalf,
} from './trace-recorder';
export type { TraceRecorderOptions } from './trace-recorder';
export { PointReadout, motorReadout, bindingConstraints } from './readouts';
export type { MotorReadout, DiagnosticsLike } from './readouts';
export { runMotors } from './run';
export type { RunOptions, RunSummary } from './run';
export { EXAMPLES } from './examples';
export type { ExampleSpec } from './examples';
export { DrawingBuilder, at, residuals, connectorPositionOf } from './builder';
export { SimulationController } from './controller';
export type { SimulationEngine, SimulationOptions, SimulationStatus } from './controller';
export { newTrace, tracePath } from './traces';
