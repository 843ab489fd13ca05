// Diagnosis by rank: the drawings where naming culprits used to fail (closed loops, a dependent row inside a
// two-row attachment, a dependent row in a pin), each with its exact groups; components, their DOF and the free
// curves.
import { describe, expect, it, vi } from 'vitest';
import { emptyDrawing, type Connector, type Drawing, type Vec2 } from '../shared/drawing';
import { Engine } from './engine';
import { RowEchelon } from './rank/row-echelon';
import { SparseSymmetricSolver } from './sparse';
import { JWJtAssembly } from './system/assembly';
import { bar, chain, fourBar } from './test-support/drawings';
import { testClock } from '../shared/test-support/clock';

const start = (curve: string): Connector => ({ curve, anchor: 'start' });
const end = (curve: string): Connector => ({ curve, anchor: 'end' });

function attach(d: Drawing, id: string, a: Connector, b: Connector): void {
  d.constraints.push({ id, kind: 'attach', a, b });
}

/** Bars A→B, B→C, C→A joined at their ends, plus a fourth bar along A→B of `length`, attached by `ends`. */
function triangleWithDuplicate(length: number, ends: [Connector, Connector]): Drawing {
  const A: Vec2 = [0, 0];
  const B: Vec2 = [50, 0];
  const C: Vec2 = [20, 40];
  const d = emptyDrawing();
  d.curves.push(bar('ab', A, B), bar('bc', B, C), bar('ca', C, A));
  attach(d, 'jB', end('ab'), start('bc'));
  attach(d, 'jC', end('bc'), start('ca'));
  attach(d, 'jA', end('ca'), start('ab'));
  d.curves.push(bar('dup', [25 - length / 2, 0], [25 + length / 2, 0]));
  attach(d, 'dA', start('dup'), ends[0]);
  attach(d, 'dB', end('dup'), ends[1]);
  return d;
}

