// File ▸ New / Open / Save / Save As / Revert / Export SVG, and the "unsaved changes" question before anything
// that would lose work. Electron-free: the native dialogs and the disk are injected, so the flow is tested
// directly. Every failure reaches the user as one line naming the path; the drawing on screen is never touched by
// a load that failed.
import type { Drawing, ReferenceImage } from '../shared/drawing';
import { isImagePath, placedImage } from '../shared/place-image';
import { formatQuantity } from '../shared/units';
import type { Snapshot } from '../shared/contract';
import { errorLine } from '../shared/error-line';
import { importable } from '../document/import-formats';
import { importAddCommand } from '../document/import-merge';
import { summaryLine, type ImportedRecords } from '../document/svg-import';
import type { ImportChooser, ImportOptions, ImportQuestion } from '../shared/import-choices';
import type { AddCommand, EditCommand } from '../shared/edit-commands';
import { DEFAULT_EXPORT_CHOICES, type ExportChoices } from '../shared/export-choices';
import { EXPORT_FORMATS, type ExportFormat } from '../shared/export-formats';
import { fileFailure } from './file-messages';
import type { DrawingHandover } from './session';

export type SaveChoice = 'save' | 'discard' | 'cancel';
/** The drawing's file was changed by another program since it was opened or saved: what a Save does then. */
export type OverwriteChoice = 'overwrite' | 'save-as' | 'cancel';
/** The drawing's file was changed by another program, the drawing has no unsaved changes: take the file's? */
export type ReloadChoice = 'reload' | 'keep';

export interface FileUi {
  askSaveChanges(documentName: string): Promise<SaveChoice>;
  askOverwrite(documentName: string): Promise<OverwriteChoice>;
  askReload(documentName: string): Promise<ReloadChoice>;
  pickOpenPath(): Promise<string | null>;
  /** File ▸ Import…'s open dialog, for the kinds of file an import reads (document/import-formats.ts). */
  pickImportPath(): Promise<string | null>;
  /**
   * What an import asks before it reads a file that needs a choice (shared/import-choices.ts): a unitless file's
   * units, how points from CSV come in. Null: the user cancelled (nothing is imported, nothing said).
   */
  askImportOptions(question: ImportQuestion, documentName: string): Promise<ImportOptions | null>;
  /** File ▸ Place Image…'s open dialog: PNG and JPEG (shared/place-image.ts). */
  pickImagePath(): Promise<string | null>;
  pickSavePath(suggestedName: string, kind: 'drawing' | ExportFormat): Promise<string | null>;
  showError(message: string): void;
}

/** What a drawing's file was when last read or written (file-fingerprint.ts makes them from the disk). */
export interface FileFingerprint {
  size: number;
  mtimeMs: number;
  /** SHA-256 of the bytes, hex. */
  hash: string;
}

export interface FileStore {
  /** The drawing read from `path`, a fresh one nobody else holds: the session keeps it uncopied. */
  load(path: string): Promise<Drawing>;
  /**
   * Writes `drawing` to `path`. Takes its text before it first awaits (the drawing may change while the bytes are
   * written): the flow records the moment of the call as the one saved.
   */
  save(path: string, drawing: Drawing): Promise<void>;
  /**
   * Writes `drawing` in the format and with the options `choices` give (shared/export-choices.ts). Reads the
   * drawing before it first awaits, as save does.
   */
  writeExport(path: string, drawing: Drawing, choices: ExportChoices): Promise<void>;
  /**
   * The records a file of another format holds (document/import-formats.ts); one line naming the file if not. A
   * file whose format asks a question (import-formats.ts, `question`) has it asked through `choose`; null back from
   * it: null, nothing read.
   */
  readImport(path: string, choose: ImportChooser): Promise<ImportedRecords | null>;
  /** An image file's bytes, checked a PNG or JPEG within the limits; one line naming the file if not. */
  readImage(path: string): Promise<Uint8Array>;
  /**
   * The file's fingerprint now (null: no file there), and whether a file still holds one: how the flow tells that
   * another program changed the drawing's file. A store without them (a test's) never sees a change.
   */
  fingerprint?(path: string): Promise<FileFingerprint | null>;
  stillHolds?(path: string, known: FileFingerprint): Promise<boolean>;
}

