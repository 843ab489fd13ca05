// Stacked constraints (issue 26, stacking.ts): many constraints on one point or pair — duplicates dropped from the
// solve, a star's attachments solved as a chain — are still named and judged as declared, and a drawing of 2,000 of
// them grabs, drags and settles in a bounded number of steps on the test clock.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing, type Vec2 } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { Engine } from './engine';
import { STACK_KINDS, stackedDrawing, type StackKind } from './test-support/stacked';

const N = 2000;

/** DOF of each stacked drawing: its mechanism's, whatever the stack (see stackedDrawing). */
const DOF: Record<StackKind, number> = { pin: 1, attach: 2, star: 1, distance: 1, angle: 1, horizontal: 1 };

/** Where the grabbed point ends when pulled toward the drawing's cursor: what the first stacked constraint allows. */
const REACHED: Record<StackKind, Vec2> = {
  pin: [0, 20],
  attach: [10, 25],
  star: [0, 20],
  distance: [0, 20],
  // the side's end on its ray at 0.5 rad from the origin, nearest (30, 30)
  angle: [
    30 * (Math.cos(0.5) + Math.sin(0.5)) * Math.cos(0.5),
    30 * (Math.cos(0.5) + Math.sin(0.5)) * Math.sin(0.5),
  ],
  horizontal: [30, 0],
};

const FRAMES = 20;
const MAX_FRAMES = 400;

/** Grabs the drawing's curve at u = 1 and pulls it to its cursor over FRAMES frames, then holds until caught up. */
function pull(engine: Engine, curve: string, to: Vec2): { steps: number; frames: number } {
  const from = engine.pointAt(curve, 1);
  engine.grab(curve, 1);
  let steps = 0;
  let frames = 0;
  for (; frames < MAX_FRAMES; frames++) {
    const t = Math.min(1, (frames + 1) / FRAMES);
    const report = engine.dragFrame([from[0] + t * (to[0] - from[0]), from[1] + t * (to[1] - from[1])], 6);
    steps += report.steps;
    if (t === 1 && report.caughtUp) break;
  }
  return { steps, frames };
}