describe('dependencies named by groups', () => {
  it('a triangle with a fourth bar duplicating a side: the duplicate and what it duplicates, redundant', () => {
    // Attached to the side it duplicates: that side and the duplicate form the loop.
    const onSide = Engine.build(triangleWithDuplicate(50, [start('ab'), end('ab')]), {
      clock: testClock(),
    }).diagnostics();
    expect(onSide.redundantGroups).toEqual([['dA', 'dB']]);
    expect(onSide.conflictingGroups).toEqual([]);
    expect(onSide.dof).toBe(3);
    // Attached to the other bars at the same corners: the loop runs through the triangle's joints.
    const viaCorners = Engine.build(triangleWithDuplicate(50, [end('ca'), start('bc')]), {
      clock: testClock(),
    }).diagnostics();
    expect(viaCorners.redundantGroups).toEqual([['jB', 'jA', 'dA', 'dB']]);
    expect(viaCorners.redundant).toEqual(['jB', 'jA', 'dA', 'dB']);
    expect(viaCorners.conflicting).toEqual([]);
  });

  it('the same triangle with the fourth bar 55 instead of 50: conflicting', () => {
    const diag = Engine.build(triangleWithDuplicate(55, [end('ca'), start('bc')]), {
      clock: testClock(),
    }).diagnostics();
    expect(diag.conflictingGroups).toEqual([['jB', 'jA', 'dA', 'dB']]);
    expect(diag.conflicting).toEqual(['jB', 'jA', 'dA', 'dB']);
    expect(diag.redundantGroups).toEqual([]);
  });

  it('a crank-rocker with a distance between its pinned pivots: redundant at the ground length, else conflicting', () => {
    const withSpan = (length: number): Drawing => {
      const d = fourBar(0.3);
      d.constraints.push({ id: 'span', kind: 'distance', a: start('crank'), b: end('rocker'), length });
      return d;
    };
    const exact = Engine.build(withSpan(4), { clock: testClock() }).diagnostics();
    expect(exact.redundantGroups).toEqual([['ground1', 'ground2', 'span']]);
    expect(exact.conflictingGroups).toEqual([]);
    const off = Engine.build(withSpan(4.1), { clock: testClock() }).diagnostics();
    expect(off.conflictingGroups).toEqual([['ground1', 'ground2', 'span']]);
    expect(off.redundantGroups).toEqual([]);
  });

  it('a crank-rocker with a ground bar attached at both pivots: redundant, or conflicting if too long', () => {
    const withGround = (length: number): Drawing => {
      const d = fourBar(0.3);
      d.curves.push(bar('ground', [2 - length / 2, 0], [2 + length / 2, 0]));
      attach(d, 'gA', start('ground'), start('crank'));
      attach(d, 'gD', end('ground'), end('rocker'));
      return d;
    };
    const exact = Engine.build(withGround(4), { clock: testClock() }).diagnostics();
    expect(exact.redundantGroups).toEqual([['ground1', 'ground2', 'gA', 'gD']]);
    expect(exact.dof).toBe(0);
    const long = Engine.build(withGround(4.2), { clock: testClock() }).diagnostics();
    expect(long.conflictingGroups).toEqual([['ground1', 'ground2', 'gA', 'gD']]);
  });

  it('one dependent row inside a two-row attachment names the attachment and what it repeats', () => {
    // A bar of length 2 pinned at its start, a point pinned at (2, 0), the bar's end attached to the point: only
    // the attachment's x row (along the bar) repeats the pins; its y row holds the bar's angle.
    const d = emptyDrawing();
    d.curves.push(bar('b', [0, 0], [2, 0]), { id: 'p', kind: 'point', at: [2, 0] });
    d.constraints.push(
      { id: 'pinB', kind: 'pin', point: start('b'), at: [0, 0] },
      { id: 'pinP', kind: 'pin', point: start('p'), at: [2, 0] },
    );
    attach(d, 'tie', end('b'), start('p'));
    const diag = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(diag.redundantGroups).toEqual([['pinB', 'pinP', 'tie']]);
    expect(diag.dof).toBe(0);
    expect(diag.freeCurves).toEqual([]);
  });

  it('a dependent row that falls in a pin names the pin and the one it repeats', () => {
    const d = emptyDrawing();
    d.curves.push(bar('b', [0, 0], [2, 0]));
    d.constraints.push(
      { id: 'root', kind: 'pin', point: start('b'), at: [0, 0] },
      { id: 'tip', kind: 'pin', point: end('b'), at: [2, 0] },
    );
    const diag = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(diag.redundantGroups).toEqual([['root', 'tip']]);
    expect(diag.binding).toEqual(['root', 'tip']);
    // The tip pinned 1 beyond the bar's reach: the same group, now conflicting, with its gap as residual.
    (d.constraints[1] as { at: Vec2 }).at = [3, 0];
    const far = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(far.conflictingGroups).toEqual([['root', 'tip']]);
  });

  it('many conflicting pins on one point: one group per pin with the first, each conflicting', () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'p', kind: 'point', at: [0, 0] });
    for (let i = 0; i < 5; i++)
      d.constraints.push({ id: `k${i}`, kind: 'pin', point: start('p'), at: [i, 0] });
    const diag = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(diag.conflictingGroups).toEqual([
      ['k0', 'k1'],
      ['k0', 'k2'],
      ['k0', 'k3'],
      ['k0', 'k4'],
    ]);
    expect(diag.redundantGroups).toEqual([]);
  });
});

