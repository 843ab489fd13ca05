// A spline of 10,000 points opens from a file and is added by an edit, and one of MAX_SPLINE_POINTS is added, all
// through the IPC gate, and each drags; one point more is refused with one line naming the path (issue 19, "Splines
// at linear cost"). What is asserted is the answer, not its time: the bench's spline-10k row times it.

import { describe, expect, it } from 'vitest';
import { decodeDrawing } from '../document/file-io';
import { serializeDrawing } from '../document/serialize';
import type { Snapshot } from '../shared/contract';
import { emptyDrawing, type Drawing, type SplineCurve, type Vec2 } from '../shared/drawing';
import { MAX_SPLINE_POINTS } from '../shared/limits';
import { dispatch, type Handlers } from './dispatch';
import { createFileHandlers } from './file-handlers';
import { FileFlow, type FileStore } from './file-flow';
import { createHandlers } from './handlers';
import { RecentFiles } from './recent-files';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';
import { readImportFile } from '../document/import-file';
import { readImageFile } from '../document/image-file';

/** A wavy open spline of `count` points along x, 1 mm apart. */
function wavy(id: string, count: number): SplineCurve {
  const points: Vec2[] = [];
  for (let i = 0; i < count; i++) points.push([i, 5 * Math.sin(0.01 * i)]);
  return { id, kind: 'spline', points, closed: false };
}

/** The gate as main runs it, over a session whose file store serves `files` as their bytes. */
function gate(files: Record<string, Uint8Array>) {
  const session = new Session({ clock: testClock(), drawing: emptyDrawing() });
  const store: FileStore = {
    load: async (path) => decodeDrawing(path, files[path]),
    save: async () => undefined,
    writeExport: async () => undefined,
    readImport: (path, choose) => readImportFile(path, { choose }),
    readImage: (path) => readImageFile(path),
  };
  const ui = {
    askSaveChanges: async () => 'discard' as const,
    pickOpenPath: async () => null,
    pickImportPath: async () => null,
    askImportOptions: async () => null,
    pickImagePath: async () => null,
    pickSavePath: async () => null,
    askOverwrite: async () => 'cancel' as const,
    askReload: async () => 'keep' as const,
    showError: () => {},
  };
  const flow = new FileFlow(session, ui, store, { changed: () => {}, touched: () => {} }, emptyDrawing);
  const handlers: Handlers = {
    ...createHandlers(session),
    ...createFileHandlers(flow, { recent: new RecentFiles(), examples: () => [] }),
  };
  const send = async <T>(channel: string, payload: unknown): Promise<T> => {
    const answer = await dispatch(handlers, channel, payload);
    if (!answer.ok) throw new Error(answer.error);
    return answer.value as T;
  };
  return { session, send, raw: (channel: string, payload: unknown) => dispatch(handlers, channel, payload) };
}

/** Drags `curve` by its end 3 mm up through the gate; returns the end's position before and after. */
async function dragEnd(send: ReturnType<typeof gate>['send'], session: Session, curve: string) {
  const spline = session.drawing.curves.find((c) => c.id === curve) as SplineCurve;
  const before = spline.points.at(-1) as Vec2;
  await send<Snapshot>('drag:start', { curve, u: 1, cursor: before });
  let last: Snapshot | null = null;
  for (let f = 1; f <= 3; f++)
    last = await send<Snapshot>('drag:move', { cursor: [before[0], before[1] + f] });
  await send<Snapshot>('drag:end', undefined);
  const after = (session.drawing.curves.find((c) => c.id === curve) as SplineCurve).points.at(-1) as Vec2;
  return { before, after, last: last as Snapshot };
}

describe('a huge spline through the IPC gate', () => {
  it('10,000 points: opens from a file and drags; its start stays pinned', async () => {
    const d: Drawing = emptyDrawing();
    d.curves.push(wavy('s', 10_000));
    d.constraints.push({ id: 'pin', kind: 'pin', point: { curve: 's', anchor: 'start' }, at: [0, 0] });
    const { session, send } = gate({
      '/drops/long.curvewright': new TextEncoder().encode(serializeDrawing(d)),
    });
    const token = await send<string>('file:drop-token', { path: '/drops/long.curvewright' });
    expect(await send('file:open-dropped', { token })).toBe(true);
    expect((session.drawing.curves[0] as SplineCurve).points).toHaveLength(10_000);
    const { before, after, last } = await dragEnd(send, session, 's');
    expect(last.states?.curves).toEqual([0]);
    expect(last.states?.values).toHaveLength(20_000);
    expect(after[1] - before[1]).toBeGreaterThan(1);
    expect((session.drawing.curves[0] as SplineCurve).points[0]).toEqual([0, 0]);
    expect(last.status.maxResidual).toBeLessThan(1e-9);
  });

  it(`10,000 and ${MAX_SPLINE_POINTS} points: added by one edit each, and dragged`, async () => {
    const { session, send } = gate({});
    for (const [id, count] of [
      ['ten', 10_000],
      ['most', MAX_SPLINE_POINTS],
    ] as const) {
      const snapshot = await send<Snapshot>('edit:apply', { type: 'add', curves: [wavy(id, count)] });
      const added = snapshot.drawing?.curves.find((c) => c.id === id) as SplineCurve;
      expect(added.points).toHaveLength(count);
      const { before, after } = await dragEnd(send, session, id);
      expect(after[1] - before[1]).toBeGreaterThan(1);
    }
  });

  it('one point more than the limit: refused with one line naming the path, the drawing unchanged', async () => {
    const { session, raw } = gate({});
    const answer = await raw('edit:apply', { type: 'add', curves: [wavy('over', MAX_SPLINE_POINTS + 1)] });
    expect(answer).toEqual({
      ok: false,
      error: `edit:apply: payload.curves[0].points: expected at most ${MAX_SPLINE_POINTS} items, got ${MAX_SPLINE_POINTS + 1}`,
    });
    expect(session.drawing.curves).toHaveLength(0);
  });
});