describe('stacked constraints named as declared', () => {
  it.each(STACK_KINDS.filter((k) => k !== 'star'))(
    '%s × 2,000 agreeing: each after the first is redundant with the first',
    (kind) => {
      const { drawing, stacked } = stackedDrawing(kind, N);
      const d = Engine.build(drawing, { clock: testClock() }).diagnostics();
      expect(d.redundantGroups).toEqual(stacked.slice(1).map((id) => [stacked[0], id]));
      expect(d.conflictingGroups).toEqual([]);
      expect(d.redundant).toEqual(stacked);
      expect(d.dof).toBe(DOF[kind]);
      expect(d.maxResidual).toBeLessThan(1e-9);
    },
  );

  it.each(['pin', 'distance', 'angle'] as const)(
    '%s × 2,000, the last disagreeing: that one conflicts with the first, the others are redundant',
    (kind) => {
      const { drawing, stacked } = stackedDrawing(kind, N, true);
      const d = Engine.build(drawing, { clock: testClock() }).diagnostics();
      const last = stacked[N - 1];
      expect(d.conflictingGroups).toEqual([[stacked[0], last]]);
      expect(d.redundantGroups).toEqual(stacked.slice(1, N - 1).map((id) => [stacked[0], id]));
      const gap = kind === 'angle' ? 0.2 : 5;
      expect(d.maxResidual).toBeCloseTo(gap, 9);
      expect(d.constraints.find((k) => k.id === last)!.residual).toBeCloseTo(gap, 9);
      expect(d.constraints.find((k) => k.id === stacked[1])!.residual).toBeLessThan(1e-9);
    },
  );

  it('a star of 2,000 attachments to one point: no dependency, DOF 1, every leaf moves with the arm', () => {
    const { drawing } = stackedDrawing('star', N);
    const d = Engine.build(drawing, { clock: testClock() }).diagnostics();
    expect(d.redundantGroups).toEqual([]);
    expect(d.conflictingGroups).toEqual([]);
    expect(d.dof).toBe(1);
    expect(d.freeCurves).toHaveLength(N + 1);
  });

  it('leaves of a star pinned: the loops through the hub are named as they would be unstacked', () => {
    const { drawing } = stackedDrawing('star', 20);
    const at = (drawing.curves[1] as { at: Vec2 }).at;
    const pin = (id: string, leaf: string, x: number): void => {
      drawing.constraints.push({ id, kind: 'pin', point: { curve: leaf, anchor: 'start' }, at: [x, at[1]] });
    };
    pin('pinLeaf3', 'leaf3', at[0]);
    pin('pinLeaf7', 'leaf7', at[0]);
    pin('pinLeaf9', 'leaf9', at[0] + 1);
    const d = Engine.build(drawing, { clock: testClock() }).diagnostics();
    // (What the elimination of the attachments as written gives: the engine before issue 26 said the same.)
    expect(d.redundantGroups).toEqual([
      ['ground', 'tie3', 'pinLeaf3'],
      ['tie3', 'tie7', 'pinLeaf3', 'pinLeaf7'],
      ['ground', 'tie3', 'tie7', 'pinLeaf3', 'pinLeaf7'],
      ['ground', 'tie3', 'tie9', 'pinLeaf3', 'pinLeaf9'],
    ]);
    expect(d.conflictingGroups).toEqual([['tie3', 'tie9', 'pinLeaf3', 'pinLeaf9']]);
    expect(d.dof).toBe(0);
    expect(d.constraints.find((k) => k.id === 'pinLeaf9')!.residual).toBeCloseTo(1, 12);
    expect(d.constraints.filter((k) => k.residual > 1e-9).map((k) => k.id)).toEqual(['pinLeaf9']);
  });

  it("a star's tensions are its attachments' as written: pulling one leaf loads its own tie only", () => {
    const { drawing } = stackedDrawing('star', 40);
    const engine = Engine.build(drawing, { clock: testClock() });
    engine.grab('leaf5', 0);
    // The arm is pinned at its start: a cursor 100 mm out is beyond reach, so the pull holds the ties taut.
    for (let f = 0; f < 30; f++) engine.dragFrame([-100, 50], 6);
    const tension = new Map(engine.diagnostics().constraints.map((k) => [k.id, k.tension]));
    const pulled = tension.get('tie5')!;
    expect(pulled).toBeGreaterThan(1);
    expect(tension.get('ground')).toBeCloseTo(pulled, 6);
    for (let i = 0; i < 40; i++) if (i !== 5) expect(tension.get(`tie${i}`)).toBeLessThan(1e-9 * pulled);
  });

  it('sketch constraints repeated either way round are redundant with the first; a second radius conflicts', () => {
    const d = emptyDrawing();
    d.curves = [
      { id: 's1', kind: 'segment', a: [0, 0], b: [10, 0] },
      { id: 's2', kind: 'segment', a: [0, 5], b: [10, 5] },
      { id: 'c1', kind: 'circle', center: [30, 0], radius: 4 },
      { id: 'c2', kind: 'circle', center: [50, 0], radius: 4 },
      { id: 'p', kind: 'point', at: [5, 8] },
    ];
    const start = (curve: string) => ({ curve, anchor: 'start' as const });
    d.constraints = [
      { id: 'par1', kind: 'parallel', lines: ['s1', 's2'] },
      { id: 'par2', kind: 'parallel', lines: ['s2', 's1'] },
      { id: 'eq1', kind: 'equal', curves: ['s1', 's2'] },
      { id: 'eq2', kind: 'equal', curves: ['s2', 's1'] },
      { id: 'eqr1', kind: 'equal', curves: ['c1', 'c2'] },
      { id: 'eqr2', kind: 'equal', curves: ['c2', 'c1'] },
      { id: 'rad1', kind: 'radius', curve: 'c1', radius: 4 },
      { id: 'rad2', kind: 'radius', curve: 'c1', radius: 5 },
      { id: 'pld1', kind: 'point-line-distance', point: start('p'), line: 's2', distance: 3 },
      { id: 'pld2', kind: 'point-line-distance', point: start('p'), line: 's2', distance: 3 },
      { id: 'len1', kind: 'length', curve: 's1', length: 10 },
      { id: 'dist1', kind: 'distance', a: start('s1'), b: { curve: 's1', anchor: 'end' }, length: 10 },
      { id: 'v1', kind: 'vertical', a: start('s1'), b: start('s2') },
      { id: 'v2', kind: 'vertical', a: start('s2'), b: { curve: 's1', u: 0 } },
      { id: 'conc1', kind: 'concentric', curves: ['c1', 'c2'] },
      {
        id: 'conc2',
        kind: 'attach',
        a: { curve: 'c2', anchor: 'center' },
        b: { curve: 'c1', anchor: 'center' },
      },
    ];
    const diag = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(diag.redundantGroups).toEqual([
      ['par1', 'par2'],
      ['eq1', 'eq2'],
      ['eqr1', 'eqr2'],
      ['pld1', 'pld2'],
      ['len1', 'dist1'],
      ['v1', 'v2'],
      ['conc1', 'conc2'],
    ]);
    expect(diag.conflictingGroups).toEqual([['rad1', 'rad2']]);
  });

  it('a stack on a pair pinned apart: each distance is judged against the pins, as declared', () => {
    const { drawing } = stackedDrawing('distance', 3);
    drawing.constraints[3] = { ...drawing.constraints[3], length: 25 } as Drawing['constraints'][number];
    const rim = (drawing.curves[1] as { at: Vec2 }).at;
    drawing.constraints.push({
      id: 'pinRim',
      kind: 'pin',
      point: { curve: 'rim', anchor: 'start' },
      at: rim,
    });
    const d = Engine.build(drawing, { clock: testClock() }).diagnostics();
    expect(d.redundantGroups).toEqual([
      ['span0', 'span1'],
      ['ground', 'span0', 'pinRim'],
    ]);
    expect(d.conflictingGroups).toEqual([['span0', 'span2']]);
  });
});

