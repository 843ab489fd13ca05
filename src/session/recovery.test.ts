// The recovery scenarios end to end below Electron: real instances that crash (child processes killed with
// SIGKILL) or keep running, and this process as the next start, with the real session, file flow, autosave and
// recovery folder on real files. Only the dialogs are scripted.
import { readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDrawingFile, saveDrawingFile } from '../document/file-io';
import { RecoveryFolder } from '../document/recovery';
import { titled, useRecoveryScene } from '../document/test-support/recovering-instances';
import type { Snapshot } from '../shared/contract';
import { emptyDrawing } from '../shared/drawing';
import { Autosave } from './autosave';
import { diskStore } from './disk-store';
import { FileFlow } from './file-flow';
import { offerRecovery } from './recovery-offer';
import { ScriptedUi } from './test-support/scripted-ui';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

let dir: string;
let root: string;
const { crashed, live } = useRecoveryScene('cw-recs', (d, r) => {
  dir = d;
  root = r;
});

/** One start of the app, wired as electron/main/index.ts wires it. */
function startApp(recoveryRoot = root) {
  const session = new Session({ clock: testClock(), drawing: emptyDrawing() });
  const ui = new ScriptedUi();
  const folder = new RecoveryFolder(recoveryRoot);
  const pushed: Snapshot[] = [];
  const autosave = new Autosave(session, folder, 'window-1', () => pushed.push(session.snapshot(false)));
  const flow = new FileFlow(
    session,
    ui,
    diskStore(),
    {
      changed: (snapshot) => {
        pushed.push(snapshot);
        void autosave.tick();
      },
      touched: () => undefined,
    },
    () => emptyDrawing(),
  );
  return {
    session,
    ui,
    folder,
    autosave,
    flow,
    pushed,
    offer: () => offerRecovery(folder, ui, flow, autosave.key),
  };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('recovery after crashes', () => {
  it('offers every drawing of two crashed instances with its name and time; Decide Later keeps both', async () => {
    const plan = join(dir, 'plan.curvewright');
    const first = await crashed('plan', plan);
    const second = await crashed('sketch', null);
    const firstCopy = join(root, first.id, 'window-1.curvewright');
    const secondCopy = join(root, second.id, 'window-1.curvewright');
    await utimes(firstCopy, new Date(2024, 0, 2, 10, 30), new Date(2024, 0, 2, 10, 30));
    const bytes = [await readFile(firstCopy, 'utf8'), await readFile(secondCopy, 'utf8')];

    const app = startApp();
    app.ui.recovery = ['later', 'later'];
    expect(await app.offer()).toEqual({ restored: 0, discarded: 0, kept: 2 });
    const secondTime = (await stat(secondCopy)).mtime.toLocaleString();
    const firstTime = new Date(2024, 0, 2, 10, 30).toLocaleString();
    expect(app.ui.prompts.map((p) => p.message)).toEqual([
      'Recover unsaved work (1 of 2)?',
      'Recover unsaved work (2 of 2)?',
    ]);
    expect(app.ui.prompts[0].detail).toContain(`“sketch” has unsaved changes from ${secondTime}.`);
    expect(app.ui.prompts[1].detail).toContain(`“plan.curvewright” has unsaved changes from ${firstTime}.`);
    for (const prompt of app.ui.prompts) {
      expect(prompt.detail).toContain(`sketch — ${secondTime}`);
      expect(prompt.detail).toContain(`plan.curvewright — ${firstTime}`);
    }
    expect(app.session.dirty).toBe(false);
    expect([await readFile(firstCopy, 'utf8'), await readFile(secondCopy, 'utf8')]).toEqual(bytes);

    // The next start asks again about both.
    const next = startApp();
    await next.offer();
    expect(next.ui.prompts).toHaveLength(2);
  });

  it('deletes a copy only once its drawing is restored and saved, or the user discards it', async () => {
    const plan = join(dir, 'plan.curvewright');
    await saveDrawingFile(plan, titled('plan, as last saved'));
    const first = await crashed('plan', plan);
    await crashed('sketch', null);
    await utimes(join(root, first.id, 'window-1.curvewright'), new Date(1000), new Date(1000));

    // Restore the newest (sketch), leave plan for later.
    const app = startApp();
    app.ui.recovery = ['restore', 'later'];
    expect(await app.offer()).toEqual({ restored: 1, discarded: 0, kept: 1 });
    expect(app.session.drawing.meta.title).toBe('sketch');
    expect(app.session.dirty).toBe(true);
    expect(app.session.path).toBeNull();
    expect(app.pushed.at(-1)?.drawing?.meta.title).toBe('sketch');
    // The copy now belongs to this instance, and stays while the drawing is unsaved.
    const own = app.folder.copyFile('window-1');
    expect(await app.autosave.tick()).toBe('written');
    expect((await loadDrawingFile(own)).meta.title).toBe('sketch');
    expect((await readdir(root)).sort()).toEqual([first.id, app.folder.id].sort());
    // Saved: the copy goes.
    app.ui.savePaths = [join(dir, 'sketch')];
    expect(await app.flow.save()).toBe(true);
    await app.autosave.tick();
    expect(await exists(own)).toBe(false);
    expect((await loadDrawingFile(join(dir, 'sketch.curvewright'))).meta.title).toBe('sketch');

    // Another start (this app still runs, so its folder is not offered): plan, restored, saves to its own file.
    const next = startApp();
    next.ui.recovery = ['restore'];
    expect(await next.offer()).toEqual({ restored: 1, discarded: 0, kept: 0 });
    expect(next.ui.prompts).toHaveLength(1);
    expect(next.session.path).toBe(plan);
    expect(await next.flow.save()).toBe(true);
    await next.autosave.tick();
    expect((await loadDrawingFile(plan)).meta.title).toBe('plan');
    expect(await exists(next.folder.copyFile('window-1'))).toBe(false);
    expect((await readdir(root)).sort()).toEqual([app.folder.id, next.folder.id].sort());
  });

  it('Discard deletes the copy (and the crashed instance’s folder) for good', async () => {
    const gone = await crashed('scrap', null);
    const app = startApp();
    app.ui.recovery = ['discard'];
    expect(await app.offer()).toEqual({ restored: 0, discarded: 1, kept: 0 });
    expect(app.session.drawing.meta.title).toBe(emptyDrawing().meta.title);
    expect(app.session.dirty).toBe(false);
    expect(await readdir(root)).not.toContain(gone.id);
    const next = startApp();
    await next.offer();
    expect(next.ui.prompts).toEqual([]);
  });

  it('a second Restore asks about the first restored drawing; Cancel keeps the second copy', async () => {
    const older = await crashed('older', null);
    await crashed('newer', null);
    await utimes(join(root, older.id, 'window-1.curvewright'), new Date(1000), new Date(1000));
    const app = startApp();
    app.ui.recovery = ['restore', 'restore'];
    app.ui.saveChoices = ['cancel'];
    expect(await app.offer()).toEqual({ restored: 1, discarded: 0, kept: 1 });
    // Named by the first restored drawing's title (it has no file).
    expect(app.ui.asked).toEqual(['newer.curvewright']);
    expect(app.session.drawing.meta.title).toBe('newer');
    expect(await exists(join(root, older.id, 'window-1.curvewright'))).toBe(true);
  });
});

describe('a second instance while the first runs', () => {
  it('never sees, offers or deletes the running instance’s copy', async () => {
    const first = await live('live work');
    const copy = join(root, first.id, 'window-1.curvewright');
    const bytes = await readFile(copy, 'utf8');

    const second = startApp();
    second.session.edit({ type: 'add', curves: [{ kind: 'point', id: 'p', at: [1, 1] }] });
    expect(await second.autosave.tick()).toBe('written');
    expect(await second.offer()).toEqual({ restored: 0, discarded: 0, kept: 0 });
    expect(second.ui.prompts).toEqual([]);
    await second.autosave.close();
    expect(await readFile(copy, 'utf8')).toBe(bytes);
    expect(await readdir(root)).toEqual([first.id]);

    // Once it has crashed, its copy is offered.
    await first.crash();
    const third = startApp();
    await third.offer();
    expect(third.ui.prompts.map((p) => p.detail.split('\n')[0])).toEqual([
      expect.stringContaining('“live work” has unsaved changes'),
    ]);
  });
});

describe('a failed autosave', () => {
  it('shows what it could not write and why in every snapshot, until an autosave succeeds', async () => {
    // A file where the recovery folder's parent should be: the folder cannot be made (even as root).
    const blocked = join(dir, 'data');
    await writeFile(blocked, 'not a folder');
    const app = startApp(join(blocked, 'recovery'));
    app.session.edit({ type: 'add', curves: [{ kind: 'point', id: 'p', at: [1, 1] }] });
    expect(await app.autosave.tick()).toBe('failed');
    const failure = {
      path: join(blocked, 'recovery', app.folder.id),
      reason: 'could not create the recovery folder: a part of the path is not a folder',
    };
    expect(app.pushed.at(-1)?.autosaveFailure).toEqual(failure);
    expect(app.session.snapshot(false).autosaveFailure).toEqual(failure);
    expect(app.session.edit({ type: 'delete', ids: ['p'] }).autosaveFailure).toEqual(failure);

    await rm(blocked);
    expect(await app.autosave.tick()).toBe('written');
    expect(app.pushed.at(-1)?.autosaveFailure).toBeUndefined();
    expect(app.session.snapshot(false).autosaveFailure).toBeUndefined();
    expect((await loadDrawingFile(app.folder.copyFile('window-1'))).curves).toEqual([]);
  });
});
