// Planar mechanisms on top of the engine: the simulation controller the session, the CLI and the tests play
// mechanisms with (the clock, the trace recorder, what a locked mechanism binds), the readouts, headless runs, and
// the example library with the builder it is made with.

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
export { runMotors, LOCKED_AFTER_BLOCKED_FRAMES } from './run';
export {
  analyzePoint,
  analyzeBar,
  analysisClock,
  barAnalysis,
  drivingMotor,
  finish,
  pointAnalysis,
  sampleCycle,
  sampleTimes,
  DEFAULT_SAMPLES,
} from './analysis';
export type { AnalysisEngine, AnalysisOptions, AnalysisSample, BarSample, SampleTimes } from './analysis';
export { barMotion, angularVelocity, emptyBarMotion } from './bar-motion';
export type { BarMotion, BarMotionEngine } from './bar-motion';
export { analyzeFourBar, fourBarAnalysis, fourBarMarks, crankJointAt } from './four-bar-analysis';
export type { FourBarAnalysis } from './four-bar-analysis';
export type { RunEnd, RunLock, RunOptions, RunSummary } from './run';
export {
  recogniseFourBar,
  grashof,
  transmissionAngle,
  transmissionAngleAt,
  transmissionRange,
  crankAngle,
  fourBarPositions,
  drawingJoints,
} from './four-bar';
export type { FourBar, FourBarPositions, GrashofClass, JointPosition } from './four-bar';
export { instantCentre, instantCentres } from './instant-centres';
export type { InstantCentre, InstantCentreEngine } from './instant-centres';
export { EXAMPLES } from './examples';
export type { ExampleSpec } from './examples';
export { DrawingBuilder, at, residuals, connectorPositionOf } from './builder';
export { SimulationController, DIAGNOSE_EVERY_BLOCKED_FRAMES, NOTHING_TO_PLAY } from './controller';
export type { SimulationEngine, SimulationOptions } from './controller';
