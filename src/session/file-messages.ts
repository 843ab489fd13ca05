// What the file flow's error boxes say when a drawing could not be opened, saved, exported or restored: the reason
// first and whole, then the path once — shortened in its middle when the line would be longer than an error line
// may be, never the reason: "Could not save: the disk is full — /home/me/…/plans/crank-rocker.curvewright".

import { MIN_PATH_SHOWN, errorLine, shortenMiddle } from '../shared/error-line';
import { MAX_ERROR_LINE } from '../shared/limits';

export type FileAction = 'open' | 'save' | 'export' | 'import' | 'restore' | 'place';

/** A DocumentError (src/document/file-io.ts), told by its shape: this module is also compiled for the page. */
function detailOf(error: unknown): string | null {
  const { file, detail } = (error ?? {}) as { file?: unknown; detail?: unknown };
  return error instanceof Error && typeof file === 'string' && typeof detail === 'string' ? detail : null;
}

/** What went wrong, without the path (the line names it once, after) or the box's own "could not save". */
function reason(path: string | null, error: unknown): string {
  let text = detailOf(error) ?? errorLine(error, Infinity);
  if (path !== null && text.startsWith(`${path}: `)) text = text.slice(path.length + 2);
  text = text.replace(/^(?:could not save|not saved): /, '');
  // The disk's words about the path itself ("is a folder, not a drawing file") stand alone before it.
  return text.startsWith('is ') ? `it ${text}` : text;
}

/** The line an error box shows for `action` on `path` (null: a drawing with no file) that failed with `error`. */
export function fileFailure(action: FileAction, path: string | null, error: unknown): string {
  const head = `Could not ${action}: ${reason(path, error)}`;
  if (path === null) return head;
  const room = Math.max(MIN_PATH_SHOWN, MAX_ERROR_LINE - head.length - ' — '.length);
  return `${head} — ${shortenMiddle(path, room)}`;
}
