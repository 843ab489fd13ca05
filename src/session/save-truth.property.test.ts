// The window's saved flag is true over random interleavings (fast-check, fixed seed): edits (some refused), undo
// and redo, drags (start, move, end, cancel), saves (some held open while the other steps run), autosaves, then a
// close. Whenever the window says saved, the file holds the drawing (as the loader reads both); after an autosave,
// a recovery copy holds the drawing exactly while it has unsaved changes; closing asks exactly when it has.
// Through the session's real host and main's end of it.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDrawingText } from '../document/validate';
import { chain } from '../engine/test-support/drawings';
import type { Drawing } from '../shared/drawing';
import { asLoaded, hostScene, type HostScene } from './test-support/host-scene';

const curveIds = ['b0', 'b1', 'b2', 'b3', 'c', 'x'];
const coord = fc.double({ min: -20, max: 20, noNaN: true });
const cursor = fc.tuple(coord, coord);
const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .oneof(
        fc.record({
          type: fc.constant('set'),
          id: fc.constantFrom(...curveIds),
          field: fc.constantFrom('length', 'radius', 'cx'),
          value: fc.double({ min: -2, max: 6, noNaN: true }),
        }),
        fc.record({
          type: fc.constant('add'),
          curves: fc.tuple(
            fc.record({
              kind: fc.constant('circle'),
              id: fc.constant('c'),
              center: cursor,
              radius: fc.constant(2),
            }),
          ),
        }),
        fc.record({ type: fc.constant('delete'), ids: fc.tuple(fc.constantFrom(...curveIds)) }),
      )
      .map((command) => ({ kind: 'edit' as const, command })),
  },
  { weight: 2, arbitrary: fc.constantFrom({ kind: 'undo' as const }, { kind: 'redo' as const }) },
  {
    weight: 3,
    arbitrary: fc
      .record({ curve: fc.constantFrom(...curveIds), u: fc.double({ min: 0, max: 1, noNaN: true }), cursor })
      .map((start) => ({ kind: 'drag-start' as const, start })),
  },
  { weight: 4, arbitrary: cursor.map((at) => ({ kind: 'drag-move' as const, at })) },
  { weight: 2, arbitrary: fc.constantFrom({ kind: 'drag-end' as const }, { kind: 'drag-cancel' as const }) },
  { weight: 3, arbitrary: fc.boolean().map((held) => ({ kind: 'save' as const, held })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'release' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'autosave' as const }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** The records of a drawing as the loader reads them (the view and the meta are not the work at stake). */
function records(drawing: Drawing) {
  const { curves, constraints, springs, traces, equations } = drawing;
  return { curves, constraints, springs, traces, equations };
}

/** Whenever the window says saved, the file holds the drawing. */
function fileHoldsWhatIsShownWhenSaved(s: HostScene): void {
  if (s.client.state.dirty) return;
  expect(records(s.saved())).toEqual(records(asLoaded(s.host.session.drawing)));
}

/** Lets every waiting save finish, held ones included (each queued one is held in its turn, then let go). */
async function releaseAll(s: HostScene, saving: Promise<boolean>[]): Promise<void> {
  const all = Promise.all(saving.splice(0));
  let done = false;
  void all.then(() => (done = true));
  while (!done) {
    s.store.release();
    await Promise.race([all, s.store.whenHeld()]);
  }
  expect((await all).every((ok) => ok)).toBe(true);
}

async function run(s: HostScene, steps: Step[], counts: Record<Step['kind'], number>): Promise<void> {
  const saving: Promise<boolean>[] = [];
  for (const next of steps) {
    counts[next.kind]++;
    switch (next.kind) {
      case 'edit':
        await s.invoke('edit:apply', next.command);
        break;
      case 'undo':
        await s.invoke('history:undo');
        break;
      case 'redo':
        await s.invoke('history:redo');
        break;
      case 'drag-start':
        await s.invoke('drag:start', next.start);
        break;
      case 'drag-move':
        await s.invoke('drag:move', { cursor: next.at });
        break;
      case 'drag-end':
        await s.invoke('drag:end');
        break;
      case 'drag-cancel':
        await s.invoke('drag:cancel');
        break;
      case 'save': {
        s.store.holds.push(next.held);
        const saved = s.client.save();
        // Behind a held save, it waits its turn (it takes its text once that one is in place). First in line, it
        // takes its text now: held, it then waits to be put in place while the next steps run.
        if (saving.length > 0 || next.held) saving.push(saved);
        if (saving.length === 1) await s.store.whenHeld();
        else if (saving.length === 0) expect(await saved).toBe(true);
        break;
      }
      case 'release':
        await releaseAll(s, saving);
        break;
      case 'autosave': {
        await s.host.autosave.tick();
        const copy = s.recoveryCopy();
        expect(copy !== null).toBe(s.host.session.dirty);
        if (copy)
          expect(records(parseDrawingText(readFileSync(copy, 'utf8')))).toEqual(
            records(asLoaded(s.host.session.drawing)),
          );
        break;
      }
    }
    fileHoldsWhatIsShownWhenSaved(s);
  }
  await releaseAll(s, saving);
  fileHoldsWhatIsShownWhenSaved(s);
  // Closing the window: asked exactly when there is unsaved work; the clean exit removes the recovery copy.
  const dirty = s.client.state.dirty;
  s.ui.saveChoices.push('discard');
  expect(await s.client.confirmDiscard()).toBe(true);
  expect(s.ui.asked.length).toBe(dirty ? 1 : 0);
  expect(await s.client.close()).toBe(true);
  expect(s.recoveryCopy()).toBeNull();
}

describe('the saved flag under random edits, drags, saves held open and autosaves', () => {
  it('is true whenever it says saved, and a recovery copy holds any unsaved work after an autosave', async () => {
    const counts = Object.fromEntries(
      [
        'edit',
        'undo',
        'redo',
        'drag-start',
        'drag-move',
        'drag-end',
        'drag-cancel',
        'save',
        'release',
        'autosave',
      ].map((kind) => [kind, 0]),
    ) as Record<Step['kind'], number>;
    const drawing = chain(4);
    drawing.curves.push({ kind: 'circle', id: 'x', center: [0, 10], radius: 3 });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30, size: 'max' }), async (steps) => {
        const s = await hostScene(drawing);
        try {
          await run(s, steps, counts);
        } finally {
          await s.close();
        }
      }),
      { numRuns: 100 },
    );
    // Every kind of step was taken many times over.
    for (const n of Object.values(counts)) expect(n).toBeGreaterThan(40);
  });
});
