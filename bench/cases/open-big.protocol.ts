// What the open-big measure's child (open-big.child.ts) reports to its case (open-big.ts): one line per process.
// Its own module, so that importing it runs no measure.

export const OPEN_BIG_LINE = 'open-big ';

export interface OpenBigRun {
  /** File ▸ Open as the session thread does it: read, decode and check, the session's engine, the snapshot's JSON. */
  openMs: number;
  /** The same open's CPU time (all the process's threads: the GC's helpers too), steadier on a shared machine. */
  openCpuMs: number;
  /** dragStart and the first dragMove; then the median of the frames after it, and the steps they took. */
  firstFrameMs: number;
  laterFrameMs: number;
  frames: number;
  /** The drag's end (its undo entry), then an edit (a rename: the session builds its engine again). */
  dragEndMs: number;
  editMs: number;
  /** The process's peak resident set after the open, after the drag and after the edit (MB). */
  openRssMb: number;
  dragRssMb: number;
  editRssMb: number;
  /** JS heap plus array buffers after the open, after a full GC, the session alive (MB). */
  heapMb: number;
  residual: number;
  dof: number;
  fileMb: number;
}
