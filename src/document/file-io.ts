// Drawings on disk. Loading reads at most MAX_FILE_BYTES, decodes strict UTF-8 and validates everything before
// returning; saving is atomic. Every failure is one DocumentError whose message names the file:
// `drawing.curvewright: curves[3].radius: expected a positive number, got -2`.
//
// Atomic save: the new bytes go to a fresh temporary file beside the target (created exclusively, so a planted
// file or link at that name is never followed), which is flushed to disk (fsync) and then renamed over the target;
// finally the folder is fsynced so the rename itself survives a power cut. A crash at any moment leaves the old
// file or the new one, never a mix. The temporary name is short and fixed in length, whatever the target's, so any
// name the folder accepts can be saved. Permissions: a new file gets the user's default mode (0666 less the umask,
// applied by the kernel when the file is created); saving over a file keeps that file's permission bits.
//
// Symbolic links: if the target is a symlink to an existing regular file, the save goes explicitly to the link's
// resolved target path (the link stays a link, and the file the user opened through it is the one updated). A
// dangling link, or a link to anything but a regular file, is refused: saving never creates or clobbers something
// the user did not open.

import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Drawing } from '../shared/drawing';
import { withPositiveSizes } from '../shared/positive-sizes';
import { serializeDrawing } from './serialize';
import { MIN_PATH_SHOWN, errorLine, shortenMiddle } from '../shared/error-line';
import { MAX_ERROR_LINE } from '../shared/limits';
import { FormatError, checkBuildable, parseDrawingDocument, type ParsedDocument } from './validate';

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** The part of node:fs/promises file-io uses: tests inject failures (EACCES as root, ENOSPC) through it. */
export interface FileSystem {
  open: typeof nodeFs.open;
  lstat: typeof nodeFs.lstat;
  realpath: typeof nodeFs.realpath;
  rename: typeof nodeFs.rename;
  unlink: typeof nodeFs.unlink;
}

export const nodeFileSystem: FileSystem = {
  open: nodeFs.open,
  lstat: nodeFs.lstat,
  realpath: nodeFs.realpath,
  rename: nodeFs.rename,
  unlink: nodeFs.unlink,
};

export interface FileOptions {
  fs?: FileSystem;
  /** Refuse files bigger than this (bytes); default MAX_FILE_BYTES. */
  maxBytes?: number;
}

/**
 * A drawing file could not be read or written; the message is one line starting with the file's path, shortened in
 * its middle when the line would be too long, so the reason after it is not cut.
 */
export class DocumentError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
    /** The JSON path of the first problem inside the file, when the problem is the contents. */
    readonly path = '',
  ) {
    const room = Math.max(MIN_PATH_SHOWN, MAX_ERROR_LINE - detail.length - 2);
    super(errorLine(`${shortenMiddle(file, room)}: ${detail}`));
    this.name = 'DocumentError';
  }
}

function errnoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** An operating-system error as words a user understands. */
export function describeFsError(error: unknown): string {
  switch (errnoCode(error)) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder, not a drawing file';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'the disk quota is exceeded';
    case 'EROFS':
      return 'the disk is read-only';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'ENAMETOOLONG':
      return 'the file name is too long';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'EIO':
      return 'input/output error (is the disk failing or disconnected?)';
    case 'EBUSY':
      return 'the file is busy';
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return errorLine(message) || 'unknown error';
    }
  }
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

/** Reads the file's bytes, refusing folders, special files and anything over the size limit. */
export async function readDrawingBytes(path: string, options: FileOptions = {}): Promise<Uint8Array> {
  const fs = options.fs ?? nodeFileSystem;
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  let handle: nodeFs.FileHandle;
  try {
    // O_NONBLOCK: opening a named pipe must not hang waiting for a writer (it is then refused as not a file).
    handle = await fs.open(path, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
  } catch (error) {
    throw new DocumentError(path, describeFsError(error));
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new DocumentError(path, 'is a folder, not a drawing file');
    if (!info.isFile()) throw new DocumentError(path, 'is not a regular file');
    if (info.size > maxBytes)
      throw new DocumentError(
        path,
        `the file is too large (${formatMegabytes(info.size)}; drawings are limited to ${formatMegabytes(maxBytes)})`,
      );
    // Read one byte past the limit, so a file that grows while we read is still refused rather than cut.
    const buffer = new Uint8Array(Math.min(info.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes)
        throw new DocumentError(
          path,
          `the file is too large (drawings are limited to ${formatMegabytes(maxBytes)})`,
        );
      if (length === buffer.length) break;
    }
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError(path, describeFsError(error));
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Bytes of a .curvewright file → Drawing, or a DocumentError naming `file` and the first problem. */
export function decodeDrawing(file: string, bytes: Uint8Array): Drawing {
  return decodeDrawingDocument(file, bytes).drawing;
}

/** decodeDrawing, also giving the version the file was written in. */
export function decodeDrawingDocument(file: string, bytes: Uint8Array): ParsedDocument {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new DocumentError(file, 'not a text file (invalid UTF-8): is this really a Curvewright drawing?');
  }
  try {
    return parseDrawingDocument(text);
  } catch (error) {
    if (error instanceof FormatError) throw new DocumentError(file, error.message, error.path);
    throw new DocumentError(file, `could not be read: ${describeFsError(error)}`);
  }
}

export async function loadDrawingFile(path: string, options: FileOptions = {}): Promise<Drawing> {
  return decodeDrawing(path, await readDrawingBytes(path, options));
}

/**
 * loadDrawingFile, also giving the version the file was written in: below CURRENT_VERSION it was migrated, and
 * saving writes it in the current version.
 */
export async function loadDrawingDocument(path: string, options: FileOptions = {}): Promise<ParsedDocument> {
  return decodeDrawingDocument(path, await readDrawingBytes(path, options));
}

/**
 * Where a save to `path` must really write: `path` itself, or the resolved target of a symlink to a regular file.
 * Refuses folders, special files and dangling links.
 */
export async function resolveSaveTarget(path: string, fs: FileSystem = nodeFileSystem): Promise<string> {
  let info;
  try {
    info = await fs.lstat(path);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return path; // a new file
    throw new DocumentError(path, describeFsError(error));
  }
  if (info.isDirectory()) throw new DocumentError(path, 'is a folder, not a drawing file');
  if (info.isFile()) return path;
  if (!info.isSymbolicLink()) throw new DocumentError(path, 'is not a regular file; not overwriting it');
  let target: string;
  try {
    target = await fs.realpath(path);
  } catch (error) {
    const why = errnoCode(error) === 'ENOENT' ? 'is a symbolic link to nothing' : describeFsError(error);
    throw new DocumentError(path, `${why}; not saving through it`);
  }
  let targetInfo;
  try {
    targetInfo = await fs.lstat(target);
  } catch (error) {
    throw new DocumentError(path, `${describeFsError(error)} (${target})`);
  }
  if (!targetInfo.isFile())
    throw new DocumentError(
      path,
      `is a symbolic link to ${target}, which is not a regular file; not saving through it`,
    );
  return target;
}

/**
 * `.cw-<pid>-<random>.tmp`: hidden, beside the target, naming the process that writes it, and under 32 bytes
 * whatever the target's name (a name derived from the target's would push a long valid name past the folder's
 * limit, 255 bytes on most file systems).
 */
function tempName(pid: number): string {
  return `.cw-${pid}-${randomBytes(6).toString('hex')}.tmp`;
}

const TEMP_PATTERN = /^\.cw-(\d+)-[0-9a-f]{12}\.tmp$/;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === 'EPERM'; // alive, but someone else's
  }
}

