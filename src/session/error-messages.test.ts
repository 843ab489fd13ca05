// Refusals name the record the command sent and say it as the UI would (issue 26, finding 9): the command's own
// record and field, never the drawing's index of it; numbers rounded as the UI shows them; "an" before a vowel.
// Exact lines, through the same dispatch gate the window's messages pass.
import { describe, expect, it } from 'vitest';
import { chain } from '../engine/test-support/drawings';
import type { Drawing, EquationDefinition } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { dispatch, type Handlers } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';

const wave: EquationDefinition = {
  id: 'eq1',
  name: 'wave',
  x: 'r*cos(u)',
  y: 'sqrt(r)*sin(u)',
  u0: 0,
  u1: 6,
  closed: false,
  params: [{ name: 'r', value: 4, free: true }],
};

/** A chain of three bars (b0 pinned), an arc and an equation curve; several constraints before any added. */
function drawing(): Drawing {
  const d = chain(3);
  d.curves.push(
    { kind: 'arc', id: 'a1', center: [0, 5], radius: 2, start: 0, sweep: 1 },
    { kind: 'equation', id: 'e1', definition: 'eq1', params: { r: 4 } },
    { kind: 'point', id: 'p1', at: [2, 5] },
  );
  d.constraints.push({
    kind: 'on-curve',
    id: 'k3',
    point: { curve: 'p1', anchor: 'start' },
    curve: 'a1',
    s: 0,
  });
  d.equations.push(wave);
  return d;
}

/** The one-line refusal of a call (or a failure of the test if it was accepted). */
async function refusal(channel: string, payload: unknown, d = drawing()): Promise<string> {
  const session = new Session({ clock: testClock(), drawing: d, warmUp: false });
  const answer = await dispatch(createHandlers(session) as unknown as Handlers, channel, payload);
  if (answer.ok) throw new Error(`${channel} was accepted`);
  return answer.error;
}

const g1 = (a: object, b: object) => ({ kind: 'tangent', id: 'g', a, b });

describe("refusals name the command's own record", () => {
  it("an added G1 tangent at a point or a centre: the added record, not the drawing's index", async () => {
    expect(
      await refusal('edit:apply', {
        type: 'add',
        constraints: [g1({ curve: 'p1', anchor: 'start' }, { curve: 'b1', u: 0.5 })],
      }),
    ).toBe('edit:apply: add.constraints[0].a: a point has no direction');
    expect(
      await refusal('edit:apply', {
        type: 'add',
        constraints: [
          { kind: 'pin', id: 'q', point: { curve: 'b2', anchor: 'end' }, at: [3, 0] },
          g1({ curve: 'b1', u: 0.5 }, { curve: 'a1', anchor: 'center' }),
        ],
      }),
    ).toBe('edit:apply: add.constraints[1].b: the centre of an arc has no direction');
  });

  it('a value that leaves its curve undefined: the record and field set', async () => {
    expect(await refusal('edit:apply', { type: 'set', id: 'e1', field: 'r', value: -1 })).toBe(
      'edit:apply: set e1.r: params: y is not finite at u = 0 for these parameters',
    );
  });

  it('a definition that does not compile, or that leaves a curve of it undefined', async () => {
    expect(await refusal('edit:apply', { type: 'define', definition: { ...wave, x: 'foo(u)' } })).toBe(
      "edit:apply: define.definition.x: unknown function 'foo' at column 1",
    );
    expect(
      await refusal('edit:apply', { type: 'define', definition: { ...wave, y: 'sqrt(r - 9)*sin(u)' } }),
    ).toBe('edit:apply: define: e1: params: y is not finite at u = 0 for these parameters');
  });
});

describe('kinds said with their article', () => {
  it('a field a record does not have, a label on what is no dimension', async () => {
    expect(await refusal('edit:apply', { type: 'set', id: 'a1', field: 'bogus', value: 1 })).toBe(
      'edit:apply: set a1.bogus: an arc has no such field',
    );
    expect(await refusal('edit:apply', { type: 'set', id: 'j0', field: 'x', value: 1 })).toBe(
      'edit:apply: set j0.x: an attach constraint has no such field',
    );
    expect(await refusal('edit:apply', { type: 'label', id: 'k3', offset: [1, 1] })).toBe(
      'edit:apply: label k3: a bead constraint has no field label',
    );
    expect(await refusal('edit:apply', { type: 'label', id: 'j0', offset: [1, 1] })).toBe(
      'edit:apply: label j0: an attach constraint has no field label',
    );
  });

  it("a bar's analysis asked of another curve, a handle of a curve that has none", async () => {
    expect(await refusal('analysis:bar', { bar: 'e1' }, withMotor())).toBe(
      "analysis:bar: 'e1' is an equation, not a bar",
    );
    expect(await refusal('drag:start', { curve: 'a1', u: 0, cursor: [0, 0], handle: 0 })).toBe(
      'drag:start: grab: an arc has no handles to grab',
    );
  });
});

describe('numbers as the UI shows them', () => {
  it('a nudge the constraints hold back: its move in mm to the thousandth', async () => {
    expect(
      await refusal('edit:translate', { ids: ['b0'], by: [-2.043618126772344, 1.2911737384274602] }),
    ).toBe(
      'edit:translate: move by (-2.044, 1.291) mm: the constraints cannot all be met: b0 cannot get there (pin)',
    );
  });

  it('an angle the constraints cannot meet: in degrees', async () => {
    const d = chain(1);
    d.constraints.push(
      { kind: 'pin', id: 'end', point: { curve: 'b0', anchor: 'end' }, at: [1, 0] },
      { kind: 'angle', id: 'tilt', lines: ['b0'], angle: 0 },
    );
    expect(
      await refusal('edit:apply', { type: 'set', id: 'tilt', field: 'angle', value: Math.PI / 6 }, d),
    ).toBe(
      'edit:apply: tilt angle 30°: the constraints cannot all be met: b0 cannot get there (pin, end, tilt)',
    );
  });
});

function withMotor(): Drawing {
  const d = drawing();
  d.constraints.push({ kind: 'motor', id: 'm', bar: 'b0', rpm: 60, angle: 0, running: true });
  return d;
}
