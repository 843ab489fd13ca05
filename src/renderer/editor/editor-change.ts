// What an editor change concerns, so each listener does only its part: the view redraws only the layers
// concerned, a panel refreshes only when what it shows may have changed.

export interface EditorChange {
  structure: boolean;
  /** Curves whose state changed. */
  curves: Set<string>;
  view: boolean;
  overlay: boolean;
  selection: boolean;
  hover: boolean;
  status: boolean;
  tool: boolean;
  /** A session's answer (snapshot) caused it: drawn at once rather than on the next animation frame. */
  answer: boolean;
  /** How the dimensions look changed without the drawing changing (a label dragged): the glyph layer redraws. */
  dimensions: boolean;
  /** The inline editor of a value opened or closed (`values.dimensionEdit`, `values.valueEdit`). */
  dimensionEdit: boolean;
  /** The context menu opened or closed (`contextMenu`). */
  contextMenu: boolean;
  /** The pointer moved over the canvas (or left it): the status bar's coordinates. */
  cursor: boolean;
  /** What the analysis layer draws changed (the instant centres shown or hidden, the four-bar's marks). */
  analysis: boolean;
  /** What the in-app clipboard holds changed (selection-commands.ts): Paste has something new to paste. */
  clipboard: boolean;
  /** How the reference images look changed without the drawing changing (one dragged, one decoded). */
  images: boolean;
}

export type ChangePatch = Partial<EditorChange>;

/** The change a patch describes: the flags it sets, every other one false. */
export function changeOf(patch: ChangePatch): EditorChange {
  const change: EditorChange = {
    structure: false,
    curves: new Set(patch.curves),
    view: false,
    overlay: false,
    selection: false,
    hover: false,
    status: false,
    tool: false,
    answer: false,
    dimensions: false,
    dimensionEdit: false,
    contextMenu: false,
    cursor: false,
    analysis: false,
    clipboard: false,
    images: false,
  };
  for (const key of Object.keys(change) as (keyof EditorChange)[])
    if (key !== 'curves' && patch[key]) change[key] = true;
  return change;
}
