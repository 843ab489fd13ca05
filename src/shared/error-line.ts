// Every error a user reads is one line of bounded length: the IPC gate's answers, the loader's FormatErrors, the
// CLI's messages. Names inside a message are already cut where they are quoted (describeValue, an error path's
// keys); this is the last guard, for text from anywhere (an exception's message, an OS error).

import { MAX_ERROR_LINE } from './limits';

/** The message of any thrown value, or any text, as one line of at most MAX_ERROR_LINE characters. */
export function errorLine(error: unknown, max = MAX_ERROR_LINE): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  if (line.length <= max) return line;
  return `${line.slice(0, max - 1)}…`;
}

/** However long the rest of a line, this much of a path it names is shown. */
export const MIN_PATH_SHOWN = 40;

/**
 * `text` (a path, most often) in at most `max` characters: whole when it fits, else its start and its end with "…"
 * between them. The end — a file's name — is kept whole where it can be, and at least half the room goes to it.
 */
export function shortenMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - 1);
  const name = text.length - Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\'));
  const tail = Math.min(room, Math.max(Math.ceil(room / 2), Math.min(name, room - Math.floor(room / 4))));
  return `${text.slice(0, room - tail)}…${text.slice(text.length - tail)}`;
}
