// Fully constrained sketches of every constraint kind of the sketcher, for the far-start sweep (bench/far-start.ts)
// and the assembly tests: each one's DOF is 0 with no redundant row (far-sketches.test.ts checks it through the
// diagnosis). Each is written near its solution and settled there once (`solvedSketch`): what a far start is
// measured from. Only anchors FreeCAD's planegcs has a point for are used (a line's ends, a centre, an arc's ends,
// a Bézier's ends or a point at u on it), so bench/planegcs/sketch.ts can pose the same sketch to it.
import type { Connector, Constraint, Curve, Drawing, Vec2 } from '../../shared/drawing';
import { emptyDrawing } from '../../shared/drawing';

const start = (curve: string): Connector => ({ curve, anchor: 'start' });
const end = (curve: string): Connector => ({ curve, anchor: 'end' });
const center = (curve: string): Connector => ({ curve, anchor: 'center' });
const at = (curve: string, u: number): Connector => ({ curve, u });

/** Adds curves and constraints with generated ids (the kind and a count: `distance2`). */
class Sketch {
  readonly d = emptyDrawing();
  private readonly counts = new Map<string, number>();

  constructor(title: string) {
    this.d.meta.title = title;
  }

  private add(k: Record<string, unknown> & { kind: Constraint['kind'] }): void {
    const n = (this.counts.get(k.kind) ?? 0) + 1;
    this.counts.set(k.kind, n);
    this.d.constraints.push({ id: `${k.kind}${n}`, ...k } as unknown as Constraint);
  }

  curve(c: Curve): string {
    this.d.curves.push(c);
    return c.id;
  }
  point(id: string, p: Vec2): string {
    return this.curve({ kind: 'point', id, at: p });
  }
  segment(id: string, a: Vec2, b: Vec2): string {
    return this.curve({ kind: 'segment', id, a, b });
  }
  bar(id: string, a: Vec2, b: Vec2): string {
    return this.curve({
      kind: 'bar',
      id,
      center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
      angle: Math.atan2(b[1] - a[1], b[0] - a[0]),
      length: Math.hypot(b[0] - a[0], b[1] - a[1]),
    });
  }
  circle(id: string, c: Vec2, radius: number): string {
    return this.curve({ kind: 'circle', id, center: c, radius });
  }
  arc(id: string, c: Vec2, radius: number, from: number, sweep: number): string {
    return this.curve({ kind: 'arc', id, center: c, radius, start: from, sweep });
  }

  pin(point: Connector, p: Vec2): void {
    this.add({ kind: 'pin', point, at: p });
  }
  attach(a: Connector, b: Connector): void {
    this.add({ kind: 'attach', a, b });
  }
  onCurve(point: Connector, curve: string, s: number): void {
    this.add({ kind: 'on-curve', point, curve, s });
  }
  distance(a: Connector, b: Connector, length: number): void {
    this.add({ kind: 'distance', a, b, length });
  }
  horizontal(a: Connector, b: Connector): void {
    this.add({ kind: 'horizontal', a, b });
  }
  vertical(a: Connector, b: Connector): void {
    this.add({ kind: 'vertical', a, b });
  }
  parallel(l1: string, l2: string): void {
    this.add({ kind: 'parallel', lines: [l1, l2] });
  }
  perpendicular(l1: string, l2: string): void {
    this.add({ kind: 'perpendicular', lines: [l1, l2] });
  }
  angle(lines: string[], angle: number): void {
    this.add({ kind: 'angle', lines, angle });
  }
  tangentContact(line: string, curve: string, s: number): void {
    this.add({ kind: 'tangent', curves: [line, curve], s });
  }
  tangentCircles(c1: string, c2: string, internal: boolean): void {
    this.add({ kind: 'tangent', curves: [c1, c2], internal });
  }
  tangentG1(a: Connector, b: Connector): void {
    this.add({ kind: 'tangent', a, b });
  }
  equal(c1: string, c2: string): void {
    this.add({ kind: 'equal', curves: [c1, c2] });
  }
  symmetric(a: Connector, b: Connector, line: string): void {
    this.add({ kind: 'symmetric', a, b, line });
  }
  midpoint(point: Connector, line: string): void {
    this.add({ kind: 'midpoint', point, line });
  }
  concentric(c1: string, c2: string): void {
    this.add({ kind: 'concentric', curves: [c1, c2] });
  }
  pointLineDistance(point: Connector, line: string, distance: number): void {
    this.add({ kind: 'point-line-distance', point, line, distance });
  }
  radius(curve: string, radius: number): void {
    this.add({ kind: 'radius', curve, radius });
  }
  length(curve: string, length: number): void {
    this.add({ kind: 'length', curve, length });
  }
  // Running: a settle advances no motor time, so a running motor holds its angle (a stopped one holds nothing).
  motorBar(bar: string, angle: number): void {
    this.add({ kind: 'motor', bar, rpm: 60, angle, running: true });
  }
  motorPoint(point: Connector, pivot: Connector, angle: number): void {
    this.add({ kind: 'motor', point, pivot, rpm: 60, angle, running: true });
  }
}

