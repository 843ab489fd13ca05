// The diagnosis catalogue: drawings, each with what the engine must say about it — degrees of freedom, redundant
// and conflicting groups, connected components and the curves still free to move. Every expectation is derived by
// hand from the geometry (each curve's parameters, minus the independent constraint rows; a group is the set of
// constraints whose rows depend on each other, named in declared order), never copied from the engine's output.
// A bead's parameter s is one more state entry; an end stop is an inequality, not a row, so it removes no DOF.
// Drawings that must be assembled are built in closed form, so every consistent one is exact at load.

import { DrawingBuilder, at } from '../../../src/mechanisms/builder';
import { CRANK_ROCKER, crankRocker } from '../../../src/mechanisms/examples/four-bars';
import { pantograph, sliderCrank } from '../../../src/mechanisms/examples/others';
import { wattLinkage } from '../../../src/mechanisms/examples/straight-line';
import type { Connector, Drawing, EquationDefinition, Vec2 } from '../../../src/shared/drawing';

export interface CatalogueEntry {
  name: string;
  /** Why the numbers below are what they are. */
  why: string;
  build: () => Drawing;
  dof: number;
  redundantGroups: string[][];
  conflictingGroups: string[][];
  /** Connected components in drawing order, with their DOF. */
  components: { curves: string[]; dof: number }[];
  freeCurves: string[];
  /**
   * Built far from assembled (bars scattered, a bead on the wrong side of its wire): `check` at load reports a
   * residual above 1e-3, and `settle` must still assemble it. Otherwise it is exact at load unless it conflicts.
   */
  startsFar?: true;
}

const start = (curve: string): Connector => at(curve, 'start');
const end = (curve: string): Connector => at(curve, 'end');

/** Pin each connector where the builder has it now (pin1, pin2, … in this order). */
function pinAll(b: DrawingBuilder, ...connectors: Connector[]): void {
  for (const c of connectors) b.pin(c);
}

/** A pin given its target: for curves whose connectors the builder cannot place (circles, arcs, equations). */
function pinTo(d: Drawing, id: string, point: Connector, target: Vec2): void {
  d.constraints.push({ kind: 'pin', id, point, at: target });
}

// A triangle of bars A → B → C → A: ab, bc, ca, joined at their ends (joint1 at A, joint2 at B, joint3 at C).
const A: Vec2 = [0, 0];
const B: Vec2 = [50, 0];
const C: Vec2 = [20, 40];
function triangle(title: string): DrawingBuilder {
  const b = new DrawingBuilder(title);
  b.bar('ab', A, B);
  b.bar('bc', B, C);
  b.bar('ca', C, A);
  b.attach(end('ca'), start('ab'));
  b.attach(end('ab'), start('bc'));
  b.attach(end('bc'), start('ca'));
  return b;
}

/** The triangle plus a fourth bar along A → B of `length` (centred on AB), attached to ca's end and bc's start. */
function triangleWithDuplicate(length: number): Drawing {
  const b = triangle(`triangle with a duplicate side of ${length}`);
  b.bar('dup', [25 - length / 2, 0], [25 + length / 2, 0]);
  b.attach(start('dup'), end('ca'));
  b.attach(end('dup'), start('bc'));
  return b.build();
}

/** The crank-rocker example with one more constraint or bar. */
function crankRockerWith(extend: (d: Drawing) => void): () => Drawing {
  return () => {
    const d = crankRocker();
    extend(d);
    return d;
  };
}

const CRANK_ROCKER_CURVES = ['crank', 'coupler', 'rocker', 'coupler-point'];

/** A circle of free centre and radius, written as the equation dialog writes a definition. */
function equationCircle(): EquationDefinition {
  return {
    id: 'eq-circle',
    name: 'Circle of free radius',
    x: 'cx + r * cos(u)',
    y: 'cy + r * sin(u)',
    u0: 0,
    u1: 2 * Math.PI,
    closed: true,
    params: [
      { name: 'cx', value: 0, free: true },
      { name: 'cy', value: 0, free: true },
      { name: 'r', value: 10, free: true },
    ],
  };
}

/** The equation circle centred at (30, 20), radius 10; pinned at u = 0 and, if `twice`, at u = ½ too. */
function pinnedEquationCircle(title: string, twice: boolean): Drawing {
  const d = new DrawingBuilder(title).build();
  d.equations.push(equationCircle());
  d.curves.push({ kind: 'equation', id: 'ring', definition: 'eq-circle', params: { cx: 30, cy: 20, r: 10 } });
  pinTo(d, 'pinRight', at('ring', 0), [40, 20]);
  if (twice) pinTo(d, 'pinLeft', at('ring', 0.5), [20, 20]);
  return d;
}

