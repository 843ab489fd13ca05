import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyDrawing,
  type Drawing,
  type EquationCurve,
  type EquationDefinition,
} from '../../shared/drawing';
import type { PolylineSegment } from '../../shared/primitives';
import { createEquationCurve, type EquationCurveModel } from './equation-curve';
import { EQUATION_PRESETS, presetDefinition } from './presets';
import { samplePolyline } from './sampling';
import { validateDefinition } from './validate';

function drawingWith(def: EquationDefinition, params: Record<string, number> = {}): Drawing {
  const d = emptyDrawing();
  d.equations.push(def);
  d.curves.push({ id: 'c1', kind: 'equation', definition: def.id, params });
  return d;
}

function modelOf(def: EquationDefinition, params: Record<string, number> = {}): EquationCurveModel {
  const d = drawingWith(def, params);
  return createEquationCurve(d.curves[0] as EquationCurve, d);
}

function stateOf(model: EquationCurveModel): Float64Array {
  const q = new Float64Array(model.size + 2);
  model.initialState(q, 1); // at an offset, as inside the engine's q
  return q;
}

function at(model: EquationCurveModel, q: Float64Array, u: number): [number, number] {
  const out = new Float64Array(2);
  model.position(out, q, 1, u);
  return [out[0], out[1]];
}

describe('presets', () => {
  it('all compile and evaluate finitely, with derivatives, at their own values', () => {
    expect(EQUATION_PRESETS.map((p) => p.id)).toEqual([
      'preset-involute',
      'preset-cycloid',
      'preset-epicycloid',
      'preset-hypocycloid',
      'preset-spiral',
      'preset-lemniscate',
      'preset-sine',
      'preset-superellipse',
    ]);
    for (const preset of EQUATION_PRESETS) {
      expect(validateDefinition(preset), preset.id).toEqual([]);
      const free = preset.params.filter((p) => p.free).map((p) => p.name);
      expect(free.slice(0, 2), preset.id).toEqual(['cx', 'cy']);
    }
  });

  it('turn about (cx, cy) by a free parameter: rot (the involute: phi, where its string starts)', () => {
    const centre = { cx: 5, cy: -7 };
    for (const preset of EQUATION_PRESETS) {
      const turn = preset.id === 'preset-involute' ? 'phi' : 'rot';
      expect(preset.params.find((p) => p.name === turn)?.free, preset.id).toBe(true);
      const flat = modelOf(preset, centre);
      const turned = modelOf(preset, { ...centre, [turn]: Math.PI / 2 });
      for (const u of [0.1, 0.37, 0.8]) {
        const [x, y] = at(flat, stateOf(flat), u);
        const [tx, ty] = at(turned, stateOf(turned), u);
        // A quarter turn (y down: x → −y, y → x about the centre).
        expect(tx - centre.cx, `${preset.id} x at ${u}`).toBeCloseTo(-(y - centre.cy), 9);
        expect(ty - centre.cy, `${preset.id} y at ${u}`).toBeCloseTo(x - centre.cx, 9);
      }
    }
  });

  it('trace the curves they are named after', () => {
    const offset = { cx: 5, cy: -7 };
    const check = (id: string, u: number, expected: [number, number], params = offset): void => {
      const def = presetDefinition(id)!;
      const m = modelOf(def, params);
      const [x, y] = at(m, stateOf(m), (u - def.u0) / (def.u1 - def.u0));
      expect(x, `${id} x at ${u}`).toBeCloseTo(expected[0], 10);
      expect(y, `${id} y at ${u}`).toBeCloseTo(expected[1], 10);
    };
    // Involute: the string unwound by angle u is tangent to the base circle, so |p − c| = r·√(1 + u²).
    check('preset-involute', 0, [15, -7]);
    check('preset-involute', 1, [
      5 + 10 * (Math.cos(1) + Math.sin(1)),
      -7 + 10 * (Math.sin(1) - Math.cos(1)),
    ]);
    // Cycloid: the top of the first arch after half a turn of the wheel.
    check('preset-cycloid', Math.PI, [5 + 10 * Math.PI, -7 - 20]);
    check('preset-cycloid', 2 * Math.PI, [5 + 20 * Math.PI, -7]);
    // Epicycloid R = 30, r = 10: the cusp at angle 0 lies on the fixed circle.
    check('preset-epicycloid', 0, [35, -7]);
    // Hypocycloid R = 40, r = 10 (astroid): cusps at (±R, 0) and (0, ±R).
    check('preset-hypocycloid', 0, [45, -7]);
    check('preset-hypocycloid', Math.PI / 2, [5, -7 + 40]);
    // Spiral a = 0, b = 2: after one turn the radius is 4π.
    check('preset-spiral', 2 * Math.PI, [5 + 4 * Math.PI, -7]);
    // Lemniscate a = 30: the lobe's tip, and the crossing at the centre.
    check('preset-lemniscate', 0, [35, -7]);
    check('preset-lemniscate', Math.PI / 2, [5, -7]);
    // Sine: length 60, amplitude 10, 2 cycles: the first crest (up on screen) at an eighth of the length.
    check('preset-sine', 0.125, [5 + 7.5, -7 - 10]);
    // Superellipse a = 30, b = 20, n = 4.
    check('preset-superellipse', 0, [35, -7]);
    check('preset-superellipse', Math.PI / 2, [5, 13]);
    const def = presetDefinition('preset-superellipse')!;
    const m = modelOf(def, offset);
    const [x, y] = at(m, stateOf(m), 0.1);
    expect(Math.abs((x - 5) / 30) ** 4 + Math.abs((y + 7) / 20) ** 4).toBeCloseTo(1, 12);
  });
});

