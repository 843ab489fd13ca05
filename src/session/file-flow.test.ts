import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import type { Snapshot } from '../shared/contract';
import { importSvg } from '../document/svg-import';
import type { EditCommand } from '../shared/edit-commands';
import { DEFAULT_EXPORT_CHOICES } from '../shared/export-choices';
import { FileFlow, type FileSession, type FileStore, type FileUi, type SaveChoice } from './file-flow';

function drawingTitled(title: string): Drawing {
  const d = emptyDrawing();
  d.meta.title = title;
  return d;
}

class FakeSession implements FileSession {
  drawing = drawingTitled('current');
  path: string | null = null;
  dirty = false;
  replaceDrawing(drawing: Drawing, path: string | null): Snapshot {
    this.drawing = drawing;
    this.path = path;
    this.dirty = false;
    return { revision: 1, title: drawing.meta.title } as Snapshot;
  }
  savePoint() {
    return { drawing: this.drawing };
  }
  markSaved(path: string): Snapshot {
    this.path = path;
    this.dirty = false;
    return { revision: 2, title: path, dirty: false } as Snapshot;
  }
  /** Adds what an add command adds (the real session also settles and records an undo entry). */
  edit(command: EditCommand): Snapshot {
    if (command.type !== 'add') throw new Error(`the fake session takes adds only, not ${command.type}`);
    this.drawing.curves.push(...(command.curves ?? []));
    this.drawing.constraints.push(...(command.constraints ?? []));
    this.dirty = true;
    return { revision: 3, title: this.drawing.meta.title, dirty: true } as Snapshot;
  }
}

class ScriptedUi implements FileUi {
  choices: SaveChoice[] = [];
  opens: (string | null)[] = [];
  saves: (string | null)[] = [];
  errors: string[] = [];
  asked: string[] = [];
  async askSaveChanges(name: string): Promise<SaveChoice> {
    this.asked.push(name);
    return this.choices.shift() ?? 'cancel';
  }
  askOverwrite = async () => 'cancel' as const;
  askReload = async () => 'keep' as const;
  async pickOpenPath(): Promise<string | null> {
    return this.opens.shift() ?? null;
  }
  imports: (string | null)[] = [];
  async pickImportPath(): Promise<string | null> {
    return this.imports.shift() ?? null;
  }
  askImportOptions = async () => null;
  pickImagePath = async () => null; // place-image.test.ts places images
  /** The names each save dialog suggested. */
  suggested: string[] = [];
  async pickSavePath(name: string, kind: string): Promise<string | null> {
    this.suggested.push(`${name} as ${kind}`);
    return this.saves.shift() ?? null;
  }
  showError(message: string): void {
    this.errors.push(message);
  }
}

function setup(files: Record<string, Drawing | Error | string> = {}) {
  const session = new FakeSession();
  const ui = new ScriptedUi();
  const written: Record<string, string> = {};
  const store: FileStore = {
    async load(path) {
      const found = files[path];
      if (!found) throw new Error(`${path}: no such file`);
      if (found instanceof Error) throw found;
      if (typeof found === 'string') throw new Error(`${path}: not valid JSON`);
      return structuredClone(found);
    },
    async readImport(path) {
      const found = files[path];
      if (typeof found !== 'string') throw new Error(`${path}: no such file`);
      return importSvg(found);
    },
    async readImage(path) {
      throw new Error(`${path}: no such file`);
    },
    async save(path, drawing) {
      if (path.startsWith('/readonly/')) throw new Error(`${path}: permission denied`);
      written[path] = drawing.meta.title;
    },
    async writeExport(path, drawing, choices) {
      written[path] = `${choices.format}:${drawing.meta.title}`;
    },
  };
  const changed: Snapshot[] = [];
  const touched: string[] = [];
  const flow = new FileFlow(
    session,
    ui,
    store,
    { changed: (s) => changed.push(s), touched: (p) => touched.push(p) },
    () => drawingTitled('blank'),
  );
  return { session, ui, flow, written, changed, touched };
}