/**
 * A four-bar at a toggle pose, coupler and rocker in line: ground O = (0, 0) to D = (40, 0), crank 30 from O to
 * A = (0, −30), coupler 20 from A to B = (16, −18), rocker 30 from B to D; A, B, D are collinear (|AD| = 50 =
 * 20 + 30).
 */
function toggleFourBar(): Drawing {
  const b = new DrawingBuilder('four-bar at a toggle');
  b.bar('crank', [0, 0], [0, -30]);
  b.bar('coupler', [0, -30], [16, -18]);
  b.bar('rocker', [16, -18], [40, 0]);
  pinAll(b, start('crank'), end('rocker'));
  b.attach(end('crank'), start('coupler'));
  b.attach(end('coupler'), start('rocker'));
  b.motorBar('motor', 'crank', 60);
  return b.build();
}

/** Moves a bar by (dx, dy) and turns it by `turn` about its centre: a far start for settle to assemble from. */
function scatter(d: Drawing, id: string, dx: number, dy: number, turn: number): void {
  const bar = d.curves.find((k) => k.id === id);
  if (bar?.kind !== 'bar') throw new Error(`scatter: '${id}' is not a bar`);
  bar.center = [bar.center[0] + dx, bar.center[1] + dy];
  bar.angle += turn;
}

const DEG = Math.PI / 180;
/**
 * A bead on a 300° arc (centre (0, 0), radius 50, from 0° to 300°, held by its centre, its start and the chord to
 * its end) that must reach 10 mm from z, a pinned point 10 mm from the arc's point at 290°. The bead starts at 10°:
 * the short way to 290° crosses the arc's gap, so a local descent pushes it against the stop at 0°. The only seat
 * on the arc within 10 mm of z near 290° is met from the far side.
 */
function beadBehindItsStop(): Drawing {
  const d = new DrawingBuilder('bead that must go the long way round').build();
  const r = 50;
  d.curves.push({ kind: 'arc', id: 'arc', center: [0, 0], radius: r, start: 0, sweep: 300 * DEG });
  pinTo(d, 'hub', at('arc', 'center'), [0, 0]);
  pinTo(d, 'foot', start('arc'), [r, 0]);
  d.constraints.push({ kind: 'distance', id: 'chord', a: start('arc'), b: end('arc'), length: r });
  const seat: Vec2 = [r * Math.cos(290 * DEG), r * Math.sin(290 * DEG)];
  const z: Vec2 = [seat[0] + 6, seat[1] + 8];
  d.curves.push({ kind: 'point', id: 'p', at: [r * Math.cos(10 * DEG), r * Math.sin(10 * DEG)] });
  d.curves.push({ kind: 'point', id: 'z', at: z });
  pinTo(d, 'zpin', start('z'), z);
  d.constraints.push({ kind: 'distance', id: 'reach', a: start('p'), b: start('z'), length: 10 });
  d.constraints.push({ kind: 'on-curve', id: 'bead', point: start('p'), curve: 'arc', s: 10 / 300 });
  return d;
}

/** Ten bars of 20 mm, end to end, first and last pinned 120 mm apart, every bar scattered about its place. */
function scatteredChain(): Drawing {
  const b = new DrawingBuilder('scattered chain');
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) {
    // Assembled as a zig-zag reaching 120 mm: each bar 20 mm long at ±53.13° (12 mm along x, 16 mm up or down).
    const x = 12 * i;
    const y = i % 2 === 0 ? 0 : 16;
    ids.push(b.bar(`link${i}`, [x, y], [x + 12, y === 0 ? 16 : 0]));
  }
  b.pin(start(ids[0]));
  for (let i = 0; i + 1 < ids.length; i++) b.attach(end(ids[i]), start(ids[i + 1]));
  b.pin(end(ids[9]));
  const d = b.build();
  ids.forEach((id, i) =>
    scatter(d, id, 25 * Math.sin(i * 1.7), 30 * Math.cos(i * 2.3), i % 3 === 0 ? 2 : -1.3),
  );
  return d;
}

