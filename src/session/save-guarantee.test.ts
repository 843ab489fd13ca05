// What the session accepts it can save, and what the loader accepts can be edited: each finding of issue 13 that
// broke one of the two, through the same dispatch gate the renderer's messages pass.

import { describe, expect, it } from 'vitest';
import { serializeDrawing } from '../document/serialize';
import { parseDrawingText } from '../document/validate';
import type { Snapshot } from '../shared/contract';
import type { Drawing, EquationDefinition } from '../shared/drawing';
import { MAX_ERROR_LINE } from '../shared/limits';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

function gate(session: Session) {
  const handlers = createHandlers(session) as never;
  return (channel: string, payload?: unknown) => dispatch(handlers, channel, payload);
}

/** Saves the session's drawing and opens the text again: throws if either fails. */
function roundTrip(session: Session): Drawing {
  const text = serializeDrawing(session.drawing);
  const loaded = parseDrawingText(text);
  expect(serializeDrawing(loaded)).toBe(text);
  return loaded;
}

function withSpringAndMotor(): Session {
  const session = new Session({ clock: testClock() });
  session.edit({
    type: 'add',
    curves: [
      { kind: 'bar', id: 'b1', center: [0, 0], angle: 0, length: 20 },
      { kind: 'point', id: 'p1', at: [30, 0] },
    ],
    constraints: [
      { kind: 'pin', id: 'pin', point: { curve: 'b1', anchor: 'start' }, at: [-10, 0] },
      { kind: 'motor', id: 'm1', bar: 'b1', rpm: 10, angle: 0, running: false },
    ],
    springs: [
      {
        id: 's1',
        a: { curve: 'b1', anchor: 'end' },
        b: { curve: 'p1', anchor: 'start' },
        stiffness: 1,
        rest: 0,
      },
    ],
  });
  return session;
}

const circleDefinition: EquationDefinition = {
  id: 'eq1',
  name: 'circle',
  x: 'r*cos(u)',
  y: 'r*sin(u)',
  u0: 0,
  u1: 6.283185307179586,
  closed: true,
  params: [{ name: 'r', value: 10, free: true }],
};