/** A moment of the session a save writes: what to write then, and what to tell the user once it is written. */
export interface SavePoint {
  readonly drawing: Drawing;
  /** Something of the save the user would not see for themselves (a drag in progress left out). */
  readonly notice?: string;
}

/** What the flow needs of the session (src/session/session.ts implements it). */
export interface FileSession {
  readonly drawing: Drawing;
  path: string | null;
  readonly dirty: boolean;
  replaceDrawing(drawing: Drawing, path: string | null, how?: DrawingHandover): Snapshot;
  /** An edit, as the page's (one undo entry); throws one line if refused, nothing applied. */
  edit(command: EditCommand): Snapshot;
  /** What a save writes now, and this moment of the session (an edit made while it is written is not in it). */
  savePoint(): SavePoint;
  /**
   * The point's text is in the file at `path`: it becomes the saved moment. Answers with the state without the
   * drawing (the title and the marker changed).
   */
  markSaved(path: string, point: SavePoint): Snapshot;
}

export interface FileHooks {
  /**
   * The session changed under the renderer: push the snapshot. Open, New and Revert replace the drawing (the
   * snapshot carries it); a save changes only the title and the unsaved marker.
   */
  changed(snapshot: Snapshot): void;
  /** A file was opened or saved: the OS recent-documents list and our Open Recent menu. */
  touched(path: string): void;
}

export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}

export class FileFlow {
  /** The save being written, if any: saves run one after the other, each taking its text when its turn comes. */
  private saving: Promise<unknown> = Promise.resolve();
  /**
   * The drawing's file as this flow last read, wrote or was told of it (a change the user chose to keep): a save
   * that finds something else there asks first, and so does the window regaining focus.
   */
  private known: { path: string; fingerprint: FileFingerprint } | null = null;

  constructor(
    private readonly session: FileSession,
    private readonly ui: FileUi,
    private readonly store: FileStore,
    private readonly hooks: FileHooks,
    private readonly blank: () => Drawing,
  ) {}