describe('a hub that every constraint shares', () => {
  /**
   * n points on a circle of radius 10 about a hub point, each held at that distance from it: J W Jᵀ is dense (every
   * row touches the hub), J is not. (Points attached to a hub no longer are: their attachments are solved as a chain,
   * stacking.ts.)
   */
  function fan(n: number): Drawing {
    const d = emptyDrawing();
    d.curves.push({ id: 'hub', kind: 'point', at: [0, 0] });
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n;
      d.curves.push({ id: `p${i}`, kind: 'point', at: [10 * Math.cos(a), 10 * Math.sin(a)] });
      d.constraints.push({ id: `a${i}`, kind: 'distance', a: start(`p${i}`), b: start('hub'), length: 10 });
    }
    return d;
  }

  it('3,000 points held at a distance from one are diagnosed without planning J W Jᵀ (4.5 million products)', () => {
    const plan = vi.spyOn(JWJtAssembly.prototype as unknown as { plan: () => void }, 'plan');
    try {
      const engine = Engine.build(fan(3000), { clock: testClock() });
      const diag = engine.diagnostics();
      expect(diag.dof).toBe(3002);
      expect(diag.redundantGroups).toEqual([]);
      expect(diag.components).toHaveLength(1);
      expect(plan).not.toHaveBeenCalled();
    } finally {
      plan.mockRestore();
    }
  });

  it('a dense pattern is planned once, at the first step that needs it; a sparse one at build', () => {
    const plan = vi.spyOn(JWJtAssembly.prototype as unknown as { plan: () => void }, 'plan');
    try {
      // A chain's pattern is sparse: planned at build, so its first drag does not pay for it.
      Engine.build(chain(20), { clock: testClock() });
      expect(plan).toHaveBeenCalledTimes(1);
      plan.mockClear();
      // 200 points about one: 20,300 products for 200 rows, dense: left to the first step.
      const engine = Engine.build(fan(200), { clock: testClock() });
      expect(plan).not.toHaveBeenCalled();
      engine.grab('p3', 0);
      const to: Vec2 = [20, 5];
      for (let f = 0; f < 100 && !engine.dragFrame(to, 100).caughtUp; f++);
      expect(plan).toHaveBeenCalledTimes(1);
      const p3 = engine.connectorPosition(start('p3'));
      expect(Math.hypot(p3[0] - to[0], p3[1] - to[1])).toBeLessThan(1e-6);
      expect(engine.residual).toBeLessThan(1e-9);
    } finally {
      plan.mockRestore();
    }
  });
});

/** A driven four-bar beside a loose bar, a pinned point and a bar that swings about its pin. */
function fourBarAmongOthers(): Drawing {
  const d = fourBar(0.3);
  d.curves.push(bar('loose', [10, 10], [12, 10]), { id: 'dot', kind: 'point', at: [20, 0] });
  d.curves.push(bar('swing', [30, 0], [32, 0]));
  d.constraints.push(
    { id: 'pinDot', kind: 'pin', point: start('dot'), at: [20, 0] },
    { id: 'pinSwing', kind: 'pin', point: start('swing'), at: [30, 0] },
  );
  return d;
}

describe('degrees of freedom by component, fully constrained curves', () => {
  it('lists each component with its DOF and the curves some motion still moves', () => {
    const d = fourBarAmongOthers();
    const diag = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(diag.components).toEqual([
      { curves: ['crank', 'coupler', 'rocker'], dof: 0 },
      { curves: ['loose'], dof: 3 },
      { curves: ['dot'], dof: 0 },
      { curves: ['swing'], dof: 1 },
    ]);
    expect(diag.freeCurves).toEqual(['loose', 'swing']);
    expect(diag.dof).toBe(4);
  });

  it('without its motor the four-bar turns: every bar of it is free', () => {
    const d = fourBar(0.3);
    d.constraints = d.constraints.filter((k) => k.kind !== 'motor');
    const diag = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(diag.components).toEqual([{ curves: ['crank', 'coupler', 'rocker'], dof: 1 }]);
    expect(diag.freeCurves).toEqual(['crank', 'coupler', 'rocker']);
  });

  it('a bar pinned at its start and held by a point pinned at its end is fixed, the point too', () => {
    const d = emptyDrawing();
    d.curves.push(bar('b', [0, 0], [3, 4]), bar('c', [3, 4], [6, 4]));
    d.constraints.push({ id: 'root', kind: 'pin', point: start('b'), at: [0, 0] });
    attach(d, 'j', end('b'), start('c'));
    d.constraints.push({ id: 'tip', kind: 'pin', point: end('c'), at: [6, 4] });
    const diag = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(diag.components).toEqual([{ curves: ['b', 'c'], dof: 0 }]);
    expect(diag.freeCurves).toEqual([]);
    // Released at the tip, the two bars fold about the joint: both move.
    d.constraints.pop();
    expect(Engine.build(d, { clock: testClock() }).diagnostics().freeCurves).toEqual(['b', 'c']);
  });

  it('a fixed curve inside a component that still moves: only the swinging one is free', () => {
    // b pinned at both ends cannot move; c hangs from b's end and swings about it.
    const d = emptyDrawing();
    d.curves.push(bar('b', [0, 0], [3, 4]), bar('c', [3, 4], [6, 4]));
    d.constraints.push(
      { id: 'root', kind: 'pin', point: start('b'), at: [0, 0] },
      { id: 'tip', kind: 'pin', point: end('b'), at: [3, 4] },
    );
    attach(d, 'j', end('b'), start('c'));
    const diag = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(diag.components).toEqual([{ curves: ['b', 'c'], dof: 1 }]);
    expect(diag.freeCurves).toEqual(['c']);
  });
});