describe('the session refuses what the file format refuses', () => {
  it('spring stiffness 0, set or added', async () => {
    const session = withSpringAndMotor();
    const call = gate(session);
    const set = await call('edit:apply', { type: 'set', id: 's1', field: 'stiffness', value: 0 });
    expect(set).toEqual({
      ok: false,
      error: 'edit:apply: set s1.stiffness: expected a positive number, got 0',
    });
    const added = await call('edit:apply', {
      type: 'add',
      springs: [{ id: 's2', a: { curve: 'p1', u: 0 }, b: { curve: 'b1', u: 0 }, stiffness: 0, rest: 1 }],
    });
    expect(added.ok).toBe(false);
    expect(session.drawing.springs.map((s) => s.stiffness)).toEqual([1]);
    roundTrip(session);
  });

  it('a view zoom of 1e-7 or a view centre at 1e12', async () => {
    const session = new Session({ clock: testClock() });
    const call = gate(session);
    expect(await call('view:set', { center: [0, 0], zoom: 1e-7 })).toEqual({
      ok: false,
      error: 'view:set: payload.zoom: expected a zoom in [1e-6, 1e6] pixels per mm, got 1e-7',
    });
    expect(await call('view:set', { center: [1e12, 0], zoom: 1 })).toEqual({
      ok: false,
      error: 'view:set: payload.center[0]: expected a number within ±1e9, got 1000000000000',
    });
    expect(session.drawing.view).toEqual(new Session({ clock: testClock() }).drawing.view);
    expect((await call('view:set', { center: [5, 6], zoom: 1e-6 })).ok).toBe(true);
    expect(roundTrip(session).view).toEqual({ center: [5, 6], zoom: 1e-6 });
  });

  it('an unused equation definition that does not compile, or runs backwards', async () => {
    const session = new Session({ clock: testClock() });
    const call = gate(session);
    const broken = { ...circleDefinition, id: 'bad', x: 'foo(u)' };
    const refused = await call('edit:apply', { type: 'add', equations: [broken] });
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.error).toMatch(/^edit:apply: add\.equations\[0\]\.x: .*foo/);
    const backwards = await call('edit:apply', {
      type: 'add',
      equations: [{ ...circleDefinition, u0: 2, u1: 1 }],
    });
    expect(backwards).toEqual({
      ok: false,
      error: 'edit:apply: payload.equations[0].u1: expected a number greater than u0 (2), got 1',
    });
    expect(session.drawing.equations).toEqual([]);
    // The same definition, fixed, is accepted, and `define` refuses to break it again.
    expect((await call('edit:apply', { type: 'add', equations: [circleDefinition] })).ok).toBe(true);
    const redefined = await call('edit:apply', {
      type: 'define',
      definition: broken && { ...broken, id: 'eq1' },
    });
    expect(redefined.ok).toBe(false);
    expect(session.drawing.equations[0].x).toBe('r*cos(u)');
    roundTrip(session);
  });

  it('an equation parameter set to 1e300', async () => {
    const session = new Session({ clock: testClock() });
    session.edit({
      type: 'add',
      equations: [circleDefinition],
      curves: [{ kind: 'equation', id: 'e', definition: 'eq1', params: { r: 10 } }],
    });
    const call = gate(session);
    expect(await call('edit:apply', { type: 'set', id: 'e', field: 'r', value: 1e300 })).toEqual({
      ok: false,
      error: 'edit:apply: set e.r: expected a number within ±1e9, got 1e+300',
    });
    const added = await call('edit:apply', {
      type: 'add',
      curves: [{ kind: 'equation', id: 'e2', definition: 'eq1', params: { r: 1e300 } }],
    });
    expect(added.ok === false && added.error).toBe(
      'edit:apply: payload.curves[0].params.r: expected a number within ±1e9, got 1e+300',
    );
    expect(roundTrip(session).curves).toHaveLength(1);
  });

  it('a motor with both a bar and a point and pivot', async () => {
    const session = withSpringAndMotor();
    const answer = await gate(session)('edit:apply', {
      type: 'add',
      constraints: [
        {
          kind: 'motor',
          id: 'm2',
          bar: 'b1',
          point: { curve: 'p1', anchor: 'start' },
          pivot: { curve: 'b1', anchor: 'start' },
          rpm: 1,
          angle: 0,
          running: false,
        },
      ],
    });
    expect(answer).toEqual({
      ok: false,
      error: 'edit:apply: payload.constraints[0]: expected either bar or point and pivot, not both',
    });
  });

  it('one limit for a motor speed and for the number of equation parameters, in every layer', async () => {
    const session = withSpringAndMotor();
    const call = gate(session);
    // 5e4 rpm: the Properties panel once refused what a file could hold.
    expect((await call('edit:apply', { type: 'set', id: 'm1', field: 'rpm', value: 5e4 })).ok).toBe(true);
    expect(roundTrip(session).constraints.find((k) => k.id === 'm1')).toMatchObject({ rpm: 5e4 });
    const tooFast = await call('edit:apply', { type: 'set', id: 'm1', field: 'rpm', value: 2e6 });
    expect(tooFast).toEqual({
      ok: false,
      error: 'edit:apply: set m1.rpm: expected a speed within ±1e6 rpm, got 2000000',
    });
    const params = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `p${i}`, value: 1, free: false }));
    const x = Array.from({ length: 33 }, (_, i) => `p${i}`).join('+');
    const many = (n: number) => ({
      ...circleDefinition,
      id: `d${n}`,
      x: `cos(u)+0*(${x.split('+').slice(0, n).join('+')})`,
      y: 'sin(u)',
      params: params(n),
    });
    expect((await call('edit:apply', { type: 'add', equations: [many(32)] })).ok).toBe(true);
    const refused = await call('edit:apply', { type: 'add', equations: [many(33)] });
    expect(refused.ok === false && refused.error).toBe(
      'edit:apply: payload.equations[0].params: expected at most 32 items, got 33',
    );
    const file = JSON.parse(serializeDrawing(session.drawing));
    file.equations.push(many(33));
    expect(() => parseDrawingText(JSON.stringify(file))).toThrow(
      'equations[1].params: expected at most 32 items, got 33',
    );
  });
});

