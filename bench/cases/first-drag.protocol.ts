// What the first-drag measure's processes say to each other: the child's one line per run, the runner's one line
// with every run. Its own module, so that importing it runs no measure.

export const FIRST_DRAG_LINE = 'first-drag ';
/** Frames timed after the first: what "as fast as later ones" compares with. */
export const LATER_FRAMES = 20;

export interface FirstDragRun {
  mode: 'warm' | 'cold';
  openMs: number;
  /** From the open's return to the warm-up's end (0 cold), and its slices: count and the longest. */
  warmUpMs: number;
  slices: number;
  longestSliceMs: number;
  /** dragStart + the first dragMove. */
  firstMs: number;
  startMs: number;
  firstMoveMs: number;
  /** Median of the LATER_FRAMES dragMoves after the first. */
  laterMs: number;
}

/** The runner's line: FIRST_DRAG_RUNS_LINE + JSON (FirstDragRun[]). */
export const FIRST_DRAG_RUNS_LINE = 'first-drag runs ';
