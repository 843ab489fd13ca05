// Hidden classes kept alive (issue 27). V8 gives every object shape a hidden class (a map), and keeps it only while
// something holds it: the engine's long-lived objects hold theirs, but the results a call returns (a frame's
// report, a run's outcome) die with the caller's use of them. At a full GC with none alive, their maps go, and with
// them what the optimised code and inline caches had learned about them: the next call makes the maps again in the
// runtime. Measured on the bench's 10-bar chain drag, each run right after a full GC (bench/small-probe.ts):
// creating the frame's report took 23–25 µs instead of 0.4 µs, an eighth of the whole drag. Keeping the latest
// result of each shape alive keeps its map (as the integrator keeps its one mouse spring: integrator.ts).

/** Holds the latest object of one shape returned at one place, so its hidden class outlives a full GC. */
export class ShapeKeeper<T extends object> {
  /** The latest object kept (read by nobody: it is here to be alive). */
  latest: T | null = null;

  /** `value`, kept as the latest of its shape. */
  keep(value: T): T {
    this.latest = value;
    return value;
  }
}
