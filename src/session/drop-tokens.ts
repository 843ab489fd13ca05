// The paths of files dropped on the window, each behind an unguessable token main issued. The page never names a
// path: the preload hands main the path Electron gave it for the dropped File and the page gets the token, which it
// can redeem once, soon, to open that very file. A token main did not issue, one already used, one older than
// DROP_TOKEN_LIFETIME_MS, or one whose file is no longer the one dropped (replaced or rewritten since) opens nothing.

import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { wallClock, type Clock } from '../shared/clock';

/** How many dropped files may wait to be opened; the oldest token is forgotten past this. */
export const MAX_PENDING_DROPS = 8;
/**
 * How long a token stays good, ms. The page redeems it as soon as the drop lands (before any question about
 * unsaved changes), so a token still waiting after this was never going to be used for that drop.
 */
export const DROP_TOKEN_LIFETIME_MS = 30_000;

/**
 * What a file is, as far as a drop is concerned: its device and inode (the same file, not another one moved into
 * its place), size and modification time (not rewritten since); null when there is no file at the path.
 */
export type FileIdentity = (path: string) => string | null;

export const fileIdentity: FileIdentity = (path) => {
  try {
    const st = statSync(path, { bigint: true });
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}`;
  } catch {
    return null;
  }
};

interface Drop {
  path: string;
  /** When it was issued, on the clock. */
  at: number;
  identity: string | null;
}

export class DropTokens {
  private readonly pending = new Map<string, Drop>();

  constructor(
    private readonly clock: Clock = wallClock,
    private readonly identify: FileIdentity = fileIdentity,
  ) {}

  /** A fresh token for `path` (128 random bits, hex: the contract's DROP_TOKEN). */
  issue(path: string): string {
    const token = randomBytes(16).toString('hex');
    this.pending.set(token, { path, at: this.clock.now(), identity: this.identify(path) });
    while (this.pending.size > MAX_PENDING_DROPS) this.pending.delete(this.pending.keys().next().value!);
    return token;
  }

  /** The path behind `token`, which is used up; throws a one-line refusal for any other token. */
  take(token: string): string {
    const drop = this.pending.get(token);
    if (drop === undefined)
      throw new Error('refused: not a file dropped on the window (the page may not name a path)');
    this.pending.delete(token);
    if (this.clock.now() - drop.at > DROP_TOKEN_LIFETIME_MS)
      throw new Error(`refused: the drop of ${basename(drop.path)} is too old to open; drop the file again`);
    if (this.identify(drop.path) !== drop.identity)
      throw new Error(`refused: ${basename(drop.path)} changed after it was dropped; drop the file again`);
    return drop.path;
  }
}
