// The paths of files dropped on the window, each behind an unguessable token main issued. The page never names a
// path: the preload hands main the path Electron gave it for the dropped File and the page gets the token, which it
// can redeem once to open that file. A token main did not issue, or one already used, opens nothing.

import { randomBytes } from 'node:crypto';

/** How many dropped files may wait to be opened; the oldest token is forgotten past this. */
export const MAX_PENDING_DROPS = 8;

export class DropTokens {
  private readonly pending = new Map<string, string>();

  /** A fresh token for `path` (128 random bits, hex: the contract's DROP_TOKEN). */
  issue(path: string): string {
    const token = randomBytes(16).toString('hex');
    this.pending.set(token, path);
    while (this.pending.size > MAX_PENDING_DROPS) this.pending.delete(this.pending.keys().next().value!);
    return token;
  }

  /** The path behind `token`, which is used up; throws a one-line refusal for any other token. */
  take(token: string): string {
    const path = this.pending.get(token);
    if (path === undefined)
      throw new Error('refused: not a file dropped on the window (the page may not name a path)');
    this.pending.delete(token);
    return path;
  }
}
