// The tangent constraint in use: degrees of freedom and conflicts in the diagnosis, a flat-faced follower on a
// motor-driven cam over a full turn, a G1 join and a line tangent to a circle while dragged.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Connector, type Drawing } from '../../shared/drawing';
import { Engine } from '../engine';
import { bar } from '../test-support/drawings';
import { testClock } from '../../shared/test-support/clock';

const start = (curve: string): Connector => ({ curve, anchor: 'start' });
const end = (curve: string): Connector => ({ curve, anchor: 'end' });
const centre = (curve: string): Connector => ({ curve, anchor: 'center' });

/** A circle of radius r about c, held there: its centre pinned, its radius a distance from the centre. */
function fixedCircle(d: Drawing, id: string, c: [number, number], r: number): void {
  d.curves.push({ id, kind: 'circle', center: c, radius: r });
  d.constraints.push(
    { id: `${id}-pin`, kind: 'pin', point: centre(id), at: c },
    { id: `${id}-radius`, kind: 'distance', a: centre(id), b: { curve: id, u: 0 }, length: r },
  );
}

/** A segment held at both ends. */
function fixedSegment(d: Drawing, id: string, a: [number, number], b: [number, number]): void {
  d.curves.push({ id, kind: 'segment', a, b });
  d.constraints.push(
    { id: `${id}-a`, kind: 'pin', point: start(id), at: a },
    { id: `${id}-b`, kind: 'pin', point: end(id), at: b },
  );
}

/** The distance from point p to the line through a and b. */
function distanceToLine(p: number[], a: number[], b: number[]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  return Math.abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / Math.hypot(dx, dy);
}

/** |sin| of the angle between two directions. */
function sine(a: number[], b: number[]): number {
  return Math.abs(a[0] * b[1] - a[1] * b[0]) / (Math.hypot(a[0], a[1]) * Math.hypot(b[0], b[1]));
}

describe('tangent in the diagnosis', () => {
  it('a segment tangent to a fixed circle loses one degree of freedom (two rows, one contact parameter)', () => {
    const d = emptyDrawing();
    fixedCircle(d, 'circle', [0, 0], 2);
    d.curves.push({ id: 'line', kind: 'segment', a: [-3, -2], b: [3, -2] });
    const free = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(free.dof).toBe(4);
    d.constraints.push({ id: 'touch', kind: 'tangent', curves: ['line', 'circle'], s: 0.75 });
    const touching = Engine.build(d, { clock: testClock() }).diagnostics();
    expect(touching.dof).toBe(3);
    expect(touching.redundant).toEqual([]);
    expect(touching.conflicting).toEqual([]);
    expect(touching.maxResidual).toBeLessThan(1e-12);
  });

  it('two tangents asking a circle for two radii conflict, and both are named', () => {
    // A circle about the origin with a free radius, touching two held lines 2 and 3 away from its centre.
    const d = emptyDrawing();
    d.curves.push({ id: 'circle', kind: 'circle', center: [0, 0], radius: 2.5 });
    d.constraints.push({ id: 'centre', kind: 'pin', point: centre('circle'), at: [0, 0] });
    fixedSegment(d, 'near', [-5, -2], [5, -2]);
    fixedSegment(d, 'far', [-5, 3], [5, 3]);
    d.constraints.push(
      { id: 't-near', kind: 'tangent', curves: ['near', 'circle'], s: 0.75 },
      { id: 't-far', kind: 'tangent', curves: ['far', 'circle'], s: 0.25 },
    );
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle(300);
    const diag = engine.diagnostics();
    expect(diag.conflictingGroups).toHaveLength(1);
    expect(diag.conflicting).toContain('t-near');
    expect(diag.conflicting).toContain('t-far');
    expect(diag.redundant).toEqual([]);
  });
});

