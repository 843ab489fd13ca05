// The recovery copies autosave writes (docs/recovery.md). Each running instance of the app owns one folder in the
// recovery root, named by its instance id, created on its first copy:
//
//   <root>/<pid>-<12 hex>/owner.json           who writes here: { pid, start } (process-identity.ts)
//   <root>/<pid>-<12 hex>/<key>.curvewright    the copy of one drawing, a normal drawing file, written atomically
//   <root>/<pid>-<12 hex>/<key>.json           that drawing's own file ({ "document": path | null })
//
// The instance is the app (main) whose session writes: a session process main restarts keeps its folder.
// An instance reads and writes only its own folder. Another instance's folder is opened only once its owner has
// certainly ended (a crash): then its copies are offered, and each stays until the user restores it (it moves
// into the restoring instance's folder, where the autosave keeps it until the drawing is saved) or discards it.
// A clean exit removes the instance's folder: by then the user has saved or discarded every drawing.

import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Drawing } from '../shared/drawing';
import { DocumentError, describeFsError, loadDrawingFile, saveDrawingFile, writeFileAtomic } from './file-io';
import {
  ownIdentity,
  stillRunning,
  systemProcesses,
  type ProcessIdentity,
  type ProcessTable,
} from './process-identity';

const OWNER = 'owner.json';
const COPY = '.curvewright';
const ABOUT = '.json';
const INSTANCE_ID = /^\d+-[0-9a-f]{12}$/;
const KEY = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
/** Copies written before instance folders (one folder for all): `recovery-<base64url of the key>.curvewright`. */
const LEGACY = /^recovery-([A-Za-z0-9_-]+)\.curvewright$/;

/** A copy left by an instance that ended without closing cleanly, as offered to the user. */
export interface RecoveryCopy {
  /** The copy on disk. */
  file: string;
  /** The drawing's own file when it had one (a Save after restoring writes there); null: never saved. */
  document: string | null;
  /** What the user calls the drawing: its file's name, else its title, else "Untitled". */
  name: string;
  /** When the copy was written (ISO 8601). */
  savedAt: string;
  drawing: Drawing;
}

export interface RecoveryFolderOptions {
  /** How to tell whether another folder's writer still runs (tests pass a system that cannot tell). */
  processes?: ProcessTable;
  /**
   * Whose folder this is, when the writer is not the app instance's own process: the session runs in a process of
   * its own that main may restart, and every session process of one app instance writes into main's folder, owned
   * by main (newInstance, in main). Default: this process, with a fresh id.
   */
  instance?: RecoveryInstance;
}

/** An app instance's recovery folder: its id (its folder's name) and the process whose life it follows. */
export interface RecoveryInstance {
  id: string;
  owner: ProcessIdentity;
}

/** The recovery instance of this process (main's, handed to each session process it starts). */
export async function newInstance(processes: ProcessTable = systemProcesses): Promise<RecoveryInstance> {
  return { id: `${process.pid}-${randomBytes(6).toString('hex')}`, owner: await ownIdentity(processes) };
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

async function removeIfPresent(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!isMissing(error)) throw new DocumentError(file, `could not remove: ${describeFsError(error)}`);
  }
}

function aboutFile(copyFile: string): string {
  return copyFile.slice(0, -COPY.length) + ABOUT;
}

function displayName(document: string | null, drawing: Drawing): string {
  return document ? basename(document) : drawing.meta.title || 'Untitled';
}

async function readOwner(folder: string): Promise<ProcessIdentity | null> {
  try {
    const owner = JSON.parse(await readFile(join(folder, OWNER), 'utf8')) as Partial<ProcessIdentity>;
    if (!Number.isSafeInteger(owner.pid) || (owner.pid as number) <= 0) return null;
    if (owner.start !== null && typeof owner.start !== 'string') return null;
    return { pid: owner.pid as number, start: owner.start };
  } catch {
    return null;
  }
}

async function readDocument(copyFile: string): Promise<string | null> {
  try {
    const about = JSON.parse(await readFile(aboutFile(copyFile), 'utf8')) as { document?: unknown };
    return typeof about.document === 'string' && about.document ? about.document : null;
  } catch {
    return null; // never written (a crash between the two files): the copy is offered under its title
  }
}

/** One copy as offered, or null when it cannot be read (left where it is: it is never deleted unasked). */
async function readCopy(file: string, document: string | null): Promise<RecoveryCopy | null> {
  try {
    const info = await stat(file);
    const drawing = await loadDrawingFile(file);
    return {
      file,
      document,
      name: displayName(document, drawing),
      savedAt: info.mtime.toISOString(),
      drawing,
    };
  } catch {
    return null;
  }
}

export class RecoveryFolder {
  readonly id: string;
  /** This instance's folder (it exists from the first copy written). */
  readonly folder: string;
  private readonly processes: ProcessTable;
  private ready: Promise<void> | null = null;
  /** Whose folder this is (RecoveryFolderOptions.instance); null: this process's own. */
  private readonly owner: ProcessIdentity | null;
  /** The drawing file last recorded beside each key's copy, so it is written only when it changes. */
  private readonly recorded = new Map<string, string | null>();
  /** The copies orphans() found: only those may be adopted or discarded. */
  private readonly offered = new Set<string>();

  constructor(
    readonly root: string,
    options: RecoveryFolderOptions = {},
  ) {
    this.processes = options.processes ?? systemProcesses;
    this.id = options.instance?.id ?? `${process.pid}-${randomBytes(6).toString('hex')}`;
    if (!INSTANCE_ID.test(this.id)) throw new Error(`not a recovery instance id: ${this.id}`);
    this.owner = options.instance?.owner ?? null;
    this.folder = join(root, this.id);
  }