describe('what the loader accepts can be edited', () => {
  it('a curve whose id has a space: set, rename and delete', async () => {
    const text = serializeDrawing({
      ...new Session({ clock: testClock() }).drawing,
      curves: [{ kind: 'circle', id: 'my circle', center: [0, 0], radius: 10 }],
    });
    const session = new Session({ clock: testClock(), drawing: parseDrawingText(text) });
    const call = gate(session);
    expect((await call('edit:apply', { type: 'set', id: 'my circle', field: 'radius', value: 12 })).ok).toBe(
      true,
    );
    expect((await call('edit:apply', { type: 'rename', id: 'my circle', name: 'Wheel' })).ok).toBe(true);
    expect(session.drawing.curves[0]).toMatchObject({ id: 'my circle', name: 'Wheel', radius: 12 });
    expect((await call('drag:start', { curve: 'my circle', u: 0, cursor: [12, 0] })).ok).toBe(true);
    expect((await call('drag:end')).ok).toBe(true);
    expect((await call('edit:apply', { type: 'delete', ids: ['my circle'] })).ok).toBe(true);
    expect(session.drawing.curves).toEqual([]);
  });
});

describe('a refused command during a drag', () => {
  it('leaves the drag going, and Escape still restores the pose', async () => {
    const session = withSpringAndMotor();
    const call = gate(session);
    const before = structuredClone(session.drawing.curves);
    await call('drag:start', { curve: 'b1', u: 1, cursor: [10, 0] });
    const moved = (await call('drag:move', { cursor: [0, 15] })) as { ok: true; value: Snapshot };
    expect(moved.ok).toBe(true);
    const refused = await call('edit:apply', { type: 'set', id: 'b1', field: 'length', value: -3 });
    expect(refused.ok).toBe(false);
    expect(session.dragging).toBe(true);
    expect((await call('drag:move', { cursor: [0, 18] })).ok).toBe(true);
    await call('drag:cancel');
    expect(session.dragging).toBe(false);
    expect(session.drawing.curves).toEqual(before);
    expect(session.snapshot(false).canUndo).toBe(true); // the add, not a drag
    session.undo();
    expect(session.drawing.curves).toEqual([]);
  });

  it('an accepted one ends the drag as its own undo entry first', async () => {
    const session = withSpringAndMotor();
    const call = gate(session);
    await call('drag:start', { curve: 'b1', u: 1, cursor: [10, 0] });
    await call('drag:move', { cursor: [0, 15] });
    const dragged = structuredClone(session.drawing.curves);
    expect((await call('edit:apply', { type: 'set', id: 's1', field: 'rest', value: 2 })).ok).toBe(true);
    expect(session.dragging).toBe(false);
    session.undo(); // the set
    expect(session.drawing.springs[0].rest).toBe(0);
    expect(session.drawing.curves).toEqual(dragged);
    session.undo(); // the drag
    expect(session.drawing.curves).not.toEqual(dragged);
  });
});

describe('error lines', () => {
  it('an unknown 100,000-character key is cut, and the line stays short', async () => {
    const key = 'k'.repeat(100_000);
    const answer = await gate(new Session({ clock: testClock() }))('edit:apply', {
      type: 'rename',
      id: 'x',
      name: '',
      [key]: 1,
    });
    expect(answer.ok).toBe(false);
    const error = answer.ok === false ? answer.error : '';
    expect(error).toBe(`edit:apply: payload.${'k'.repeat(40)}…: unknown field`);
    expect(error.length).toBeLessThanOrEqual(MAX_ERROR_LINE);
  });

  it('any handler error longer than the limit ends with "…"', async () => {
    const id = 'q'.repeat(200);
    const answer = await gate(new Session({ clock: testClock() }))('edit:apply', {
      type: 'delete',
      ids: [id, id, id],
    });
    const error = answer.ok === false ? answer.error : '';
    expect(error.length).toBe(MAX_ERROR_LINE);
    expect(error.endsWith('…')).toBe(true);
  });
});