/**
 * Removes the temporary files that saves into `folder` left behind when their process died mid-save (a crash,
 * kill -9, power loss): only those whose writing process no longer exists, so a concurrent save is never disturbed.
 */
export async function removeStaleTemps(folder: string): Promise<string[]> {
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return removed;
  }
  for (const entry of names) {
    const m = TEMP_PATTERN.exec(entry);
    if (!m || Number(m[1]) === process.pid || processIsAlive(Number(m[1]))) continue;
    try {
      await nodeFs.unlink(join(folder, entry));
      removed.push(entry);
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
  return removed;
}

/** Writes `bytes` to `path` atomically (see the header). Returns the path actually written. */
export async function writeFileAtomic(
  path: string,
  bytes: Uint8Array | string,
  options: FileOptions = {},
): Promise<string> {
  const fs = options.fs ?? nodeFileSystem;
  const target = await resolveSaveTarget(path, fs);
  const folder = dirname(target);
  // The permission bits to keep, when saving over a file; a new file gets the user's default mode instead: created
  // with 0666, the kernel takes the umask off, and nothing changes it afterwards.
  let keptMode: number | null = null;
  try {
    keptMode = (await fs.lstat(target)).mode & 0o777;
  } catch {
    // A new file.
  }
  const temp = join(folder, tempName(process.pid));
  const fail = (error: unknown): never => {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError(path, `could not save: ${describeFsError(error)}`);
  };
  let handle: nodeFs.FileHandle | undefined;
  try {
    // 'wx' = O_CREAT | O_EXCL: never opens an existing file or follows a link at the temp name.
    handle = await fs.open(temp, 'wx', keptMode ?? 0o666);
  } catch (error) {
    fail(error);
  }
  try {
    await handle!.writeFile(bytes);
    await handle!.sync();
    // The umask may have taken bits off the old file's mode at creation: put them back. (Some file systems, FAT or
    // a network share, cannot: the save still counts.)
    if (keptMode !== null) await handle!.chmod(keptMode).catch(() => undefined);
    await handle!.close();
    handle = undefined;
    await fs.rename(temp, target);
  } catch (error) {
    if (handle) await handle.close().catch(() => undefined);
    await fs.unlink(temp).catch(() => undefined);
    fail(error);
  }
  // Make the rename durable. Some systems cannot fsync a folder: the data is safe either way.
  try {
    const dir = await fs.open(folder, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    // Nothing to do: the new file is complete and in place.
  }
  await removeStaleTemps(folder);
  return target;
}

/**
 * Saves the drawing canonically and atomically. Refuses (writing nothing, the old file kept) a drawing that could
 * not be opened again: an invalid one, or one bigger than the loader accepts.
 */
export async function saveDrawingFile(
  path: string,
  drawing: Drawing,
  options: FileOptions = {},
): Promise<string> {
  let text: string;
  try {
    text = serializeDrawing(drawing);
    // The same last gate as loading: what is saved, the engine can build when it is opened.
    checkBuildable(withPositiveSizes(drawing));
  } catch (error) {
    if (error instanceof FormatError)
      throw new DocumentError(path, `not saved: the drawing is invalid: ${error.message}`);
    throw error;
  }
  const bytes = Buffer.from(text, 'utf8');
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  if (bytes.length > maxBytes)
    throw new DocumentError(
      path,
      `not saved: the drawing would be ${formatMegabytes(bytes.length)}, more than the ${formatMegabytes(maxBytes)} a drawing file may hold (clear long traces)`,
    );
  return writeFileAtomic(path, bytes, options);
}
