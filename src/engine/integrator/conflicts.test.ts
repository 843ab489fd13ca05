// A drag never freezes (issue 15, item 4): in a conflicting drawing the grabbed point still goes as far as the
// constraints allow, the conflict held as it is (docs/engine.md, "One step", 7); a redundant but consistent
// drawing drags exactly.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Connector, type Drawing, type Vec2 } from '../../shared/drawing';
import { Engine } from '../engine';
import { bar } from '../test-support/drawings';
import { testClock } from '../../shared/test-support/clock';

const start = (curve: string): Connector => ({ curve, anchor: 'start' });
const end = (curve: string): Connector => ({ curve, anchor: 'end' });
const distance = (a: Vec2, b: Vec2): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/**
 * Bars A→B, B→C, C→A joined end to end (A = (0,0), B = (50,0), C = (25,40)), and a fourth bar from A of `length`
 * attached at its ends by `ends`: redundant at 50, conflicting at 55 (it cannot span A–B).
 */
function triangle(length: number, ends: [Connector, Connector]): Drawing {
  const d = emptyDrawing();
  d.curves.push(bar('ab', [0, 0], [50, 0]), bar('bc', [50, 0], [25, 40]), bar('ca', [25, 40], [0, 0]));
  d.constraints.push(
    { id: 'jB', kind: 'attach', a: end('ab'), b: start('bc') },
    { id: 'jC', kind: 'attach', a: end('bc'), b: start('ca') },
    { id: 'jA', kind: 'attach', a: end('ca'), b: start('ab') },
  );
  d.curves.push(bar('dup', [0, 0], [length, 0]));
  d.constraints.push(
    { id: 'dA', kind: 'attach', a: start('dup'), b: ends[0] },
    { id: 'dB', kind: 'attach', a: end('dup'), b: ends[1] },
  );
  return d;
}

/** Drags vertex C (bar 'bc' at u = 1) toward `cursor` in 60 frames of 6 ms; returns where C ends. */
function dragC(engine: Engine, cursor: Vec2): Vec2 {
  engine.grab('bc', 1);
  for (let f = 0; f < 60; f++) engine.dragFrame(cursor, 6);
  engine.release();
  return engine.pointAt('bc', 1);
}

/** How far the fourth bar's ends are from A and B, in all: at least 55 − 50. */
function misfit(engine: Engine): number {
  return (
    distance(engine.pointAt('dup', 0), engine.pointAt('ab', 0)) +
    distance(engine.pointAt('dup', 1), engine.pointAt('ab', 1))
  );
}

function residualOf(engine: Engine, id: string): number {
  return engine.diagnostics().constraints.find((c) => c.id === id)!.residual;
}

const ON_SIDE: [Connector, Connector] = [start('ab'), end('ab')];
const VIA_CORNERS: [Connector, Connector] = [end('ca'), start('bc')];

describe('a drag in a conflicting drawing goes as far as it can', () => {
  for (const [name, ends] of [
    ['on the side it duplicates', ON_SIDE],
    ['at the other bars’ corners', VIA_CORNERS],
  ] as const) {
    it(`a triangle with a fourth bar 55 long attached ${name}: C follows the cursor, the conflict held`, () => {
      const engine = Engine.build(triangle(55, ends), { clock: testClock() });
      const settled = engine.settle(1000);
      expect(settled.converged).toBe(false);
      expect(misfit(engine)).toBeCloseTo(5, 6);
      const c0 = engine.pointAt('bc', 1);
      const cursor: Vec2 = [c0[0] + 30, c0[1]];
      const c1 = dragC(engine, cursor);
      // Nothing is pinned: the triangle can follow all the way, rigidly, its joints exact.
      expect(distance(c0, c1)).toBeCloseTo(30, 6);
      expect(distance(c1, cursor)).toBeLessThan(1e-6);
      for (const joint of ['jB', 'jC', 'jA']) expect(residualOf(engine, joint)).toBeLessThan(1e-9);
      expect(distance(engine.pointAt('ab', 0), engine.pointAt('ab', 1))).toBeCloseTo(50, 9);
      // The conflict is as small as it can be, as before the drag: the fourth bar's ends miss A and B by 5 in all.
      expect(misfit(engine)).toBeCloseTo(5, 6);
    });
  }

  it('pinned at A, the conflicting triangle turns about A: C goes to the reachable point nearest the cursor', () => {
    const d = triangle(55, ON_SIDE);
    d.constraints.push({ id: 'pinA', kind: 'pin', point: start('ab'), at: [0, 0] });
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle(1000);
    const A = engine.pointAt('ab', 0);
    const c0 = engine.pointAt('bc', 1);
    const radius = distance(A, c0);
    const cursor: Vec2 = [c0[0] + 30, c0[1]];
    const c1 = dragC(engine, cursor);
    // C stays on its circle about A, at the point of it nearest the cursor (30 mm away, beyond reach).
    const toCursor = distance(A, cursor);
    const nearest: Vec2 = [
      A[0] + (radius * (cursor[0] - A[0])) / toCursor,
      A[1] + (radius * (cursor[1] - A[1])) / toCursor,
    ];
    expect(distance(c1, nearest)).toBeLessThan(1e-4);
    expect(distance(c0, nearest)).toBeGreaterThan(15); // (a real move, not a start already there)
    expect(residualOf(engine, 'pinA')).toBeLessThan(1e-9);
    expect(misfit(engine)).toBeCloseTo(5, 6);
  });

  it('a point pinned in two places: the pendulum hung from it still swings to the cursor’s direction', () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'p', kind: 'point', at: [0, 0] }, bar('arm', [0, 0], [20, 0]));
    d.constraints.push(
      { id: 'here', kind: 'pin', point: start('p'), at: [0, 0] },
      { id: 'there', kind: 'pin', point: start('p'), at: [3, 0] },
      { id: 'hang', kind: 'attach', a: start('p'), b: start('arm') },
    );
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle(1000);
    const pivot = engine.pointAt('p', 0);
    engine.grab('arm', 1);
    const cursor: Vec2 = [0, 50];
    for (let f = 0; f < 60; f++) engine.dragFrame(cursor, 6);
    const tip = engine.pointAt('arm', 1);
    // The arm's tip on its circle (radius 20) about the pivot, in the cursor's direction from it.
    const toCursor = distance(pivot, cursor);
    const nearest: Vec2 = [
      pivot[0] + (20 * (cursor[0] - pivot[0])) / toCursor,
      pivot[1] + (20 * (cursor[1] - pivot[1])) / toCursor,
    ];
    expect(distance(tip, nearest)).toBeLessThan(1e-4);
    expect(residualOf(engine, 'there')).toBeCloseTo(3, 9);
    expect(residualOf(engine, 'hang')).toBeLessThan(1e-9);
  });
});

describe('a redundant, consistent drawing drags exactly', () => {
  for (const [name, ends] of [
    ['on the side it duplicates', ON_SIDE],
    ['at the other bars’ corners', VIA_CORNERS],
  ] as const) {
    it(`a triangle with a fourth bar 50 long attached ${name}: C on the cursor, every row exact`, () => {
      const engine = Engine.build(triangle(50, ends), { clock: testClock() });
      expect(engine.settle(1000).converged).toBe(true);
      const c0 = engine.pointAt('bc', 1);
      const cursor: Vec2 = [c0[0] + 30, c0[1] - 10];
      const c1 = dragC(engine, cursor);
      expect(distance(c1, cursor)).toBeLessThan(1e-6);
      expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
    });
  }
});
