// The autosave recovery store: one recovery copy per key (a window, a document) in the app's data folder, written
// atomically like any save, so a crash during an autosave never loses the previous recovery copy either.
// Keys are free-form (a file path, "untitled-3"): they are encoded into a safe file name (base64url), so no key
// can escape the folder or collide with another.

import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Drawing } from '../shared/drawing';
import { DocumentError, describeFsError, loadDrawingFile, saveDrawingFile } from './file-io';

const PREFIX = 'recovery-';
const SUFFIX = '.curvewright';

export interface RecoveryEntry {
  key: string;
  /** The recovery file itself. */
  file: string;
  /** When it was written (ISO 8601). */
  savedAt: string;
  drawing: Drawing;
}

export function recoveryFile(dir: string, key: string): string {
  return join(dir, `${PREFIX}${Buffer.from(key, 'utf8').toString('base64url')}${SUFFIX}`);
}

function keyOf(fileName: string): string | null {
  if (!fileName.startsWith(PREFIX) || !fileName.endsWith(SUFFIX)) return null;
  const encoded = fileName.slice(PREFIX.length, -SUFFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  return Buffer.from(encoded, 'base64url').toString('utf8');
}

/** Writes (atomically) the recovery copy for `key`, creating the folder if needed. */
export async function writeRecovery(dir: string, key: string, drawing: Drawing): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new DocumentError(dir, `could not create the recovery folder: ${describeFsError(error)}`);
  }
  await saveDrawingFile(recoveryFile(dir, key), drawing);
}

/**
 * Every readable recovery copy in `dir`, newest first. A copy that cannot be read or is invalid (which atomic
 * writes should make impossible) is skipped rather than blocking the start-up; a missing folder is an empty list.
 */
export async function listRecoveries(dir: string): Promise<RecoveryEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw new DocumentError(dir, `could not read the recovery folder: ${describeFsError(error)}`);
  }
  const entries: (RecoveryEntry & { mtime: number })[] = [];
  for (const name of names) {
    const key = keyOf(name);
    if (key === null) continue;
    const file = join(dir, name);
    try {
      const info = await stat(file);
      const drawing = await loadDrawingFile(file);
      entries.push({ key, file, savedAt: info.mtime.toISOString(), drawing, mtime: info.mtimeMs });
    } catch {
      continue;
    }
  }
  entries.sort((a, b) => b.mtime - a.mtime || a.key.localeCompare(b.key));
  return entries.map(({ mtime: _mtime, ...entry }) => entry);
}

/** Removes the recovery copy for `key` (after a real save, or once the user restored or discarded it). */
export async function clearRecovery(dir: string, key: string): Promise<void> {
  const file = recoveryFile(dir, key);
  try {
    await unlink(file);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return;
    throw new DocumentError(file, `could not remove the recovery copy: ${describeFsError(error)}`);
  }
}
