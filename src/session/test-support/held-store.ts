// The real disk behind the file flow, with saves that can be held open: a save takes the drawing's text when it
// begins (as the real store does) and writes it to its temporary file, but renames it over the target only once
// released. So a test runs other steps while a save is writing, in a fixed order, without timing anything.
import { rename } from 'node:fs/promises';
import { nodeFileSystem, saveDrawingFile, type FileSystem } from '../../document/file-io';
import { diskStore } from '../disk-store';
import type { FileStore } from '../file-flow';

export class HeldStore implements FileStore {
  /** Whether each save asked for, in order, is held (a save not listed is not held). */
  readonly holds: boolean[] = [];
  /** The held saves waiting for release, oldest first. */
  private readonly waiting: (() => void)[] = [];
  private reached: (() => void)[] = [];
  private readonly disk = diskStore();
  /** Every save that was asked of the store: its path, and whether it was held. */
  readonly saves: { path: string; held: boolean }[] = [];

  load = (path: string) => this.disk.load(path);
  readImport: FileStore['readImport'] = (path, choose) => this.disk.readImport(path, choose);
  readImage: FileStore['readImage'] = (path) => this.disk.readImage(path);
  writeExport: FileStore['writeExport'] = (path, drawing, choices) =>
    this.disk.writeExport(path, drawing, choices);
  fingerprint = this.disk.fingerprint;
  stillHolds = this.disk.stillHolds;

  save: FileStore['save'] = (path, drawing) => {
    const held = this.holds.shift() ?? false;
    this.saves.push({ path, held });
    if (!held) return this.disk.save(path, drawing);
    const fs: FileSystem = {
      ...nodeFileSystem,
      rename: async (from, to) => {
        await new Promise<void>((go) => {
          this.waiting.push(go);
          for (const tell of this.reached.splice(0)) tell();
        });
        return rename(from, to);
      },
    };
    return saveDrawingFile(path, drawing, { fs }).then(() => undefined);
  };

  /** How many held saves wait to be released. */
  get held(): number {
    return this.waiting.length;
  }

  /** Resolves once a held save has written its temporary file and waits to be released. */
  whenHeld(): Promise<void> {
    if (this.waiting.length > 0) return Promise.resolve();
    return new Promise((resolve) => this.reached.push(resolve));
  }

  /** Lets every held save finish. */
  release(): void {
    for (const go of this.waiting.splice(0)) go();
  }
}