describe('the shortcut where every row is independent (rank/analysis.ts independentRows)', () => {
  /** Two bars pinned at the root: the second pinned at its tip too (fixed), or at its middle as well (redundant). */
  function pinnedPair(tip: boolean, twice: boolean): Drawing {
    const d = emptyDrawing();
    d.curves.push(bar('b', [0, 0], [3, 4]), bar('c', [3, 4], [6, 4]));
    d.constraints.push({ id: 'root', kind: 'pin', point: start('b'), at: [0, 0] });
    attach(d, 'j', end('b'), start('c'));
    if (tip) d.constraints.push({ id: 'tip', kind: 'pin', point: end('c'), at: [6, 4] });
    if (twice) d.constraints.push({ id: 'again', kind: 'pin', point: end('b'), at: [3, 4] });
    return d;
  }
  const independent: [string, () => Drawing][] = [
    ['a chain of 40 bars', () => chain(40)],
    ['a driven four-bar beside a loose bar, a pinned point and a swinging bar', fourBarAmongOthers],
    [
      'a four-bar without its motor',
      () => {
        const d = fourBar(0.3);
        d.constraints = d.constraints.filter((k) => k.kind !== 'motor');
        return d;
      },
    ],
    ['two bars pinned at both ends of the pair (fixed)', () => pinnedPair(true, false)],
    ['two bars pinned at the root only (folding)', () => pinnedPair(false, false)],
  ];
  const dependent: [string, () => Drawing][] = [
    ['a triangle with a redundant fourth bar', () => triangleWithDuplicate(50, [end('ca'), start('bc')])],
    ['the same triangle, conflicting', () => triangleWithDuplicate(55, [end('ca'), start('bc')])],
    ['a bar pinned twice at one joint', () => pinnedPair(true, true)],
  ];

  /** The diagnosis, and how many rows the elimination took (0: the shortcut answered). */
  function diagnosed(d: Drawing): [ReturnType<Engine['diagnostics']>, number] {
    const add = vi.spyOn(RowEchelon.prototype, 'add');
    try {
      return [Engine.build(d, { clock: testClock() }).diagnostics(), add.mock.calls.length];
    } finally {
      add.mockRestore();
    }
  }
  /** The diagnosis by the elimination alone: the factorisation's pivots made to look doubtful. */
  function eliminated(d: Drawing): ReturnType<Engine['diagnostics']> {
    const ratio = vi.spyOn(SparseSymmetricSolver.prototype, 'smallestPivotRatio').mockReturnValue(0);
    try {
      return Engine.build(d, { clock: testClock() }).diagnostics();
    } finally {
      ratio.mockRestore();
    }
  }

  it.each(independent)('%s: answered without the elimination, as the elimination answers', (_, make) => {
    const [diag, rowsEliminated] = diagnosed(make());
    expect(rowsEliminated).toBe(0);
    expect(diag).toEqual(eliminated(make()));
  });

  it.each(dependent)('%s: left to the elimination, which names the groups', (_, make) => {
    const [diag, rowsEliminated] = diagnosed(make());
    expect(rowsEliminated).toBeGreaterThan(0);
    expect(diag.redundantGroups.length + diag.conflictingGroups.length).toBeGreaterThan(0);
    expect(diag).toEqual(eliminated(make()));
  });
});
