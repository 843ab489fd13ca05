// Which rows of a long list of equal-height rows to put in the DOM: those the scroller shows, and a few either
// side so a short scroll shows rows already laid out. The constraints list holds one row per constraint, and at
// 10,000 rows the DOM itself cost every frame (each row a content-visibility observation, or laid out whenever
// the page is); only the window is built.

/** Rows [first, end) of a list, and the list's whole height, px. */
export interface RowWindow {
  first: number;
  end: number;
  height: number;
}

/**
 * The rows of a list of `count` rows of `rowHeight` px that meet the view, `overscan` more either side. `viewTop`
 * and `viewBottom` are the scroller's visible band measured from the list's top, px (negative: the list starts
 * below the view's top).
 */
export function rowWindow(
  viewTop: number,
  viewBottom: number,
  rowHeight: number,
  count: number,
  overscan: number,
): RowWindow {
  const height = count * rowHeight;
  const clamp = (row: number) => Math.min(count, Math.max(0, row));
  const first = clamp(Math.floor(viewTop / rowHeight) - overscan);
  const end = clamp(Math.ceil(viewBottom / rowHeight) + overscan);
  return { first: Math.min(first, end), end, height };
}