describe('stacked constraints at their information’s cost', () => {
  /**
   * Builds the stack, pulls its curve to its cursor (pull) in a bounded number of frames and steps, checks that the
   * grabbed point reached where the first stacked constraint lets it, releases and settles (in a few steps); the
   * engine.
   */
  function dragged(kind: StackKind, conflicting: boolean): { engine: Engine; at: Vec2; converged: boolean } {
    const { drawing, grab, to } = stackedDrawing(kind, N, conflicting);
    const engine = Engine.build(drawing, { clock: testClock() });
    const { steps, frames } = pull(engine, grab, to);
    expect(frames).toBeLessThan(MAX_FRAMES);
    expect(steps).toBeLessThan(1000);
    const at = engine.pointAt(grab, 1);
    expect(at[0]).toBeCloseTo(REACHED[kind][0], 6);
    expect(at[1]).toBeCloseTo(REACHED[kind][1], 6);
    engine.release();
    const settled = engine.settle(250);
    expect(settled.steps).toBeLessThan(50);
    return { engine, at, converged: settled.converged };
  }

  it.each(STACK_KINDS)(
    '%s × 2,000: grab, drag and settle in bounded steps, as the first constraint allows',
    (kind) => {
      const { engine, at, converged } = dragged(kind, false);
      expect(converged).toBe(true);
      expect(engine.residual).toBeLessThan(1e-9);
      if (kind !== 'star') return;
      for (const leaf of ['leaf0', `leaf${N - 1}`]) {
        const p = engine.pointAt(leaf, 0);
        expect(Math.hypot(p[0] - at[0], p[1] - at[1])).toBeLessThan(1e-9);
      }
    },
  );

  it.each(['pin', 'distance', 'angle'] as const)(
    '%s × 2,000 with the last disagreeing: the drag goes where the first allows, the misfit stays',
    (kind) => {
      const { engine, converged } = dragged(kind, true);
      expect(converged).toBe(false);
      expect(engine.residual).toBeCloseTo(kind === 'angle' ? 0.2 : 5, 6);
    },
  );

  it("a stacked dimension's value edit: all of them → the drawing follows; only one → it conflicts, the first holds", () => {
    const lengths = (values: number[]) => {
      const { drawing } = stackedDrawing('distance', values.length);
      values.forEach((length, i) => {
        drawing.constraints[1 + i] = {
          ...drawing.constraints[1 + i],
          length,
        } as Drawing['constraints'][number];
      });
      const engine = Engine.build(drawing, { clock: testClock() });
      const settled = engine.settle(250);
      return { engine, settled, d: engine.diagnostics() };
    };
    const all = lengths([25, 25, 25, 25]);
    expect(all.settled.converged).toBe(true);
    expect(Math.hypot(...all.engine.pointAt('rim', 0))).toBeCloseTo(25, 9);
    expect(all.d.conflictingGroups).toEqual([]);
    const one = lengths([20, 20, 25, 20]);
    expect(Math.hypot(...one.engine.pointAt('rim', 0))).toBeCloseTo(20, 9);
    expect(one.d.conflictingGroups).toEqual([['span0', 'span2']]);
    expect(one.d.redundantGroups).toEqual([
      ['span0', 'span1'],
      ['span0', 'span3'],
    ]);
    const dropped = stackedDrawing('distance', 4).drawing.constraints[3];
    expect(one.engine.measure(dropped)).toBeCloseTo(20, 9);
  });
});