describe('flat-faced follower on a motor-driven elliptical cam', () => {
  /**
   * An ellipse (rx 3, ry 2) turning about its centre at the origin, driven by a crank whose end holds the
   * ellipse's point u = 0; a horizontal face (a bar kept parallel to a held reference) whose middle slides on a
   * vertical guide, touching the cam from above (y down: at negative y).
   */
  function camAndFollower(): Drawing {
    const d = emptyDrawing();
    d.curves.push(bar('crank', [0, 0], [3, 0]), {
      id: 'cam',
      kind: 'ellipse',
      center: [0, 0],
      rx: 3,
      ry: 2,
      rotation: 0,
    });
    d.constraints.push(
      { id: 'pivot', kind: 'pin', point: start('crank'), at: [0, 0] },
      { id: 'cam-centre', kind: 'pin', point: centre('cam'), at: [0, 0] },
      { id: 'cam-on-crank', kind: 'attach', a: end('crank'), b: { curve: 'cam', u: 0 } },
      { id: 'cam-ry', kind: 'distance', a: centre('cam'), b: { curve: 'cam', u: 0.25 }, length: 2 },
      { id: 'motor', kind: 'motor', bar: 'crank', rpm: 60, angle: 0, running: true },
    );
    fixedSegment(d, 'guide', [0, -8], [0, 0]);
    fixedSegment(d, 'reference', [-5, -10], [5, -10]);
    d.curves.push(bar('face', [-5, -2], [5, -2]));
    d.constraints.push(
      { id: 'slide', kind: 'on-curve', point: { curve: 'face', u: 0.5 }, curve: 'guide', s: 0.75 },
      { id: 'level', kind: 'tangent', a: { curve: 'face', u: 0.5 }, b: { curve: 'reference', u: 0.5 } },
      { id: 'contact', kind: 'tangent', curves: ['face', 'cam'], s: 0.75 },
    );
    return d;
  }

  it('is fully constrained, and over a full turn the face rides the cam top with no flip of the contact', () => {
    const d = camAndFollower();
    const engine = Engine.build(d, { clock: testClock() });
    const diag = engine.diagnostics();
    expect(diag.dof).toBe(0);
    expect(diag.redundant).toEqual([]);
    const framesPerTurn = 48;
    let lastS = 0.75;
    let lastContact = engine.pointAt('cam', 0.75);
    for (let f = 1; f <= framesPerTurn; f++) {
      const report = engine.advanceMotors(1 / framesPerTurn, 1000);
      expect(report.caughtUp).toBe(true);
      expect(report.maxResidual).toBeLessThan(1e-9);
      engine.writeBack(d);
      const contact = d.constraints.find((k) => k.id === 'contact');
      const s = contact?.kind === 'tangent' ? contact.s! : NaN;
      const rho = engine.curveState('cam')[4];
      // The cam's highest point on screen: its support in −y, √(rx² sin²ρ + ry² cos²ρ) above the centre.
      const top = Math.sqrt(9 * Math.sin(rho) ** 2 + 4 * Math.cos(rho) ** 2);
      const face = engine.pointAt('face', 0.5);
      expect(face[0]).toBeCloseTo(0, 9);
      expect(face[1]).toBeCloseTo(-top, 8);
      const point = engine.pointAt('cam', s);
      expect(point[1]).toBeCloseTo(-top, 8);
      // Continuous: the contact parameter (wrapped) and point move a little per frame (7.5° of cam turn).
      const ds = s - lastS - Math.round(s - lastS);
      expect(Math.abs(ds)).toBeLessThan(0.05);
      expect(Math.hypot(point[0] - lastContact[0], point[1] - lastContact[1])).toBeLessThan(1);
      lastS = s;
      lastContact = point;
    }
    expect(engine.curveState('crank')[2]).toBeCloseTo(2 * Math.PI, 6);
    expect(engine.curveState('cam')[4]).toBeCloseTo(2 * Math.PI, 6);
  });
});

describe('tangent while dragging', () => {
  it('a G1 join between a segment and an arc stays smooth and joined while the arc is dragged', () => {
    const d = emptyDrawing();
    d.curves.push(
      { id: 'seg', kind: 'segment', a: [0, 0], b: [4, 0] },
      // From (4, 0), leaving along +x and curling up (y down: towards −y) a quarter turn to (6, −2).
      { id: 'arc', kind: 'arc', center: [4, -2], radius: 2, start: Math.PI / 2, sweep: -Math.PI / 2 },
    );
    d.constraints.push(
      { id: 'hold', kind: 'pin', point: start('seg'), at: [0, 0] },
      { id: 'join', kind: 'attach', a: end('seg'), b: start('arc') },
      { id: 'smooth', kind: 'tangent', a: end('seg'), b: start('arc') },
    );
    const engine = Engine.build(d, { clock: testClock() });
    expect(engine.diagnostics().dof).toBe(4 + 5 - 2 - 2 - 1);
    engine.grab('arc', 1);
    const cursor: [number, number] = [5, -6];
    for (let f = 0; f < 30; f++) {
      const report = engine.dragFrame(cursor, 100);
      expect(report.maxResidual).toBeLessThan(1e-9);
      engine.writeBack(d);
      const [sa, sb] = [engine.pointAt('seg', 1), engine.pointAt('arc', 0)];
      expect(Math.hypot(sa[0] - sb[0], sa[1] - sb[1])).toBeLessThan(1e-9);
      const seg = d.curves[0];
      const arc = d.curves[1];
      if (seg.kind !== 'segment' || arc.kind !== 'arc') throw new Error('kinds');
      const tangent = [-Math.sin(arc.start), Math.cos(arc.start)];
      expect(sine([seg.b[0] - seg.a[0], seg.b[1] - seg.a[1]], tangent)).toBeLessThan(1e-9);
    }
    // It went where it was dragged.
    const tip = engine.pointAt('arc', 1);
    expect(Math.hypot(tip[0] - cursor[0], tip[1] - cursor[1])).toBeLessThan(0.05);
  });

  it('a segment dragged around a fixed circle stays tangent to it', () => {
    const d = emptyDrawing();
    fixedCircle(d, 'circle', [0, 0], 2);
    d.curves.push({ id: 'line', kind: 'segment', a: [-3, -2], b: [3, -2] });
    d.constraints.push({ id: 'touch', kind: 'tangent', curves: ['line', 'circle'], s: 0.75 });
    const engine = Engine.build(d, { clock: testClock() });
    engine.grab('line', 1);
    const path: [number, number][] = [];
    for (let f = 1; f <= 40; f++) path.push([3 + f * 0.05, -2 + f * 0.1]);
    for (const cursor of path) {
      const report = engine.dragFrame(cursor, 100);
      expect(report.maxResidual).toBeLessThan(1e-9);
      const a = engine.pointAt('line', 0);
      const b = engine.pointAt('line', 1);
      expect(distanceToLine([0, 0], a, b)).toBeCloseTo(2, 8);
    }
    // The line turned with the drag (it started horizontal).
    const a = engine.pointAt('line', 0);
    const b = engine.pointAt('line', 1);
    expect(sine([b[0] - a[0], b[1] - a[1]], [1, 0])).toBeGreaterThan(0.3);
  });
});