describe('equation curve model', () => {
  const presetArb = fc.constantFrom(...EQUATION_PRESETS.map((p) => p.id));
  const cases = fc.record({
    id: presetArb,
    u: fc.double({ min: 0.02, max: 0.98, noNaN: true }),
    cx: fc.double({ min: -50, max: 50, noNaN: true }),
    cy: fc.double({ min: -50, max: 50, noNaN: true }),
    phi: fc.double({ min: -3, max: 3, noNaN: true }),
  });

  it('∂p/∂u and ∂p/∂q of every preset match finite differences', () => {
    fc.assert(
      fc.property(cases, ({ id, u, cx, cy, phi }) => {
        const def = presetDefinition(id)!;
        const params: Record<string, number> = { cx, cy };
        if (def.params.some((p) => p.name === 'phi')) params.phi = phi;
        const m = modelOf(def, params);
        const q = stateOf(m);
        const k = m.size;
        const tangent = new Float64Array(2);
        const jac = new Float64Array(2 * k);
        m.tangent(tangent, q, 1, u);
        m.jacobian(jac, q, 1, u);
        const h = 1e-6;
        const plus = at(m, q, u + h);
        const minus = at(m, q, u - h);
        const scale = Math.max(1, Math.hypot(tangent[0], tangent[1]));
        for (let r = 0; r < 2; r++) {
          const fd = (plus[r] - minus[r]) / (2 * h);
          expect(Math.abs(fd - tangent[r]) / scale, `${id} ∂p/∂u`).toBeLessThan(1e-6);
        }
        for (let j = 0; j < k; j++) {
          const qp = q.slice();
          const qm = q.slice();
          qp[1 + j] += h;
          qm[1 + j] -= h;
          const pp = at(m, qp, u);
          const pm = at(m, qm, u);
          for (let r = 0; r < 2; r++) {
            const fd = (pp[r] - pm[r]) / (2 * h);
            expect(Math.abs(fd - jac[r * k + j]) / Math.max(1, Math.abs(fd)), `${id} ∂p/∂q${j}`).toBeLessThan(
              1e-6,
            );
          }
        }
      }),
      { numRuns: 200, seed: 3 },
    );
  });

  it('∂²p/∂u∂q and ∂²p/∂u² of every preset, every parameter free, match finite differences of ∂p/∂u', () => {
    fc.assert(
      fc.property(cases, ({ id, u, cx, cy, phi }) => {
        const preset = presetDefinition(id)!;
        // Every parameter free, so the shape parameters (r, a, b, …) turn and stretch ∂p/∂u too.
        const def = { ...preset, params: preset.params.map((p) => ({ ...p, free: true })) };
        const params: Record<string, number> = { cx, cy };
        if (def.params.some((p) => p.name === 'phi')) params.phi = phi;
        const m = modelOf(def, params);
        const q = stateOf(m);
        const k = m.size;
        const mixed = new Float64Array(2 * k).fill(NaN);
        const second = new Float64Array(2).fill(NaN);
        m.tangentJacobian(mixed, q, 1, u);
        m.secondDerivative(second, q, 1, u);
        const tp = new Float64Array(2);
        const tm = new Float64Array(2);
        const h = 1e-6;
        m.tangent(tp, q, 1, u + h);
        m.tangent(tm, q, 1, u - h);
        for (let r = 0; r < 2; r++) {
          const fd = (tp[r] - tm[r]) / (2 * h);
          expect(Math.abs(fd - second[r]) / Math.max(1, Math.abs(fd)), `${id} ∂²p/∂u²`).toBeLessThan(1e-6);
        }
        for (let j = 0; j < k; j++) {
          const qp = q.slice();
          const qm = q.slice();
          qp[1 + j] += h;
          qm[1 + j] -= h;
          m.tangent(tp, qp, 1, u);
          m.tangent(tm, qm, 1, u);
          for (let r = 0; r < 2; r++) {
            const fd = (tp[r] - tm[r]) / (2 * h);
            expect(
              Math.abs(fd - mixed[r * k + j]) / Math.max(1, Math.abs(fd)),
              `${id} ∂²p/∂u∂q${j}`,
            ).toBeLessThan(1e-6);
          }
        }
      }),
      { numRuns: 200, seed: 3 },
    );
  });

  it('has a symmetric positive definite drag matrix for every preset', () => {
    for (const preset of EQUATION_PRESETS) {
      const m = modelOf(structuredClone(preset));
      const k = m.size;
      const M = new Float64Array(k * k);
      m.dragMatrix(M, stateOf(m), 1);
      // Cholesky: succeeds exactly when M is SPD.
      const L = new Float64Array(k * k);
      for (let i = 0; i < k; i++) {
        for (let j = 0; j <= i; j++) {
          expect(M[i * k + j]).toBe(M[j * k + i]);
          let s = M[i * k + j];
          for (let t = 0; t < j; t++) s -= L[i * k + t] * L[j * k + t];
          if (i === j) {
            expect(s, preset.id).toBeGreaterThan(0);
            L[i * k + i] = Math.sqrt(s);
          } else L[i * k + j] = s / L[j * k + j];
        }
      }
      // Translation drag: ∫(|p'| + ℓ₀) du is the curve's length plus 1 mm, on both cx and cy.
      expect(M[0]).toBeGreaterThan(1);
      expect(M[0]).toBeCloseTo(M[k + 1], 9);
    }
  });

  it('finds the nearest point for picking', () => {
    fc.assert(
      fc.property(
        presetArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        (id, u, offset) => {
          const m = modelOf(presetDefinition(id)!);
          const q = stateOf(m);
          const t = new Float64Array(2);
          m.tangent(t, q, 1, u);
          const len = Math.hypot(t[0], t[1]);
          // At a cusp (p′ = 0) there is no normal: use the point itself.
          const d = len > 1e-9 ? offset : 0;
          const [px, py] = at(m, q, u);
          // A point off the curve along its normal at u: the answer is at least as close as p(u).
          const mx = d === 0 ? px : px - (d * t[1]) / len;
          const my = d === 0 ? py : py + (d * t[0]) / len;
          const found = m.closestU(q, 1, mx, my);
          expect(found).toBeGreaterThanOrEqual(0);
          expect(found).toBeLessThanOrEqual(1);
          const [fx, fy] = at(m, q, found);
          expect(Math.hypot(fx - mx, fy - my)).toBeLessThanOrEqual(Math.abs(d) + 1e-9);
        },
      ),
      // The first example: a point on an epicycloid near a cusp, where the other branch passes 0.006 away (the
      // nearest sample once lay on it).
      { numRuns: 2000, examples: [['preset-epicycloid', 0.3284779952303419, 0]] },
    );
  });

  it('draws a polyline within the tolerance of the curve', () => {
    for (const preset of EQUATION_PRESETS) {
      const m = modelOf(structuredClone(preset));
      const q = stateOf(m);
      const tol = 0.1 / 4; // 0.1 px at the default zoom of 4 px/mm
      const us: number[] = [];
      const pts = samplePolyline((out, u) => m.position(out, q, 1, u), tol, us);
      expect(us[0]).toBe(0);
      expect(us[us.length - 1]).toBe(1);
      let worst = 0;
      for (let i = 0; i + 1 < pts.length; i++) {
        const [ax, ay] = pts[i];
        const [bx, by] = pts[i + 1];
        const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
        for (let s = 1; s < 16; s++) {
          const [cx, cy] = at(m, q, us[i] + ((us[i + 1] - us[i]) * s) / 16);
          const t =
            len2 > 0 ? Math.min(1, Math.max(0, ((cx - ax) * (bx - ax) + (cy - ay) * (by - ay)) / len2)) : 0;
          worst = Math.max(worst, Math.hypot(cx - ax - t * (bx - ax), cy - ay - t * (by - ay)));
        }
      }
      expect(worst, preset.id).toBeLessThanOrEqual(tol);
      const path = m.path(q, 1, tol);
      expect(path.closed).toBe(preset.closed);
      const seg = path.segments[0] as PolylineSegment;
      expect(seg.type).toBe('polyline');
      expect(path.start).toEqual(pts[0]);
      expect(seg.points.length).toBe(preset.closed ? pts.length - 2 : pts.length - 1);
    }
  });

  it('samples a circle with close to the fewest points the tolerance allows', () => {
    const def: EquationDefinition = {
      id: 'circle',
      name: 'circle',
      x: 'R * cos(u)',
      y: 'R * sin(u)',
      u0: 0,
      u1: 2 * Math.PI,
      closed: true,
      params: [{ name: 'R', value: 100, free: false }],
    };
    const m = modelOf(def);
    const q = stateOf(m);
    const tol = 0.01;
    const pts = samplePolyline((out, u) => m.position(out, q, 1, u), tol);
    // Chord error of an arc of angle θ on radius R is R(1 − cos θ/2): the fewest pieces within tol.
    const fewest = Math.ceil((2 * Math.PI) / (2 * Math.acos(1 - tol / 100)));
    let worst = 0;
    for (let i = 0; i + 1 < pts.length; i++) {
      const theta = Math.abs(
        Math.atan2(
          pts[i][0] * pts[i + 1][1] - pts[i][1] * pts[i + 1][0],
          pts[i][0] * pts[i + 1][0] + pts[i][1] * pts[i + 1][1],
        ),
      );
      worst = Math.max(worst, 100 * (1 - Math.cos(theta / 2)));
    }
    expect(worst).toBeLessThanOrEqual(tol);
    expect(pts.length - 1).toBeGreaterThanOrEqual(fewest);
    expect(pts.length - 1).toBeLessThanOrEqual(2 * fewest);
  });

  it('reads its state from the free parameters and writes it back by name', () => {
    const def = presetDefinition('preset-involute')!;
    const d = drawingWith(def, { cx: 3, cy: 4, r: 12 });
    const curve = d.curves[0] as EquationCurve;
    const m = createEquationCurve(curve, d);
    expect(m.size).toBe(3);
    const q = stateOf(m);
    expect(Array.from(q)).toEqual([0, 3, 4, 0, 0]);
    expect(at(m, q, 0)).toEqual([15, 4]); // r = 12 from the curve, not the definition's 10
    q[1] = 10;
    q[3] = Math.PI / 2;
    expect(at(m, q, 0)[0]).toBeCloseTo(10, 12);
    expect(at(m, q, 0)[1]).toBeCloseTo(16, 12);
    m.writeState(curve, q, 1);
    expect(curve.params).toEqual({ cx: 10, cy: 4, phi: Math.PI / 2, r: 12 });
    expect(m.anchorU('start')).toBe(0);
    expect(m.anchorU('end')).toBe(1);
    expect(m.anchorU('center')).toBe(0.5);
  });

  it('answers each call for the q it is given when q changes between calls at the same u', () => {
    // Linear in its free parameters (Jacobian of u only, read without comparing q) and not (a²·cos u: only a is
    // compared).
    const linear: EquationDefinition = {
      id: 'lin',
      name: 'linear',
      x: 'a * cos(u) + b * u^2 + c',
      y: 'b * sin(u) - a',
      u0: 0,
      u1: 2,
      closed: false,
      params: [
        { name: 'a', value: 2, free: true },
        { name: 'b', value: 3, free: true },
        { name: 'c', value: 1, free: true },
      ],
    };
    const nonlinear: EquationDefinition = {
      ...linear,
      id: 'non',
      name: 'nonlinear',
      x: 'a^2 * cos(u) + b * u + c',
    };
    for (const def of [linear, nonlinear]) {
      const m = modelOf(def);
      // ∂x/∂a = 2·a·cos u depends on a; nothing depends on b or c.
      expect(Array.from(m.compiled.jacobianParams), def.id).toEqual(def === nonlinear ? [0] : []);
      // ∂p/∂u depends on a and b, not on c.
      expect(Array.from(m.compiled.tangentParams), def.id).toEqual([0, 1]);
      const q = stateOf(m);
      const p = new Float64Array(2);
      const t = new Float64Array(2);
      const J = new Float64Array(6);
      // A model that never saw an earlier q, and its state: q's current values.
      const fresh = (): { model: EquationCurveModel; q: Float64Array } => {
        const model = modelOf(def, { a: q[1], b: q[2], c: q[3] });
        return { model, q: stateOf(model) };
      };
      // Each call after a change of q at the same u must agree with a model that never saw the old q.
      const expectFresh = (u: number): void => {
        const { model: f, q: qf } = fresh();
        const pf = new Float64Array(2);
        const tf = new Float64Array(2);
        const Jf = new Float64Array(6);
        f.position(pf, qf, 1, u);
        f.tangent(tf, qf, 1, u);
        f.jacobian(Jf, qf, 1, u);
        m.position(p, q, 1, u);
        expect(Array.from(p)).toEqual(Array.from(pf));
        m.tangent(t, q, 1, u);
        expect(Array.from(t)).toEqual(Array.from(tf));
        m.jacobian(J, q, 1, u);
        expect(Array.from(J)).toEqual(Array.from(Jf));
      };
      expectFresh(0.3);
      q[1] = -1.5;
      expectFresh(0.3);
      // Jacobian or tangent first, then the rest, after another change.
      const firstCall = (call: 'jacobian' | 'tangent', u: number): void => {
        const { model: f, q: qf } = fresh();
        const mine = new Float64Array(6);
        const theirs = new Float64Array(6);
        m[call](mine, q, 1, u);
        f[call](theirs, qf, 1, u);
        expect(Array.from(mine), call).toEqual(Array.from(theirs));
        expectFresh(u);
      };
      q[1] = 0.25;
      q[2] = 5;
      firstCall('jacobian', 0.3);
      q[1] = 1.25;
      firstCall('tangent', 0.3);
      q[2] = -5;
      firstCall('tangent', 0.3);
      q[3] = 7;
      firstCall('tangent', 0.3);
      firstCall('jacobian', 0.3);
      q[1] = 4;
      expectFresh(0.7);
      // The last of an odd number of parameters alone.
      q[3] = -2;
      expectFresh(0.7);
    }
  });

  it('refuses bad curves with a message naming the field', () => {
    const def = presetDefinition('preset-cycloid')!;
    const build =
      (d: Drawing): (() => unknown) =>
      () =>
        createEquationCurve(d.curves[0] as EquationCurve, d);
    const missing = drawingWith(def);
    (missing.curves[0] as EquationCurve).definition = 'nope';
    expect(build(missing)).toThrow("definition: no equation definition 'nope' in the drawing");
    expect(build(drawingWith(def, { k: 1 }))).toThrow("params.k: 'preset-cycloid' has no parameter 'k'");
    expect(build(drawingWith(def, { r: Number.NaN }))).toThrow('params.r: not a finite number');
    // Names that exist on every object are still just names.
    expect(build(drawingWith(def, JSON.parse('{"constructor": 1}')))).toThrow(
      "params.constructor: 'preset-cycloid' has no parameter 'constructor'",
    );
    const broken = { ...def, x: 'cx + son(u)' };
    expect(build(drawingWith(broken))).toThrow(
      "definition: equations[0].x: unknown function 'son' at column 6",
    );
    const pole = { ...def, u0: 0, u1: 1, x: 'cx + 1 / (u - 0.5)' };
    expect(build(drawingWith(pole))).toThrow('params: x is not finite at u = 0.5 for these parameters');
  });
});