/** The point of the circle about c of radius r at angle a. */
const polar = (c: Vec2, r: number, a: number): Vec2 => [c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)];

export interface FarSketch {
  name: string;
  /** The sketch written near its solution (settle it to get there: solvedSketch). */
  build: () => Drawing;
}

export const FAR_SKETCHES: FarSketch[] = [
  {
    name: 'square bracket',
    build: () => {
      const s = new Sketch('square bracket');
      s.segment('top', [0, 0], [40, 0]);
      s.segment('right', [40, 0], [40, 40]);
      s.segment('bottom', [40, 40], [0, 40]);
      s.segment('left', [0, 40], [0, 0]);
      s.attach(end('top'), start('right'));
      s.attach(end('right'), start('bottom'));
      s.attach(end('bottom'), start('left'));
      s.attach(end('left'), start('top'));
      s.pin(start('top'), [0, 0]);
      s.horizontal(start('top'), end('top'));
      s.vertical(start('left'), end('left'));
      s.parallel('bottom', 'top');
      s.parallel('right', 'left');
      s.length('top', 40);
      s.equal('left', 'top');
      return s.d;
    },
  },
  {
    name: 'triangle with a midpoint and its mirror',
    build: () => {
      const s = new Sketch('triangle');
      s.segment('ab', [0, 0], [50, 0]);
      s.segment('bc', [50, 0], [20, 40]);
      s.segment('ca', [20, 40], [0, 0]);
      s.attach(end('ab'), start('bc'));
      s.attach(end('bc'), start('ca'));
      s.attach(end('ca'), start('ab'));
      s.pin(start('ab'), [0, 0]);
      s.horizontal(start('ab'), end('ab'));
      s.length('ab', 50);
      s.length('bc', 50);
      s.distance(start('ca'), end('ca'), Math.hypot(20, 40));
      s.point('m', [10, 20]);
      s.midpoint(start('m'), 'ca');
      s.point('mirror', [10, -20]);
      s.symmetric(start('m'), start('mirror'), 'ab');
      return s.d;
    },
  },
  {
    name: 'crank-rocker held by its motor',
    build: () => {
      const s = new Sketch('crank-rocker');
      const A = polar([0, 0], 20, 0.5);
      const D: Vec2 = [50, 0];
      s.bar('crank', [0, 0], A);
      s.bar('coupler', A, [40, -37]);
      s.bar('rocker', [40, -37], D);
      s.pin(start('crank'), [0, 0]);
      s.pin(end('rocker'), D);
      s.attach(end('crank'), start('coupler'));
      s.attach(end('coupler'), start('rocker'));
      s.motorBar('crank', 0.5);
      // The bars are drawn at their lengths near the assembled pose; the lengths are the bars' own (60, 40).
      fixBarLength(s.d, 'coupler', 60);
      fixBarLength(s.d, 'rocker', 40);
      return s.d;
    },
  },
  {
    name: 'slider-crank on a guide',
    build: () => {
      const s = new Sketch('slider-crank');
      s.segment('guide', [-20, 30], [100, 30]);
      s.pin(start('guide'), [-20, 30]);
      s.horizontal(start('guide'), end('guide'));
      s.length('guide', 120);
      const A = polar([0, 0], 20, 0.8);
      s.bar('crank', [0, 0], A);
      s.bar('coupler', A, [A[0] + 47.5, 30]);
      fixBarLength(s.d, 'coupler', 50);
      s.pin(start('crank'), [0, 0]);
      s.motorBar('crank', 0.8);
      s.attach(end('crank'), start('coupler'));
      s.onCurve(end('coupler'), 'guide', 0.68);
      return s.d;
    },
  },
  {
    name: 'beads on a circle and an arc',
    build: () => {
      const s = new Sketch('beads');
      s.circle('wheel', [0, 0], 25);
      s.pin(center('wheel'), [0, 0]);
      s.radius('wheel', 25);
      s.point('p', [-25, 0]);
      s.onCurve(start('p'), 'wheel', 0.5);
      s.horizontal(start('p'), center('wheel'));
      // Three quarters of a turn from 180°: both places 40 from the centre at that distance from p are on it (a
      // solver that takes an arc for its circle finds either).
      s.arc('rim', [0, 0], 40, Math.PI, (3 * Math.PI) / 2);
      s.concentric('wheel', 'rim');
      s.radius('rim', 40);
      s.horizontal(start('rim'), center('rim'));
      s.vertical(end('rim'), center('rim'));
      s.point('q', polar([0, 0], 40, Math.PI / 4));
      s.onCurve(start('q'), 'rim', 225 / 270);
      s.distance(start('q'), start('p'), Math.hypot(25 + 40 * Math.SQRT1_2, 40 * Math.SQRT1_2));
      return s.d;
    },
  },
  {
    name: 'ellipse through three points, a line touching it',
    build: () => {
      const s = new Sketch('ellipse');
      const rx = 40;
      const ry = 20;
      const rot = 0.3;
      const e = (u: number): Vec2 => {
        const x = rx * Math.cos(2 * Math.PI * u);
        const y = ry * Math.sin(2 * Math.PI * u);
        return [x * Math.cos(rot) - y * Math.sin(rot), x * Math.sin(rot) + y * Math.cos(rot)];
      };
      s.curve({ kind: 'ellipse', id: 'oval', center: [0, 0], rx, ry, rotation: rot });
      s.pin(center('oval'), [0, 0]);
      [0.1, 0.35, 0.7].forEach((u, i) => {
        s.point(`p${i}`, e(u));
        s.pin(start(`p${i}`), e(u));
        s.onCurve(start(`p${i}`), 'oval', u);
      });
      // The line touching at u = 0.85, along the tangent there.
      const touch = e(0.85);
      const t0 = e(0.849);
      const t1 = e(0.851);
      const tl = Math.hypot(t1[0] - t0[0], t1[1] - t0[1]);
      const t: Vec2 = [(t1[0] - t0[0]) / tl, (t1[1] - t0[1]) / tl];
      const a: Vec2 = [touch[0] - 15 * t[0], touch[1] - 15 * t[1]];
      s.segment('touch', a, [touch[0] + 25 * t[0], touch[1] + 25 * t[1]]);
      s.pin(start('touch'), a);
      s.length('touch', 40);
      s.tangentContact('touch', 'oval', 0.85);
      return s.d;
    },
  },
  {
    name: 'bracket of perpendicular and parallel arms',
    build: () => {
      const s = new Sketch('bracket');
      const B = polar([0, 0], 40, 0.3);
      const C = polar(B, 25, 0.3 + Math.PI / 2);
      s.segment('base', [0, 0], B);
      s.pin(start('base'), [0, 0]);
      s.angle(['base'], 0.3);
      s.length('base', 40);
      s.segment('upright', B, C);
      s.attach(start('upright'), end('base'));
      s.perpendicular('base', 'upright');
      s.length('upright', 25);
      s.segment('top', C, polar(C, 30, 0.3));
      s.attach(start('top'), end('upright'));
      s.parallel('base', 'top');
      s.length('top', 30);
      s.point('hole', polar(polar([0, 0], 20 * Math.cos(0.5), 0.3), 10, 0.3 + Math.PI / 2));
      s.pointLineDistance(start('hole'), 'base', 10);
      s.distance(start('hole'), start('base'), Math.hypot(20 * Math.cos(0.5), 10));
      return s.d;
    },
  },
  {
    name: 'lines at angles to each other',
    build: () => {
      const s = new Sketch('angles');
      s.segment('ground', [0, 0], [50, 0]);
      s.pin(start('ground'), [0, 0]);
      s.pin(end('ground'), [50, 0]);
      const B = polar([0, 0], 30, 0.7);
      s.segment('arm', [0, 0], B);
      s.attach(start('arm'), start('ground'));
      s.angle(['ground', 'arm'], 0.7);
      s.length('arm', 30);
      s.segment('hand', B, polar(B, 20, 0.7 - 1.2));
      s.attach(start('hand'), end('arm'));
      s.angle(['arm', 'hand'], -1.2);
      s.length('hand', 20);
      return s.d;
    },
  },
  {
    name: 'a belt: a line touching two circles',
    build: () => {
      const s = new Sketch('belt');
      s.circle('big', [0, 0], 20);
      s.pin(center('big'), [0, 0]);
      s.radius('big', 20);
      s.circle('small', [30, 0], 10);
      s.radius('small', 10);
      s.tangentCircles('big', 'small', false);
      s.horizontal(center('big'), center('small'));
      // The outer common tangent below: normal n with (c2 − c1)·n = r1 − r2.
      const n: Vec2 = [1 / 3, -Math.sqrt(8) / 3];
      const t: Vec2 = [-n[1], n[0]];
      const T1: Vec2 = [20 * n[0], 20 * n[1]];
      const a: Vec2 = [T1[0] - 10 * t[0], T1[1] - 10 * t[1]];
      s.segment('strap', a, [a[0] + 50 * t[0], a[1] + 50 * t[1]]);
      const u = (Math.atan2(n[1], n[0]) / (2 * Math.PI) + 1) % 1;
      s.tangentContact('strap', 'big', u);
      s.tangentContact('strap', 'small', u);
      s.length('strap', 50);
      s.distance(start('strap'), center('big'), Math.hypot(a[0], a[1]));
      return s.d;
    },
  },
  {
    name: 'slot: two lines joined smoothly to an arc',
    build: () => {
      const s = new Sketch('slot');
      s.arc('cap', [0, 0], 15, Math.PI / 2, Math.PI);
      s.pin(center('cap'), [0, 0]);
      s.radius('cap', 15);
      s.segment('upper', [40, 15], [0, 15]);
      s.attach(end('upper'), start('cap'));
      s.tangentG1(end('upper'), start('cap'));
      s.horizontal(start('upper'), end('upper'));
      s.length('upper', 40);
      s.segment('lower', [0, -15], [40, -15]);
      s.attach(start('lower'), end('cap'));
      s.tangentG1(start('lower'), end('cap'));
      s.length('lower', 40);
      s.parallel('upper', 'lower');
      return s.d;
    },
  },
  {
    name: 'mirrored holes',
    build: () => {
      const s = new Sketch('mirror');
      s.segment('axis', [0, -30], [0, 30]);
      s.pin(start('axis'), [0, -30]);
      s.vertical(start('axis'), end('axis'));
      s.length('axis', 60);
      const P: Vec2 = [-20, -30 + Math.sqrt(900 - 400)];
      s.point('p', P);
      s.distance(start('p'), start('axis'), 30);
      s.pointLineDistance(start('p'), 'axis', 20);
      s.circle('left', P, 8);
      s.attach(center('left'), start('p'));
      s.radius('left', 8);
      s.circle('right', [20, P[1]], 8);
      s.symmetric(center('left'), center('right'), 'axis');
      s.equal('left', 'right');
      return s.d;
    },
  },
  {
    name: 'midpoints of a cross',
    build: () => {
      const s = new Sketch('midpoints');
      s.segment('beam', [0, 0], [60, 0]);
      s.pin(start('beam'), [0, 0]);
      s.pin(end('beam'), [60, 0]);
      s.circle('boss', [30, 0], 10);
      s.midpoint(center('boss'), 'beam');
      s.radius('boss', 10);
      s.segment('post', [30, 0], [30, 30]);
      s.attach(start('post'), center('boss'));
      s.perpendicular('beam', 'post');
      s.length('post', 30);
      s.point('m', [30, 15]);
      s.midpoint(start('m'), 'post');
      s.arc('ring', [30, 0], 20, 0, Math.PI / 2);
      s.concentric('boss', 'ring');
      s.radius('ring', 20);
      s.horizontal(start('ring'), center('ring'));
      s.vertical(end('ring'), center('ring'));
      return s.d;
    },
  },
  {
    name: 'concentric circle, arc and ellipse',
    build: () => {
      const s = new Sketch('concentric');
      s.circle('core', [0, 0], 10);
      s.pin(center('core'), [0, 0]);
      s.radius('core', 10);
      s.arc('band', [0, 0], 25, 0, Math.PI / 2);
      s.concentric('core', 'band');
      s.radius('band', 25);
      s.horizontal(start('band'), center('band'));
      s.vertical(end('band'), center('band'));
      const rx = 40;
      const ry = 20;
      s.curve({ kind: 'ellipse', id: 'orbit', center: [0, 0], rx, ry, rotation: 0 });
      s.concentric('core', 'orbit');
      const e = (u: number): Vec2 => [rx * Math.cos(2 * Math.PI * u), ry * Math.sin(2 * Math.PI * u)];
      [0.1, 0.45].forEach((u, i) => {
        s.point(`p${i}`, e(u));
        s.pin(start(`p${i}`), e(u));
        s.onCurve(start(`p${i}`), 'orbit', u);
      });
      s.segment('rail', [-30, ry], [30, ry]);
      s.pin(start('rail'), [-30, ry]);
      s.pin(end('rail'), [30, ry]);
      s.tangentContact('rail', 'orbit', 0.25);
      return s.d;
    },
  },
  {
    name: 'points at distances from a line',
    build: () => {
      const s = new Sketch('offsets');
      s.segment('datum', [0, 0], [80, 0]);
      s.pin(start('datum'), [0, 0]);
      s.pin(end('datum'), [80, 0]);
      s.point('p', [80, 15]);
      s.pointLineDistance(start('p'), 'datum', 15);
      s.vertical(start('p'), end('datum'));
      const H: Vec2 = [Math.sqrt(900 - 100), 10];
      s.circle('hole', H, 5);
      s.pointLineDistance(center('hole'), 'datum', 10);
      s.distance(center('hole'), start('datum'), 30);
      s.radius('hole', 5);
      // r: 20 from p and 40 from the hole's centre, on the far side of the line through them.
      const r = circleMeet([80, 15], 20, H, 40, 1);
      s.point('r', r);
      s.distance(start('r'), start('p'), 20);
      s.distance(start('r'), center('hole'), 40);
      return s.d;
    },
  },
  {
    name: 'Béziers held at points along them',
    build: () => {
      const s = new Sketch('béziers');
      const P: Vec2[] = [
        [0, 0],
        [20, -30],
        [60, -30],
        [80, 0],
      ];
      s.curve({ kind: 'bezier', id: 'arch', points: [P[0], P[1], P[2], P[3]] });
      const bez = (u: number): Vec2 => {
        const w = [(1 - u) ** 3, 3 * u * (1 - u) ** 2, 3 * u * u * (1 - u), u ** 3];
        return [0, 1].map((k) => w.reduce((sum, wi, i) => sum + wi * P[i][k], 0)) as Vec2;
      };
      s.pin(start('arch'), P[0]);
      s.pin(at('arch', 1 / 3), bez(1 / 3));
      s.pin(at('arch', 2 / 3), bez(2 / 3));
      s.point('e', P[3]);
      s.attach(end('arch'), start('e'));
      s.pin(start('e'), P[3]);
      // The second: its start on the first's end, its middle level with its start and 40 from it, its end pinned,
      // its points at u = ¼ and ¾ level with its start and end, and below its start.
      s.curve({
        kind: 'bezier',
        id: 'wave',
        points: [
          [80, 0],
          [100, 20],
          [130, 10],
          [140, 30],
        ],
      });
      s.attach(start('wave'), end('arch'));
      s.horizontal(center('wave'), start('wave'));
      s.distance(center('wave'), start('wave'), 40);
      s.pin(end('wave'), [140, 30]);
      s.vertical(at('wave', 0.25), start('wave'));
      s.horizontal(at('wave', 0.75), end('wave'));
      return s.d;
    },
  },
  {
    name: 'points turned by motors about pivots',
    build: () => {
      const s = new Sketch('point motors');
      s.point('o', [0, 0]);
      s.pin(start('o'), [0, 0]);
      const P = polar([0, 0], 30, 0.4);
      s.point('p', P);
      s.motorPoint(start('p'), start('o'), 0.4);
      s.distance(start('p'), start('o'), 30);
      s.bar('arm', P, polar(P, 25, -0.8));
      s.attach(start('arm'), start('p'));
      s.motorBar('arm', -0.8);
      const Q = polar(P, 20, 2);
      s.point('q', Q);
      s.motorPoint(start('q'), start('p'), 2);
      s.distance(start('q'), start('p'), 20);
      return s.d;
    },
  },
  {
    name: 'equal rounds and a line touching two',
    build: () => {
      const s = new Sketch('equal rounds');
      s.circle('c1', [0, 0], 10);
      s.pin(center('c1'), [0, 0]);
      s.radius('c1', 10);
      s.circle('c2', [40, 0], 10);
      s.equal('c1', 'c2');
      s.distance(center('c1'), center('c2'), 40);
      s.horizontal(center('c1'), center('c2'));
      s.arc('hook', [40, 0], 10, 0, Math.PI / 2);
      s.equal('c1', 'hook');
      s.concentric('c2', 'hook');
      s.horizontal(start('hook'), center('hook'));
      s.vertical(end('hook'), center('hook'));
      s.segment('tie', [-10, -10], [50, -10]);
      s.tangentContact('tie', 'c1', 0.75);
      s.tangentContact('tie', 'c2', 0.75);
      s.length('tie', 60);
      s.distance(start('tie'), center('c1'), Math.hypot(10, 10));
      return s.d;
    },
  },
  {
    name: 'circles touching inside and out',
    build: () => {
      const s = new Sketch('touching circles');
      s.circle('outer', [0, 0], 40);
      s.pin(center('outer'), [0, 0]);
      s.radius('outer', 40);
      s.circle('inner', [0, 30], 10);
      s.radius('inner', 10);
      s.tangentCircles('outer', 'inner', true);
      s.vertical(center('outer'), center('inner'));
      s.arc('lobe', [20, 15], 15, 0, Math.PI / 2);
      s.radius('lobe', 15);
      s.tangentCircles('inner', 'lobe', false);
      s.tangentCircles('outer', 'lobe', true);
      s.horizontal(start('lobe'), center('lobe'));
      s.vertical(end('lobe'), center('lobe'));
      return s.d;
    },
  },
  {
    name: 'kite symmetric about its spine',
    build: () => {
      const s = new Sketch('kite');
      s.segment('spine', [0, 0], [0, 60]);
      s.pin(start('spine'), [0, 0]);
      s.angle(['spine'], Math.PI / 2);
      s.length('spine', 60);
      const L: Vec2 = [-20, 20];
      const R: Vec2 = [20, 20];
      s.segment('l1', [0, 0], L);
      s.segment('r1', [0, 0], R);
      s.attach(start('l1'), start('spine'));
      s.attach(start('r1'), start('spine'));
      s.symmetric(end('l1'), end('r1'), 'spine');
      s.perpendicular('l1', 'r1');
      s.length('l1', Math.hypot(20, 20));
      s.segment('l2', L, [0, 60]);
      s.segment('r2', R, [0, 60]);
      s.attach(start('l2'), end('l1'));
      s.attach(end('l2'), end('spine'));
      s.attach(start('r2'), end('r1'));
      s.attach(end('r2'), end('spine'));
      s.point('m', [-10, 40]);
      s.midpoint(start('m'), 'l2');
      return s.d;
    },
  },
];

/** Where the circles (a, ra) and (b, rb) meet, on the `side` (±1) of the line from a to b. */
function circleMeet(a: Vec2, ra: number, b: Vec2, rb: number, side: number): Vec2 {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const L = Math.hypot(dx, dy);
  const x = (ra * ra - rb * rb + L * L) / (2 * L);
  const h = side * Math.sqrt(Math.max(0, ra * ra - x * x));
  return [a[0] + (x * dx - h * dy) / L, a[1] + (x * dy + h * dx) / L];
}

/** Sets a bar's length (a shape constant, so the sketch's own), keeping its start where it is. */
function fixBarLength(d: Drawing, id: string, length: number): void {
  const bar = d.curves.find((c) => c.id === id);
  if (bar?.kind !== 'bar') throw new Error(`${id} is not a bar`);
  const a: Vec2 = [
    bar.center[0] - (bar.length / 2) * Math.cos(bar.angle),
    bar.center[1] - (bar.length / 2) * Math.sin(bar.angle),
  ];
  bar.length = length;
  bar.center = [a[0] + (length / 2) * Math.cos(bar.angle), a[1] + (length / 2) * Math.sin(bar.angle)];
}