  /** Where the copy for `key` (a drawing of this instance: "window-1") is written. */
  copyFile(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a recovery key: ${key}`);
    return join(this.folder, key + COPY);
  }

  /** Creates this instance's folder and its owner mark, once (again after a failure). */
  private ensure(): Promise<void> {
    this.ready ??= (async () => {
      try {
        await mkdir(this.folder, { recursive: true });
      } catch (error) {
        throw new DocumentError(
          this.folder,
          `could not create the recovery folder: ${describeFsError(error)}`,
        );
      }
      const owner = this.owner ?? (await ownIdentity(this.processes));
      await writeFileAtomic(join(this.folder, OWNER), JSON.stringify(owner));
    })().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  /** Writes (atomically) the copy of the drawing under `key`, and which file it belongs to. */
  async write(key: string, drawing: Drawing, document: string | null): Promise<void> {
    const file = this.copyFile(key);
    try {
      await this.ensure();
      if (this.recorded.get(key) !== document) {
        await writeFileAtomic(aboutFile(file), JSON.stringify({ document }));
        this.recorded.set(key, document);
      }
      await saveDrawingFile(file, drawing);
    } catch (error) {
      // The folder may have been removed under us: check it again next time.
      this.ready = null;
      this.recorded.delete(key);
      throw error;
    }
  }

  /** Removes the copy under `key` (the drawing was saved, or the user discarded it). */
  async clear(key: string): Promise<void> {
    const file = this.copyFile(key);
    this.recorded.delete(key);
    await removeIfPresent(file);
    await removeIfPresent(aboutFile(file));
  }

  /**
   * This instance's own copy under `key`, read back (the session's process was started anew and takes the drawing
   * up from it); null when there is none or it cannot be read.
   */
  async own(key: string): Promise<RecoveryCopy | null> {
    const file = this.copyFile(key);
    return readCopy(file, await readDocument(file));
  }

  /** A clean exit: nothing of this instance is left to recover. */
  async close(): Promise<void> {
    this.ready = null;
    this.recorded.clear();
    await rm(this.folder, { recursive: true, force: true });
  }

  /**
   * Every readable copy left by instances that have ended, newest first. Folders of running instances (and any
   * whose owner cannot be read) are not looked into; a missing root is an empty list.
   */
  async orphans(): Promise<RecoveryCopy[]> {
    let entries;
    try {
      entries = await readdir(this.root, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw new DocumentError(this.root, `could not read the recovery folder: ${describeFsError(error)}`);
    }
    const found: RecoveryCopy[] = [];
    for (const entry of entries) {
      if (entry.isDirectory() && INSTANCE_ID.test(entry.name) && entry.name !== this.id)
        found.push(...(await this.orphansIn(join(this.root, entry.name))));
      else if (entry.isFile()) {
        const copy = await this.legacyOrphan(entry.name);
        if (copy) found.push(copy);
      }
    }
    for (const copy of found) this.offered.add(copy.file);
    return found.sort((a, b) => b.savedAt.localeCompare(a.savedAt) || a.file.localeCompare(b.file));
  }

  private async orphansIn(folder: string): Promise<RecoveryCopy[]> {
    const owner = await readOwner(folder);
    if (!owner || (await stillRunning(owner, this.processes))) return [];
    const copies: RecoveryCopy[] = [];
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      if (!name.endsWith(COPY) || !KEY.test(name.slice(0, -COPY.length))) continue;
      const file = join(folder, name);
      const copy = await readCopy(file, await readDocument(file));
      if (copy) copies.push(copy);
    }
    return copies;
  }

  /** A copy from before instance folders; its key named the writer's pid ("session-<pid>-<time>"). */
  private async legacyOrphan(name: string): Promise<RecoveryCopy | null> {
    const m = LEGACY.exec(name);
    if (!m) return null;
    const writer = /^session-(\d+)-/.exec(Buffer.from(m[1], 'base64url').toString('utf8'));
    if (writer && writer[1] !== String(process.pid) && this.processes.exists(Number(writer[1]))) return null;
    return readCopy(join(this.root, name), null);
  }

  /**
   * Restoring: the copy becomes this instance's copy under `key` (moved, never copied, so it is offered once),
   * where the autosave keeps it up to date until the drawing is saved.
   */
  async adopt(copy: RecoveryCopy, key: string): Promise<void> {
    const target = this.copyFile(key);
    this.checkOffered(copy);
    await this.ensure();
    await writeFileAtomic(aboutFile(target), JSON.stringify({ document: copy.document }));
    this.recorded.set(key, copy.document);
    try {
      await rename(copy.file, target);
    } catch (error) {
      const why = isMissing(error) ? 'it was restored or discarded elsewhere' : describeFsError(error);
      throw new DocumentError(copy.file, `could not take the recovery copy: ${why}`);
    }
    await this.forget(copy);
  }

  /** The user discarded the copy. */
  async discard(copy: RecoveryCopy): Promise<void> {
    this.checkOffered(copy);
    await removeIfPresent(copy.file);
    await this.forget(copy);
  }

  private checkOffered(copy: RecoveryCopy): void {
    if (!this.offered.has(copy.file)) throw new Error(`not an offered recovery copy: ${copy.file}`);
  }

  /** After a copy left its folder: its record goes too, and a dead instance's folder with no copy left. */
  private async forget(copy: RecoveryCopy): Promise<void> {
    this.offered.delete(copy.file);
    const folder = dirname(copy.file);
    await removeIfPresent(aboutFile(copy.file));
    if (folder === this.root) return;
    const left = await readdir(folder).catch(() => [] as string[]);
    if (!left.some((name) => name.endsWith(COPY))) await rm(folder, { recursive: true, force: true });
  }
}