describe('validateDefinition', () => {
  it('finds where a value or a derivative stops being finite', () => {
    const base: EquationDefinition = {
      id: 'v',
      name: 'v',
      x: 'u',
      y: 'u',
      u0: 0,
      u1: 1,
      closed: false,
      params: [{ name: 'a', value: 0.5, free: true }],
    };
    expect(validateDefinition({ ...base, x: '1 / (u - a)' })).toEqual([
      { field: 'x', column: null, message: 'x is not finite at u = 0.5 for these parameters' },
    ]);
    // The same definition is fine for another value of a (the curve's own).
    expect(validateDefinition({ ...base, x: '1 / (u - a)' }, { a: 2 })).toEqual([]);
    expect(validateDefinition({ ...base, y: 'log(u - 0.25)' })[0].message).toBe(
      'y is not finite at u = 0 for these parameters',
    );
    expect(validateDefinition({ ...base, y: 'sqrt(u)' })[0].message).toBe(
      '∂y/∂u is not finite at u = 0 for these parameters',
    );
    expect(validateDefinition({ ...base, x: 'sqrt(a - u)' })[0].message).toBe(
      '∂x/∂u is not finite at u = 0.5 for these parameters',
    );
    expect(validateDefinition({ ...base, x: 'sqrt(a - u)' }, { a: 0.51 })[0].message).toBe(
      'x is not finite at u = 0.515625 for these parameters',
    );
    // A closed curve whose ends do not meet: 1 unit apart here.
    expect(validateDefinition({ ...base, closed: true })).toEqual([
      {
        field: 'closed',
        column: null,
        message: 'closed, but the curve ends 1.41421 away from where it starts (u1 should bring it back)',
      },
    ]);
    expect(validateDefinition({ ...base, x: 'cos(2*pi*u)', y: 'sin(2*pi*u)', closed: true })).toEqual([]);
    expect(validateDefinition({ ...base, x: 'u + son(u)' })[0]).toEqual({
      field: 'x',
      column: 5,
      message: "unknown function 'son' at column 5",
    });
  });
});
