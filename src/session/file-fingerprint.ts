// What a drawing's file was when the session last read or wrote it — its size, modification time and a hash of its
// bytes — so that the file flow can tell when another program has changed it since (docs/recovery.md, "Files
// changed by another program"). The size and time are read first; the bytes only when those differ, so a file
// touched but not changed is not taken for changed, and an unchanged one costs one stat.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { FileFingerprint } from './file-flow';

/** The file's fingerprint now; null when there is no file at `path` (or it cannot be read). */
export async function fingerprintOf(path: string): Promise<FileFingerprint | null> {
  try {
    const { size, mtimeMs } = await stat(path);
    const hash = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
    return { size, mtimeMs, hash };
  } catch {
    return null;
  }
}

/**
 * Whether the file at `path` still holds what `known` says: true when its size and time are the same (no read),
 * or when they differ but its bytes are the same; false when its bytes differ or it is gone.
 */
export async function stillHolds(path: string, known: FileFingerprint): Promise<boolean> {
  try {
    const { size, mtimeMs } = await stat(path);
    if (size === known.size && mtimeMs === known.mtimeMs) return true;
  } catch {
    return false;
  }
  const now = await fingerprintOf(path);
  return now !== null && now.hash === known.hash;
}