export const CATALOGUE: CatalogueEntry[] = [
  {
    name: 'free point',
    why: 'x, y and nothing holding them',
    build: () => {
      const b = new DrawingBuilder('free point');
      b.point('p', [3, 4]);
      return b.build();
    },
    dof: 2,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['p'], dof: 2 }],
    freeCurves: ['p'],
  },
  {
    name: 'pinned point',
    why: '2 parameters, 2 rows',
    build: () => {
      const b = new DrawingBuilder('pinned point');
      b.point('p', [3, 4]);
      b.pin(start('p'));
      return b.build();
    },
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['p'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'segment pinned at both ends',
    why: 'a stretchy segment has 4 parameters, its two pins 4 rows',
    build: () => {
      const b = new DrawingBuilder('segment pinned at both ends');
      b.segment('s', [0, 0], [30, 10], true);
      return b.build();
    },
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['s'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'segment pinned at one end',
    why: 'the free end moves anywhere: 4 − 2',
    build: () => {
      const b = new DrawingBuilder('segment pinned at one end');
      b.segment('s', [0, 0], [30, 10], false);
      b.pin(start('s'));
      return b.build();
    },
    dof: 2,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['s'], dof: 2 }],
    freeCurves: ['s'],
  },
  {
    name: 'bar pinned at one end',
    why: 'a bar has 3 parameters (centre, angle); the pin takes 2, the angle stays',
    build: () => {
      const b = new DrawingBuilder('bar pinned at one end');
      b.bar('b', [0, 0], [20, 0]);
      b.pin(start('b'));
      return b.build();
    },
    dof: 1,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['b'], dof: 1 }],
    freeCurves: ['b'],
  },
  {
    name: 'bar pinned at both ends',
    why: 'the pins give 4 rows for 3 parameters: the rows along the bar repeat its length, consistently',
    build: () => {
      const b = new DrawingBuilder('bar pinned at both ends');
      b.bar('b', [0, 0], [20, 0]);
      pinAll(b, start('b'), end('b'));
      return b.build();
    },
    dof: 0,
    redundantGroups: [['pin1', 'pin2']],
    conflictingGroups: [],
    components: [{ curves: ['b'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'pinned chain of three bars',
    why: '9 parameters; 2 (pin) + 2 × 2 (joints) rows: one angle per bar',
    build: () => {
      const b = new DrawingBuilder('pinned chain of three bars');
      b.bar('b1', [0, 0], [10, 0]);
      b.bar('b2', [10, 0], [20, 5]);
      b.bar('b3', [20, 5], [25, 15]);
      b.pin(start('b1'));
      b.attach(end('b1'), start('b2'));
      b.attach(end('b2'), start('b3'));
      return b.build();
    },
    dof: 3,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['b1', 'b2', 'b3'], dof: 3 }],
    freeCurves: ['b1', 'b2', 'b3'],
  },
  {
    name: 'triangle of bars',
    why: '9 parameters, 3 joints × 2 rows: a rigid body, free in the plane',
    build: () => triangle('triangle of bars').build(),
    dof: 3,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['ab', 'bc', 'ca'], dof: 3 }],
    freeCurves: ['ab', 'bc', 'ca'],
  },
  {
    name: 'triangle pinned at a vertex',
    why: 'the rigid triangle turns about its pin',
    build: () => {
      const b = triangle('triangle pinned at a vertex');
      b.pin(start('ab'));
      return b.build();
    },
    dof: 1,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['ab', 'bc', 'ca'], dof: 1 }],
    freeCurves: ['ab', 'bc', 'ca'],
  },
  {
    name: 'triangle with a duplicate side',
    why:
      'dup (3 parameters, 4 rows) repeats |AB|: the loop dup – joint4 – ca – joint1 – ab – joint2 – bc – joint5; ' +
      'joint3 is not in it. 12 − 9 independent rows',
    build: () => triangleWithDuplicate(50),
    dof: 3,
    redundantGroups: [['joint1', 'joint2', 'joint4', 'joint5']],
    conflictingGroups: [],
    components: [{ curves: ['ab', 'bc', 'ca', 'dup'], dof: 3 }],
    freeCurves: ['ab', 'bc', 'ca', 'dup'],
  },
  {
    name: 'triangle with a duplicate side 10% long',
    why: 'the same loop, now asking for |AB| = 55 against 50: the rank is the same, the loop cannot close',
    build: () => triangleWithDuplicate(55),
    dof: 3,
    redundantGroups: [],
    conflictingGroups: [['joint1', 'joint2', 'joint4', 'joint5']],
    components: [{ curves: ['ab', 'bc', 'ca', 'dup'], dof: 3 }],
    freeCurves: ['ab', 'bc', 'ca', 'dup'],
  },
  {
    name: 'crank-rocker with its motor',
    why: '3 bars and a point: 11 parameters; pins 4, joints 4, distances 2, motor 1 rows: held while the motor holds',
    build: crankRocker,
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: CRANK_ROCKER_CURVES, dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'crank-rocker without its motor',
    why: 'a Grashof four-bar turns: one DOF, every link moves',
    build: () => {
      const d = crankRocker();
      d.constraints = d.constraints.filter((k) => k.kind !== 'motor');
      return d;
    },
    dof: 1,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: CRANK_ROCKER_CURVES, dof: 1 }],
    freeCurves: CRANK_ROCKER_CURVES,
  },
  {
    name: 'crank-rocker with a distance between its pivots',
    why: 'the two ground pins already hold the pivots 60 apart: the distance repeats them',
    build: crankRockerWith((d) =>
      d.constraints.push({
        kind: 'distance',
        id: 'span',
        a: start('crank'),
        b: start('rocker'),
        length: CRANK_ROCKER.ground,
      }),
    ),
    dof: 0,
    redundantGroups: [['pin1', 'pin2', 'span']],
    conflictingGroups: [],
    components: [{ curves: CRANK_ROCKER_CURVES, dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'crank-rocker with a conflicting distance between its pivots',
    why: 'the pins hold the pivots 60 apart, the distance asks for 61',
    build: crankRockerWith((d) =>
      d.constraints.push({ kind: 'distance', id: 'span', a: start('crank'), b: start('rocker'), length: 61 }),
    ),
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [['pin1', 'pin2', 'span']],
    components: [{ curves: CRANK_ROCKER_CURVES, dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'crank-rocker with a ground bar attached at both pivots',
    why: 'the ground bar (3 parameters, 4 rows) repeats the pivots’ distance: 14 parameters, 14 independent rows',
    build: crankRockerWith((d) => {
      d.curves.push({ kind: 'bar', id: 'ground', center: [30, 0], angle: 0, length: 60 });
      d.constraints.push(
        { kind: 'attach', id: 'gA', a: start('ground'), b: start('crank') },
        { kind: 'attach', id: 'gD', a: end('ground'), b: start('rocker') },
      );
    }),
    dof: 0,
    redundantGroups: [['pin1', 'pin2', 'gA', 'gD']],
    conflictingGroups: [],
    components: [{ curves: [...CRANK_ROCKER_CURVES, 'ground'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'crank-rocker with a ground bar too long',
    why: 'the same loop with a 63 mm ground bar between pivots 60 apart',
    build: crankRockerWith((d) => {
      d.curves.push({ kind: 'bar', id: 'ground', center: [30, 0], angle: 0, length: 63 });
      d.constraints.push(
        { kind: 'attach', id: 'gA', a: start('ground'), b: start('crank') },
        { kind: 'attach', id: 'gD', a: end('ground'), b: start('rocker') },
      );
    }),
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [['pin1', 'pin2', 'gA', 'gD']],
    components: [{ curves: [...CRANK_ROCKER_CURVES, 'ground'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'point pinned twice at the same place',
    why: 'the second pin repeats the first',
    build: () => {
      const b = new DrawingBuilder('point pinned twice');
      b.point('p', [5, 5]);
      pinAll(b, start('p'), start('p'));
      return b.build();
    },
    dof: 0,
    redundantGroups: [['pin1', 'pin2']],
    conflictingGroups: [],
    components: [{ curves: ['p'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'point pinned at two places',
    why: 'the second pin asks for a point 10 mm from the first',
    build: () => {
      const b = new DrawingBuilder('point pinned at two places');
      b.point('p', [5, 5]);
      b.pin(start('p'));
      const d = b.build();
      pinTo(d, 'pin2', start('p'), [15, 5]);
      return d;
    },
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [['pin1', 'pin2']],
    components: [{ curves: ['p'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'bead on a circle pinned at its centre',
    why: 'circle 3 (centre, radius) + point 2 + s 1; centre pin 2 and bead 2 rows: the radius and s stay',
    build: () => {
      const d = new DrawingBuilder('bead on a circle').build();
      d.curves.push({ kind: 'circle', id: 'wheel', center: [0, 0], radius: 20 });
      pinTo(d, 'hub', at('wheel', 'center'), [0, 0]);
      d.curves.push({ kind: 'point', id: 'p', at: [0, 20] });
      d.constraints.push({ kind: 'on-curve', id: 'bead', point: start('p'), curve: 'wheel', s: 0.25 });
      return d;
    },
    dof: 2,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['wheel', 'p'], dof: 2 }],
    freeCurves: ['wheel', 'p'],
  },
  {
    name: 'bead on a fixed segment',
    why: 'the guide is pinned (0 DOF); the point (2) and s (1) under the bead’s 2 rows slide',
    build: () => {
      const b = new DrawingBuilder('bead on a segment');
      b.segment('guide', [0, 0], [40, 0], true);
      b.point('p', [10, 0]);
      b.onCurve(start('p'), 'guide', 0.25);
      return b.build();
    },
    dof: 1,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['guide', 'p'], dof: 1 }],
    freeCurves: ['p'],
  },
  {
    name: 'bead at the end stop of a fixed arc',
    why:
      'the arc (5: centre, radius, start, sweep) is held by a centre pin, a pin at its start and the chord to its ' +
      'end (5 rows); the bead sits at s = 1, its stop an inequality: point 2 + s 1 − 2 rows',
    build: () => {
      const d = new DrawingBuilder('bead at an arc end stop').build();
      // Centre (0, 0), radius 20, from angle 0 a quarter turn to (0, 20).
      d.curves.push({ kind: 'arc', id: 'arc', center: [0, 0], radius: 20, start: 0, sweep: Math.PI / 2 });
      pinTo(d, 'hub', at('arc', 'center'), [0, 0]);
      pinTo(d, 'foot', start('arc'), [20, 0]);
      d.constraints.push({
        kind: 'distance',
        id: 'chord',
        a: start('arc'),
        b: end('arc'),
        length: 20 * Math.SQRT2,
      });
      d.curves.push({ kind: 'point', id: 'p', at: [0, 20] });
      d.constraints.push({ kind: 'on-curve', id: 'bead', point: start('p'), curve: 'arc', s: 1 });
      return d;
    },
    dof: 1,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['arc', 'p'], dof: 1 }],
    freeCurves: ['p'],
  },
  {
    name: 'four-bar with a motor at a toggle (coupler and rocker in line)',
    why:
      'counted, 9 rows for 9 parameters; but with A, B, D in line the motor holds the crank and B may still move ' +
      'across the line (both bars turn about their ends, to first order): the rank drops by one. The dependency is ' +
      'the self-stress of the lock: tension along the line coupler–rocker, met by both pivots and the motor torque',
    build: toggleFourBar,
    dof: 1,
    redundantGroups: [['pin1', 'pin2', 'joint1', 'joint2', 'motor']],
    conflictingGroups: [],
    components: [{ curves: ['crank', 'coupler', 'rocker'], dof: 1 }],
    freeCurves: ['coupler', 'rocker'],
  },
  {
    name: 'four-bar without a motor at the same toggle',
    why:
      '8 rows for 9 parameters, and no rank drop. To first order B may only move across the line A–B–D (the rocker ' +
      'is pinned at D), so A’s velocity along that line must be 0; A moves horizontally (the crank is vertical), ' +
      'which has a component along the line: the crank cannot turn. One DOF, moving only coupler and rocker',
    build: () => {
      const d = toggleFourBar();
      d.constraints = d.constraints.filter((k) => k.kind !== 'motor');
      return d;
    },
    dof: 1,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['crank', 'coupler', 'rocker'], dof: 1 }],
    freeCurves: ['coupler', 'rocker'],
  },
  {
    name: 'equation circle pinned at one point',
    why: 'cx, cy, r free (3); the pin at u = 0 holds (cx + r, cy): one family of circles through it',
    build: () => pinnedEquationCircle('equation circle pinned once', false),
    dof: 1,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['ring'], dof: 1 }],
    freeCurves: ['ring'],
  },
  {
    name: 'equation circle pinned at two opposite points',
    why: '(cx ± r, cy) both held: cx, cy, r all determined, 3 parameters and 4 rows, one of them (the second y) repeated',
    build: () => pinnedEquationCircle('equation circle pinned twice', true),
    dof: 0,
    redundantGroups: [['pinRight', 'pinLeft']],
    conflictingGroups: [],
    components: [{ curves: ['ring'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'bead on an equation circle pinned once',
    why: 'the circle 1 DOF as above, the bead (point 2 + s 1 − 2 rows) 1 more',
    build: () => {
      const d = pinnedEquationCircle('bead on an equation circle', false);
      d.curves.push({ kind: 'point', id: 'p', at: [30, 30] });
      d.constraints.push({ kind: 'on-curve', id: 'bead', point: start('p'), curve: 'ring', s: 0.25 });
      return d;
    },
    dof: 2,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['ring', 'p'], dof: 2 }],
    freeCurves: ['ring', 'p'],
  },
  {
    name: 'two independent components',
    why: 'a bar pinned at one end (1) and a free point (2), nothing linking them',
    build: () => {
      const b = new DrawingBuilder('two components');
      b.bar('b', [0, 0], [20, 0]);
      b.point('p', [50, 50]);
      b.pin(start('b'));
      return b.build();
    },
    dof: 3,
    redundantGroups: [],
    conflictingGroups: [],
    components: [
      { curves: ['b'], dof: 1 },
      { curves: ['p'], dof: 2 },
    ],
    freeCurves: ['b', 'p'],
  },
  {
    name: 'a spring between a pinned and a free point',
    why: 'a spring is a force, not a constraint: no rows, and it links no component',
    build: () => {
      const b = new DrawingBuilder('spring');
      b.point('anchor', [0, 0]);
      b.point('weight', [0, 30]);
      b.pin(start('anchor'));
      const d = b.build();
      d.springs.push({ id: 'spring', a: start('anchor'), b: start('weight'), stiffness: 1, rest: 20 });
      return d;
    },
    dof: 2,
    redundantGroups: [],
    conflictingGroups: [],
    components: [
      { curves: ['anchor'], dof: 0 },
      { curves: ['weight'], dof: 2 },
    ],
    freeCurves: ['weight'],
  },
  {
    name: 'slider-crank example',
    why: 'crank 3 + rod 3 + guide 4 + s 1; guide pins 4, crank pin 2, joint 2, bead 2, motor 1',
    build: sliderCrank,
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['crank', 'rod', 'guide'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'Watt linkage example, driven',
    why: '5 bars (15); pins 3 × 2, motor 1, joints 4 × 2: a crank-rocker driving a four-bar, away from its limits',
    build: wattLinkage,
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['drive-crank', 'drive-rod', 'left-rocker', 'coupler', 'right-rocker'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'pantograph example',
    why: '5 bars (15); pins 2 × 2, joints 5 × 2, motor 1: the arms hold P with 2 DOF, the driven crank fixes P',
    build: pantograph,
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['arm', 'tracer-arm', 'link-cp', 'link-pd', 'crank'], dof: 0 }],
    freeCurves: [],
  },
  {
    name: 'triangle pinned at one corner, its bars scattered',
    why: 'the triangle (3 bars, 9 − 6 rows: a rigid body, 3) and a pin at A (2): it turns about A. Each bar starts 20–40 mm and up to 115° from its place',
    build: () => {
      const b = triangle('scattered triangle');
      b.pin(start('ab'));
      const d = b.build();
      scatter(d, 'ab', 30, -20, 2);
      scatter(d, 'bc', -25, 35, -1.5);
      scatter(d, 'ca', 40, 10, 1);
      return d;
    },
    dof: 1,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['ab', 'bc', 'ca'], dof: 1 }],
    freeCurves: ['ab', 'bc', 'ca'],
    startsFar: true,
  },
  {
    name: 'crank-rocker with coupler and rocker thrown far from their joints',
    why: 'the crank-rocker example (DOF 0) with the coupler moved 60 mm and turned 90°, the rocker moved 50 mm and turned 180°',
    build: () => {
      const d = crankRocker();
      scatter(d, 'coupler', 40, 45, Math.PI / 2);
      scatter(d, 'rocker', -30, 40, Math.PI);
      return d;
    },
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: CRANK_ROCKER_CURVES, dof: 0 }],
    freeCurves: [],
    startsFar: true,
  },
  {
    name: 'chain of ten bars pinned at both ends, scattered',
    why: '10 bars (30) − 9 joints (18) − 2 pins (4): 8. Every bar starts up to 40 mm and 115° from its place',
    build: scatteredChain,
    dof: 8,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: Array.from({ length: 10 }, (_, i) => `link${i}`), dof: 8 }],
    freeCurves: Array.from({ length: 10 }, (_, i) => `link${i}`),
    startsFar: true,
  },
  {
    name: 'bead that must pass its end stop the long way round',
    why: 'the arc (5) held by hub (2), foot (2) and chord (1); p (2) and s (1) held by the bead (2) and reach (1); z pinned: DOF 0, one component',
    build: beadBehindItsStop,
    dof: 0,
    redundantGroups: [],
    conflictingGroups: [],
    components: [{ curves: ['arc', 'p', 'z'], dof: 0 }],
    freeCurves: [],
    startsFar: true,
  },
];