describe('file flow', () => {
  it('opens a file into the session and reports it as recent', async () => {
    const { session, flow, changed, touched } = setup({ '/d/a.curvewright': drawingTitled('A') });
    expect(await flow.open('/d/a.curvewright')).toBe(true);
    expect(session.drawing.meta.title).toBe('A');
    expect(session.path).toBe('/d/a.curvewright');
    expect(changed).toHaveLength(1);
    expect(touched).toEqual(['/d/a.curvewright']);
  });

  it('keeps the drawing untouched and shows one line when a load fails', async () => {
    const { session, flow, ui, changed } = setup({
      '/d/bad.curvewright': new Error(
        '/d/bad.curvewright: curves[3].radius: expected a positive number, got -2',
      ),
    });
    expect(await flow.open('/d/bad.curvewright')).toBe(false);
    expect(session.drawing.meta.title).toBe('current');
    expect(ui.errors).toEqual([
      'Could not open: curves[3].radius: expected a positive number, got -2 — /d/bad.curvewright',
    ]);
    expect(changed).toHaveLength(0);
  });

  it('asks Save / Don’t Save / Cancel before discarding unsaved work', async () => {
    const { session, flow, ui, written } = setup({ '/d/a.curvewright': drawingTitled('A') });
    session.dirty = true;
    session.path = '/d/current.curvewright';

    ui.choices.push('cancel');
    expect(await flow.open('/d/a.curvewright')).toBe(false);
    expect(session.drawing.meta.title).toBe('current');

    ui.choices.push('save');
    expect(await flow.open('/d/a.curvewright')).toBe(true);
    expect(written['/d/current.curvewright']).toBe('current');
    expect(session.drawing.meta.title).toBe('A');
    expect(ui.asked).toEqual(['current.curvewright', 'current.curvewright']);
  });

  it("discards without saving on Don't Save", async () => {
    const { session, flow, ui, written } = setup();
    session.dirty = true;
    ui.choices.push('discard');
    expect(await flow.newDrawing()).toBe(true);
    expect(session.drawing.meta.title).toBe('blank');
    expect(written).toEqual({});
  });

  it('saves an untitled drawing through Save As, adding the extension', async () => {
    const { session, flow, ui, written, touched, changed } = setup();
    session.dirty = true;
    ui.saves.push('/d/new');
    expect(await flow.save()).toBe(true);
    expect(written).toEqual({ '/d/new.curvewright': 'current' });
    expect(session.path).toBe('/d/new.curvewright');
    expect(session.dirty).toBe(false);
    expect(touched).toEqual(['/d/new.curvewright']);
    // The renderer hears of the save (its title and unsaved marker), and the drawing on screen stays.
    expect(changed).toEqual([{ revision: 2, title: '/d/new.curvewright', dirty: false }]);
  });

  it('reports a failed save with its path and stays dirty', async () => {
    const { session, flow, ui, changed } = setup();
    session.dirty = true;
    session.path = '/readonly/x.curvewright';
    expect(await flow.save()).toBe(false);
    expect(session.dirty).toBe(true);
    expect(changed).toEqual([]);
    expect(ui.errors).toEqual(['Could not save: permission denied — /readonly/x.curvewright']);
  });

  it('reverts to the file on disk', async () => {
    const { session, flow, ui } = setup({ '/d/a.curvewright': drawingTitled('on disk') });
    session.path = '/d/a.curvewright';
    session.dirty = true;
    ui.choices.push('discard');
    expect(await flow.revert()).toBe(true);
    expect(session.drawing.meta.title).toBe('on disk');
  });

  it('opens an example as an untitled copy: Save asks where, suggesting its title, and never writes the example', async () => {
    const example = '/app/resources/examples/crank-rocker.curvewright';
    const { session, flow, ui, written, touched } = setup({
      [example]: drawingTitled('Crank-rocker four-bar'),
    });
    expect(await flow.openExample(example)).toBe(true);
    expect(session.path).toBeNull();
    expect(session.drawing.meta.title).toBe('Crank-rocker four-bar');
    expect(flow.documentName()).toBe('Crank-rocker four-bar.curvewright');
    ui.saves.push('/home/me/mine');
    expect(await flow.save()).toBe(true);
    expect(ui.suggested).toEqual(['Crank-rocker four-bar.curvewright as drawing']);
    expect(Object.keys(written)).toEqual(['/home/me/mine.curvewright']);
    expect(touched).toEqual(['/home/me/mine.curvewright']);
  });

  it('a title no file system takes is made a safe name', async () => {
    const { session, flow } = setup();
    session.drawing = drawingTitled('../a/b: c?');
    expect(flow.documentName()).toBe('-a-b- c-.curvewright');
    session.drawing = drawingTitled('');
    expect(flow.documentName()).toBe('Untitled.curvewright');
  });

  it("appends the format's extension to an export name left without it", async () => {
    const { flow, ui, written } = setup();
    ui.saves.push('/d/picture', '/d/OTHER.SVG', '/d/report', '/d/shot.png');
    expect(await flow.exportDrawing()).toBe(true);
    expect(await flow.exportDrawing()).toBe(true);
    expect(await flow.exportDrawing({ ...DEFAULT_EXPORT_CHOICES, format: 'pdf' })).toBe(true);
    expect(await flow.exportDrawing({ ...DEFAULT_EXPORT_CHOICES, format: 'png' })).toBe(true);
    expect(Object.keys(written)).toEqual(['/d/picture.svg', '/d/OTHER.SVG', '/d/report.pdf', '/d/shot.png']);
  });

  it('exports in the chosen format, suggesting the drawing name with its extension', async () => {
    const { flow, ui, written } = setup();
    ui.saves.push('/d/out.pdf');
    expect(await flow.exportDrawing({ ...DEFAULT_EXPORT_CHOICES, format: 'pdf' })).toBe(true);
    expect(written['/d/out.pdf']).toBe('pdf:current');
    expect(ui.suggested).toEqual(['current.pdf as pdf']);
  });

  it('imports an SVG into the drawing as one edit, from File ▸ Import… or dropped, and says what it brought', async () => {
    const plate =
      '<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" viewBox="0 0 20 10">' +
      '<rect x="1" y="1" width="18" height="8"/><text>label</text></svg>';
    const { session, ui, flow, changed } = setup({
      '/d/plate.svg': plate,
      '/d/broken.svg': '<svg><path d="M 1"/>',
    });
    ui.imports.push('/d/plate.svg');
    expect(await flow.importFile()).toBe(true);
    expect(session.drawing.curves.map((c) => c.kind)).toEqual(['segment', 'segment', 'segment', 'segment']);
    expect(session.drawing.constraints.map((k) => k.kind)).toEqual(['attach', 'attach', 'attach', 'attach']);
    expect(changed.at(-1)!.notice).toBe(
      'Imported plate.svg: imported 4 segments and 4 attachments; skipped: 1 text',
    );
    // Dropped on the window (opened by path): imported again, into the drawing, which is not thrown away.
    expect(await flow.open('/d/plate.svg')).toBe(true);
    expect(session.drawing.curves).toHaveLength(8);
    expect(ui.asked).toEqual([]);
    // A file the import cannot read: one line, nothing added.
    expect(await flow.open('/d/broken.svg')).toBe(false);
    expect(ui.errors).toHaveLength(1);
    expect(ui.errors[0]).toMatch(/^Could not import: .*— \/d\/broken\.svg$/);
    expect(session.drawing.curves).toHaveLength(8);
  });
});
