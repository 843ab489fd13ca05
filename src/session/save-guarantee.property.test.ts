// The save guarantee both ways, over random records and random edit sequences (fast-check, fixed seed):
// - whatever the session accepts, through the same gate the renderer's messages pass, leaves a drawing that saves
//   and loads back to the same bytes;
// - whatever the loader accepts can be edited: every editable field set to its own value, every curve renamed,
//   every record deleted.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeDrawing } from '../document/serialize';
import { parseDrawingText } from '../document/validate';
import { curveStateOf } from '../engine';
import type { Drawing } from '../shared/drawing';
import { CONSTRAINT_FIELDS, SPRING_FIELDS, curveFieldNames } from '../shared/edit-commands';
import { RECORD_LISTS } from '../shared/references';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

const curveIds = ['c1', 'my circle', 'c3', 'ü 4'];
const otherIds = ['k1', 'k2', 's1', 't1', 'eq1', 'nope'];

/** Numbers a user, a file or a bug might send: ordinary ones and the edges each limit sits at. */
const edgy = fc.oneof(
  { weight: 4, arbitrary: fc.double({ min: -100, max: 100, noNaN: true }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      0,
      -0,
      1e-7,
      5e-324,
      -5e-324,
      1,
      1e6,
      2e6,
      5e4,
      1e9,
      -1e9,
      1e12,
      1e300,
      -1e300,
    ),
  },
);
const curveId = fc.constantFrom(...curveIds);
/** Random records whose numbers come from `num` (sizes from `size`). */
function recordsOf(num: fc.Arbitrary<number>, size: fc.Arbitrary<number>) {
  const vec = fc.tuple(num, num);
  const connector = fc.oneof(
    fc.record({ curve: curveId, anchor: fc.constantFrom('start', 'end', 'center') }),
    fc.record({ curve: curveId, u: fc.double({ min: 0, max: 1, noNaN: true }) }),
  );
  const definition = fc.record({
    id: fc.constantFrom('eq1', 'eq2'),
    name: fc.constant('wave'),
    x: fc.constantFrom('u', 'foo(u)', 'a*cos(u)'),
    y: fc.constantFrom('a*sin(u)', 'u*u'),
    u0: fc.constantFrom(0, 2),
    u1: fc.constantFrom(1, 6),
    closed: fc.boolean(),
    params: fc.constantFrom([{ name: 'a', value: 3, free: true }], []),
  });
  const curve = fc.oneof(
    fc.record({ kind: fc.constant('point'), id: curveId, at: vec }),
    fc.record({ kind: fc.constant('segment'), id: curveId, a: vec, b: vec }),
    fc.record({ kind: fc.constant('bar'), id: curveId, center: vec, angle: num, length: size }),
    fc.record({ kind: fc.constant('circle'), id: curveId, center: vec, radius: size }),
    fc.record({ kind: fc.constant('arc'), id: curveId, center: vec, radius: size, start: num, sweep: num }),
    fc.record({ kind: fc.constant('ellipse'), id: curveId, center: vec, rx: size, ry: size, rotation: num }),
    fc.record({ kind: fc.constant('bezier'), id: curveId, points: fc.tuple(vec, vec, vec, vec) }),
    fc.record({
      kind: fc.constant('spline'),
      id: curveId,
      points: fc.array(vec, { minLength: 2, maxLength: 4 }),
      closed: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('equation'),
      id: curveId,
      definition: fc.constantFrom('eq1', 'eq2'),
      params: fc.constantFrom({ a: 3 }, { a: 1e300 }, {}),
    }),
  );
  const constraintId = fc.constantFrom('k1', 'k2');
  const constraint = fc.oneof(
    fc.record({ kind: fc.constant('attach'), id: constraintId, a: connector, b: connector }),
    fc.record({ kind: fc.constant('pin'), id: constraintId, point: connector, at: vec }),
    fc.record({ kind: fc.constant('distance'), id: constraintId, a: connector, b: connector, length: size }),
    fc.record({
      kind: fc.constant('on-curve'),
      id: constraintId,
      point: connector,
      curve: curveId,
      s: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    fc.record(
      {
        kind: fc.constant('motor'),
        id: constraintId,
        bar: curveId,
        point: connector,
        pivot: connector,
        rpm: num,
        angle: num,
        running: fc.boolean(),
      },
      { requiredKeys: ['kind', 'id', 'rpm', 'angle', 'running'] },
    ),
  );
  const spring = fc.record({
    id: fc.constant('s1'),
    a: connector,
    b: connector,
    stiffness: size,
    rest: size,
  });
  const trace = fc.record({
    id: fc.constant('t1'),
    point: connector,
    points: fc.array(vec, { maxLength: 3 }),
  });
  return { vec, curve, constraint, spring, trace, definition };
}

const size = fc.oneof(fc.double({ min: 0.5, max: 50, noNaN: true }), edgy);
const { vec, curve, constraint, spring, trace, definition } = recordsOf(edgy, size);
const valid = recordsOf(
  fc.double({ min: -100, max: 100, noNaN: true }),
  fc.double({ min: 0.5, max: 50, noNaN: true }),
);

const fields = ['cx', 'cy', 'radius', 'rx', 'length', 'x', 'y', 'x1', 'ax', 'angle', 'rpm', 'running', 'a'];
const command = fc.oneof(
  fc.record({ type: fc.constant('add'), curves: fc.array(curve, { minLength: 1, maxLength: 2 }) }),
  fc.record({ type: fc.constant('add'), constraints: fc.array(constraint, { minLength: 1, maxLength: 2 }) }),
  fc.record({ type: fc.constant('add'), springs: fc.array(spring, { minLength: 1, maxLength: 1 }) }),
  fc.record({ type: fc.constant('add'), traces: fc.array(trace, { minLength: 1, maxLength: 1 }) }),
  fc.record({ type: fc.constant('add'), equations: fc.array(definition, { minLength: 1, maxLength: 1 }) }),
  fc.record({ type: fc.constant('define'), definition }),
  fc.record({
    type: fc.constant('delete'),
    ids: fc.array(fc.constantFrom(...curveIds, ...otherIds), { minLength: 1, maxLength: 2 }),
  }),
  fc.record({
    type: fc.constant('set'),
    id: fc.constantFrom(...curveIds, ...otherIds),
    field: fc.constantFrom(...fields, 'stiffness', 'rest', 's'),
    value: fc.oneof(edgy, fc.boolean()),
  }),
  fc.record({ type: fc.constant('rename'), id: curveId, name: fc.constantFrom('', 'Wheel') }),
);
const action = fc.oneof(
  { weight: 6, arbitrary: command.map((c) => ['edit:apply', c] as const) },
  { weight: 1, arbitrary: fc.record({ center: vec, zoom: size }).map((v) => ['view:set', v] as const) },
  { weight: 1, arbitrary: fc.constant(['history:undo', null] as const) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(curveId, fc.array(vec, { minLength: 1, maxLength: 3 }))
      .map(([c, cursors]) => ['drag', { curve: c, cursors }] as const),
  },
);

/** The drawing saved and opened again, as text: the same bytes both times. */
function savesAndLoads(drawing: Drawing): void {
  const text = serializeDrawing(drawing);
  expect(serializeDrawing(parseDrawingText(text))).toBe(text);
}

describe('the session accepts only what it can save', () => {
  it('random edits, view changes, undos and drags (to far cursors too) always leave a savable drawing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        const session = new Session({ clock: testClock() });
        const handlers = createHandlers(session) as never;
        for (const [channel, payload] of actions) {
          if (channel === 'drag') {
            const start = await dispatch(handlers, 'drag:start', {
              curve: payload.curve,
              u: 0.5,
              cursor: payload.cursors[0],
            });
            for (const cursor of payload.cursors) await dispatch(handlers, 'drag:move', { cursor });
            if (start.ok) expect((await dispatch(handlers, 'drag:end', null)).ok).toBe(true);
          } else {
            const answer = await dispatch(handlers, channel, payload);
            if (!answer.ok) expect(answer.error).not.toMatch(/\n/);
          }
          savesAndLoads(session.drawing);
        }
      }),
      { numRuns: 150 },
    );
  });
});

