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
