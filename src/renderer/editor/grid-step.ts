// The grid's spacing at a zoom: what the grid painter draws and what Snap to Grid rounds drawn points to, so a
// snapped point always lands on a line the user sees.

const MIN_STEP_PX = 12;

/**
 * The minor grid step (mm) for a zoom (px per mm): 1, 2 or 5 × 10ⁿ mm, chosen so minor lines stay at least 12 px
 * apart; and how many minor steps make a major one (every fifth, or every second for 5).
 */
export function gridStep(zoom: number): { step: number; major: number } {
  const raw = MIN_STEP_PX / zoom;
  const decade = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const [m, major] of [
    [1, 5],
    [2, 5],
    [5, 2],
    [10, 5],
  ] as const)
    if (m * decade >= raw) return { step: m * decade, major };
  return { step: 10 * decade, major: 5 };
}