/** Every edit a user can make to a record, each made to leave it as it is (or, for delete, to remove it). */
function editsOf(drawing: Drawing): unknown[] {
  const edits: unknown[] = [];
  for (const curve of drawing.curves) {
    const state = curveStateOf(curve, drawing);
    curveFieldNames(curve, drawing).forEach((field, i) =>
      edits.push({ type: 'set', id: curve.id, field, value: state[i] }),
    );
    if (curve.kind === 'bar') edits.push({ type: 'set', id: curve.id, field: 'length', value: curve.length });
    edits.push({ type: 'rename', id: curve.id, name: curve.name ?? 'Renamed' });
  }
  for (const k of drawing.constraints) {
    for (const field of CONSTRAINT_FIELDS[k.kind]) {
      const value =
        k.kind === 'pin'
          ? k.at[field === 'x' ? 0 : 1]
          : // An optional flag (a dimension's reference, a radius's diameter) set to what its absence means.
            ((k as unknown as Record<string, number | boolean | undefined>)[field] ?? false);
      edits.push({ type: 'set', id: k.id, field, value });
    }
  }
  for (const sp of drawing.springs)
    for (const field of SPRING_FIELDS)
      edits.push({ type: 'set', id: sp.id, field, value: (sp as unknown as Record<string, number>)[field] });
  for (const definition of drawing.equations) edits.push({ type: 'define', definition });
  for (const list of RECORD_LISTS)
    for (const item of drawing[list])
      if (
        list !== 'equations' ||
        !drawing.curves.some((c) => c.kind === 'equation' && c.definition === item.id)
      )
        edits.push({ type: 'delete', ids: [item.id] });
  return edits;
}