  /** The file's name, or for a drawing with no file its title as one (what Save As suggests). */
  documentName(): string {
    if (this.session.path) return baseName(this.session.path);
    // Characters no file system takes, and leading dots (hidden files), replaced.
    const title = this.session.drawing.meta.title
      .replace(/[\\/:*?"<>|\p{Cc}]/gu, '-')
      .replace(/^\.+/, '')
      .trim();
    return `${title || 'Untitled'}.curvewright`;
  }

  /** True when it is fine to throw the current drawing away (saved, or the user said so). */
  async confirmDiscard(): Promise<boolean> {
    if (!this.session.dirty) return true;
    const choice = await this.ui.askSaveChanges(this.documentName());
    if (choice === 'cancel') return false;
    if (choice === 'discard') return true;
    return this.save();
  }

  async newDrawing(): Promise<boolean> {
    if (!(await this.confirmDiscard())) return false;
    this.hooks.changed(this.session.replaceDrawing(this.blank(), null));
    return true;
  }

  /** Opens `path`, or asks for one. A file an import reads (an SVG dropped on the window) is imported instead. */
  async open(path?: string): Promise<boolean> {
    if (path !== undefined && importable(path)) return this.importFile(path);
    if (path !== undefined && isImagePath(path)) return this.placeImage(path);
    if (!(await this.confirmDiscard())) return false;
    const target = path ?? (await this.ui.pickOpenPath());
    if (!target) return false;
    return this.load(target);
  }

  /**
   * File ▸ Import… (or an SVG dropped on the window): the file's curves and their attachments added to the drawing
   * as one edit, which Undo takes back; what was imported and what skipped is said in the status bar. A file that
   * cannot be read or imported is one line naming it, and nothing is added. A file that needs a choice (points from
   * CSV: as points or a spline; a unitless DXF: its units) has the user asked once it is read; Cancel there adds
   * nothing and says nothing.
   */
  async importFile(path?: string): Promise<boolean> {
    const target = path ?? (await this.ui.pickImportPath());
    if (!target) return false;
    let snapshot: Snapshot;
    let records: ImportedRecords | null;
    let add: AddCommand;
    try {
      records = await this.store.readImport(target, (question, name) =>
        this.ui.askImportOptions(question, name),
      );
      if (!records) return false;
      add = importAddCommand(this.session.drawing, records, baseName(target).replace(/\.[^.]*$/, ''));
      snapshot = this.session.edit(add);
    } catch (error) {
      this.ui.showError(fileFailure('import', target, error));
      return false;
    }
    this.hooks.changed({
      ...snapshot,
      notice: `Imported ${baseName(target)}: ${summaryLine(records.summary)}`,
      imported: (add.curves ?? []).map((c) => c.id),
    });
    return true;
  }

  /**
   * File ▸ Place Image… (or a PNG or JPEG dropped on the window): the image embedded in the drawing under the
   * curves, centred in the view, as one edit Undo takes back. A file that is not an image it takes (not PNG or JPEG,
   * truncated, too large) is one line naming it, and nothing is added.
   */
  async placeImage(path?: string): Promise<boolean> {
    const target = path ?? (await this.ui.pickImagePath());
    if (!target) return false;
    let snapshot: Snapshot;
    let image: ReferenceImage;
    try {
      const bytes = await this.store.readImage(target);
      const drawing = this.session.drawing;
      image = placedImage(bytes, baseName(target), drawing, drawing.view);
      snapshot = this.session.edit({ type: 'add', images: [image] });
    } catch (error) {
      this.ui.showError(fileFailure('place', target, error));
      return false;
    }
    const [w, h] = image.pixels;
    this.hooks.changed({
      ...snapshot,
      notice: `Placed ${image.name}: ${w} × ${h} pixels, ${formatQuantity('mm', image.width)} wide`,
    });
    return true;
  }

  /**
   * Opens a shipped example as an untitled copy: it has no file, so Save asks where (suggesting the example's
   * title), and the example itself is never written over.
   */
  async openExample(path: string): Promise<boolean> {
    if (!(await this.confirmDiscard())) return false;
    return this.load(path, 'copy');
  }

  /**
   * Restores a recovery copy the user chose (src/session/recovery-offer.ts): after the unsaved-changes question,
   * the drawing replaces the current one, with its own file (a Save writes there) and its changes unsaved. `take`
   * then claims the copy for this window; if it cannot, the drawing is on screen all the same and the user is told.
   */
  async restore(drawing: Drawing, path: string | null, take: () => Promise<void>): Promise<boolean> {
    if (!(await this.confirmDiscard())) return false;
    let snapshot: Snapshot;
    try {
      snapshot = this.session.replaceDrawing(drawing, path, { unsaved: true });
    } catch (error) {
      this.ui.showError(fileFailure('restore', path, error));
      return false;
    }
    this.hooks.changed(snapshot);
    try {
      await take();
    } catch (error) {
      this.ui.showError(errorLine(error));
    }
    return true;
  }

  async revert(): Promise<boolean> {
    const path = this.session.path;
    if (!path) return false;
    if (this.session.dirty) {
      const choice = await this.ui.askSaveChanges(this.documentName());
      if (choice === 'cancel') return false;
      if (choice === 'save') return this.save();
    }
    return this.load(path);
  }

  async save(): Promise<boolean> {
    const path = this.session.path;
    if (!path) return this.saveAs();
    return this.inTurn(async () => {
      // Another program changed the file since it was opened or saved (looked at in this save's turn: a save
      // before it, ours, may still be putting its text there): overwrite it, save elsewhere, or not at all.
      if (await this.changedElsewhere(path)) {
        const choice = await this.ui.askOverwrite(this.documentName());
        if (choice === 'cancel') return false;
        if (choice === 'save-as') {
          const target = await this.pickDrawingPath();
          return target ? this.write(target) : false;
        }
      }
      return this.write(path);
    });
  }

  /**
   * The window regained focus: if another program changed the drawing's file and the drawing has no unsaved
   * changes, offer to take the file's version (Reload); Keep leaves the drawing, and that version is not asked
   * about again. With unsaved changes nothing is asked now: the next Save asks whether to overwrite.
   */
  async checkExternal(): Promise<boolean> {
    const path = this.session.path;
    if (!path || this.session.dirty || !(await this.changedElsewhere(path))) return false;
    // Still the same file, still nothing unsaved, after the look at the disk?
    if (this.session.path !== path || this.session.dirty) return false;
    if ((await this.ui.askReload(this.documentName())) === 'reload') return this.load(path);
    const now = await this.store.fingerprint?.(path);
    this.known = now ? { path, fingerprint: now } : null;
    return false;
  }

  /** Whether the file at `path` holds something else than this flow last knew of it (false when it knew nothing). */
  private async changedElsewhere(path: string): Promise<boolean> {
    const known = this.known;
    if (!known || known.path !== path || !this.store.stillHolds) return false;
    return !(await this.store.stillHolds(path, known.fingerprint));
  }

  async saveAs(): Promise<boolean> {
    const target = await this.pickDrawingPath();
    return target ? this.inTurn(() => this.write(target)) : false;
  }

  /** Where Save As writes, as the user picked it (the extension added when left out); null: cancelled. */
  private async pickDrawingPath(): Promise<string | null> {
    const target = await this.ui.pickSavePath(this.documentName(), 'drawing');
    if (!target) return null;
    return target.endsWith('.curvewright') ? target : `${target}.curvewright`;
  }

  /** File ▸ Export…: the dialog's format and options, then where to write it (the native dialog). */
  async exportDrawing(choices: ExportChoices = DEFAULT_EXPORT_CHOICES): Promise<boolean> {
    const { extension } = EXPORT_FORMATS[choices.format];
    const suggested = this.documentName().replace(/\.curvewright$/, '') + extension;
    const picked = await this.ui.pickSavePath(suggested, choices.format);
    if (!picked) return false;
    // A name typed without its extension gets it, as Save As does for drawings.
    const target = picked.toLowerCase().endsWith(extension) ? picked : `${picked}${extension}`;
    try {
      await this.store.writeExport(target, this.session.drawing, choices);
      return true;
    } catch (error) {
      this.ui.showError(fileFailure('export', target, error));
      return false;
    }
  }

  /** Loads `path` as the drawing's file, or (`copy`, a shipped example) as an untitled copy of it. */
  private async load(path: string, as: 'file' | 'copy' = 'file'): Promise<boolean> {
    let drawing: Drawing;
    try {
      drawing = await this.store.load(path);
    } catch (error) {
      this.ui.showError(fileFailure('open', path, error));
      return false;
    }
    // The file's fingerprint, taken just after the read (what another program does in between goes unseen).
    const fingerprint = as === 'file' ? await this.store.fingerprint?.(path) : null;
    // Read just now, held by nobody else: the session keeps it as it is.
    this.hooks.changed(this.session.replaceDrawing(drawing, as === 'file' ? path : null, { owned: true }));
    this.known = fingerprint ? { path, fingerprint } : null;
    if (as === 'file') this.hooks.touched(path);
    return true;
  }

  /** Runs a save once the save before it (if any) is written: two writes of one file never race. */
  private inTurn(save: () => Promise<boolean>): Promise<boolean> {
    const turn = this.saving.then(save);
    this.saving = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Writes the drawing to `path`. The text is taken now and this moment recorded with it, so whatever is done while
   * the bytes are written (an edit, a drag) is not marked saved: it stays unsaved, with its recovery copy.
   */
  private async write(path: string): Promise<boolean> {
    const point = this.session.savePoint();
    try {
      await this.store.save(path, point.drawing);
    } catch (error) {
      this.ui.showError(fileFailure('save', path, error));
      return false;
    }
    const fingerprint = await this.store.fingerprint?.(path);
    this.known = fingerprint ? { path, fingerprint } : null;
    this.hooks.changed(this.session.markSaved(path, point));
    this.hooks.touched(path);
    return true;
  }
}