describe('what the loader accepts can be edited', () => {
  it('every field of every record of a random valid file can be set, renamed and deleted', async () => {
    const file = fc.record({
      curves: fc.uniqueArray(valid.curve, { selector: (c) => c.id, maxLength: 4 }),
      constraints: fc.uniqueArray(valid.constraint, { selector: (k) => k.id, maxLength: 2 }),
      springs: fc.array(valid.spring, { maxLength: 1 }),
      traces: fc.array(valid.trace, { maxLength: 1 }),
      equations: fc.uniqueArray(valid.definition, { selector: (e) => e.id, maxLength: 2 }),
    });
    let loaded = 0;
    await fc.assert(
      fc.asyncProperty(file, async (records) => {
        let drawing: Drawing;
        try {
          drawing = parseDrawingText(
            serializeLoose({
              ...new Session({ clock: testClock() }).drawing,
              ...records,
            } as unknown as Drawing),
          );
        } catch {
          return; // the loader refused it: nothing to edit
        }
        loaded++;
        for (const edit of editsOf(drawing)) {
          const session = new Session({ clock: testClock(), drawing });
          const answer = await dispatch(createHandlers(session) as never, 'edit:apply', edit);
          expect(answer, JSON.stringify(edit)).toMatchObject({ ok: true });
          savesAndLoads(session.drawing);
        }
      }),
      { numRuns: 200 },
    );
    // The property says something only if the loader accepted a fair share of the random files.
    expect(loaded).toBeGreaterThan(20);
  });
});

/** A file's text as the loader sees it, written without the serializer's own validation. */
function serializeLoose(drawing: Drawing): string {
  return JSON.stringify({ format: 'curvewright', version: 1, ...drawing });
}
