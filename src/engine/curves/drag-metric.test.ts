// The drag metric of the free-form curves (Bézier, spline, equation curves): pulling one point of a free curve
// bends it through the cursor without throwing the rest of it against the pull (issue 17), and the metric stays
// a metric: symmetric positive definite, the same for the drawing moved or turned.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve, type EquationDefinition, type Vec2 } from '../../shared/drawing';
import { presetDefinition } from '../expr/presets';
import { bezierDefinition } from '../test-support/bezier-definition';
import {
  conjugate,
  dragOf,
  expectClose,
  expectSymmetricPositiveDefinite,
} from '../test-support/drag-matrix-checks';
import { measureOppositeMotion } from '../test-support/opposite-motion';
import { DRAG_LENGTH_FLOOR, DRAG_REGULARISER, DRAG_SPREAD } from './curve';
import { createCurveModel } from './registry';

/** What issue 17 asks: no point moves against the pull by more than 10 % of the grabbed point's motion. */
const MOST_AGAINST = 0.1;
const GRABS = [0.25, 0.5, 0.7];
const PULLS: Vec2[] = [
  [0, 60],
  [60, 0],
  [0, -60],
];

function zigzag(n: number): Vec2[] {
  return Array.from({ length: n }, (_, i): Vec2 => [30 * i, i % 2 ? -30 : 0]);
}
function ring(n: number): Vec2[] {
  return Array.from({ length: n }, (_, i): Vec2 => [
    60 * Math.cos((2 * Math.PI * i) / n),
    60 * Math.sin((2 * Math.PI * i) / n),
  ]);
}

/** A sine wave whose amplitude is free: a global shape parameter the L² drag threw against a pull. */
function freeAmplitudeSine(): EquationDefinition {
  const sine = presetDefinition('preset-sine')!;
  for (const p of sine.params) if (p.name === 'amplitude') p.free = true;
  return sine;
}
/** An ellipse with free centre and radii. */
const FREE_ELLIPSE: EquationDefinition = {
  id: 'free-ellipse',
  name: 'ellipse',
  x: 'cx + rx * cos(u)',
  y: 'cy + ry * sin(u)',
  u0: 0,
  u1: 2 * Math.PI,
  closed: true,
  params: [
    { name: 'cx', value: 0, free: true },
    { name: 'cy', value: 0, free: true },
    { name: 'rx', value: 40, free: true },
    { name: 'ry', value: 20, free: true },
  ],
};
/** A sine wave that can move and turn (its angle a is free). */
const TURNING_SINE: EquationDefinition = {
  id: 'turning-sine',
  name: 'turning sine',
  x: 'cx + cos(a) * 60 * u + sin(a) * 10 * sin(4 * pi * u)',
  y: 'cy + sin(a) * 60 * u - cos(a) * 10 * sin(4 * pi * u)',
  u0: 0,
  u1: 1,
  closed: false,
  params: [
    { name: 'cx', value: 3, free: true },
    { name: 'cy', value: -2, free: true },
    { name: 'a', value: 0.4, free: true },
  ],
};

const CASES: [string, Curve, EquationDefinition[]][] = [
  [
    'Bézier arch',
    {
      id: 'c',
      kind: 'bezier',
      points: [
        [0, 0],
        [40, -60],
        [80, -60],
        [120, 0],
      ],
    },
    [],
  ],
  [
    'Bézier S',
    {
      id: 'c',
      kind: 'bezier',
      points: [
        [0, 0],
        [40, -60],
        [80, 60],
        [120, 0],
      ],
    },
    [],
  ],
  ...[5, 7, 9].flatMap((n): [string, Curve, EquationDefinition[]][] => [
    [`open spline of ${n}`, { id: 'c', kind: 'spline', points: zigzag(n), closed: false }, []],
    [`closed spline of ${n}`, { id: 'c', kind: 'spline', points: ring(n), closed: true }, []],
  ]),
  [
    'open spline, uneven spacing',
    {
      id: 'c',
      kind: 'spline',
      points: [
        [0, 0],
        [5, -10],
        [10, 0],
        [60, -40],
        [120, 0],
        [125, 5],
        [130, 0],
      ],
      closed: false,
    },
    [],
  ],
  ['equation Bézier', { id: 'c', kind: 'equation', definition: 'bz', params: {} }, [bezierDefinition('bz')]],
  [
    'equation sine, free amplitude',
    { id: 'c', kind: 'equation', definition: 'preset-sine', params: {} },
    [freeAmplitudeSine()],
  ],
  [
    'equation ellipse, free radii',
    { id: 'c', kind: 'equation', definition: FREE_ELLIPSE.id, params: {} },
    [FREE_ELLIPSE],
  ],
];

describe('pulling a free curve at one point', () => {
  for (const [name, curve, equations] of CASES) {
    it(`${name}: no point moves against the pull by more than 10 %`, () => {
      for (const u of GRABS) {
        for (const pull of PULLS) {
          const m = measureOppositeMotion(structuredClone(curve), u, pull, structuredClone(equations));
          const where = `u ${u}, pull ${pull.join(', ')}`;
          // The grabbed point is on the cursor: the metric changes how the rest follows, not whether it arrives.
          expect(m.miss, where).toBeLessThan(1e-6);
          expect(m.followed, where).toBeCloseTo(1, 6);
          expect(m.against, where).toBeLessThanOrEqual(MOST_AGAINST);
        }
      }
    });
  }
});

/** A rigid motion of the drawing as a map of a control-point curve's state: every point turned by θ and moved. */
function pointsMap(k: number, theta: number): Float64Array {
  const T = new Float64Array(k * k);
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  for (let i = 0; i < k; i += 2) {
    T[i * k + i] = c;
    T[i * k + i + 1] = -s;
    T[(i + 1) * k + i] = s;
    T[(i + 1) * k + i + 1] = c;
  }
  return T;
}

describe('the drag matrix of the free-form curves', () => {
  const theta = 0.7;
  const shift: Vec2 = [123.4, -56.7];

  for (const [name, curve] of CASES.filter(([, c]) => c.kind !== 'equation')) {
    it(`${name}: SPD, and moving or turning the curve turns M with it`, () => {
      const model = createCurveModel(curve, emptyDrawing());
      const k = model.size;
      const q = new Float64Array(k);
      model.initialState(q, 0);
      const M = dragOf(model, q);
      expectSymmetricPositiveDefinite(M, k);
      const T = pointsMap(k, theta);
      const moved = new Float64Array(k);
      for (let i = 0; i < k; i++) {
        let s = 0;
        for (let j = 0; j < k; j++) s += T[i * k + j] * q[j];
        moved[i] = s + shift[i % 2];
      }
      expectClose(dragOf(model, moved), conjugate(M, T, k));
    });
  }

  it('an equation curve that moves and turns: SPD, and moving or turning it turns M with it', () => {
    const drawing = { ...emptyDrawing(), equations: [TURNING_SINE] };
    const model = createCurveModel(
      { id: 'c', kind: 'equation', definition: TURNING_SINE.id, params: {} },
      drawing,
    );
    const q = new Float64Array(3);
    model.initialState(q, 0);
    const M = dragOf(model, q);
    expectSymmetricPositiveDefinite(M, 3);
    // State (cx, cy, a) → (R(θ) c + shift, a + θ) turns and moves every point of the curve.
    const c = Math.cos(theta);
    const s = Math.sin(theta);
    const T = Float64Array.from([c, -s, 0, s, c, 0, 0, 0, 1]);
    const moved = Float64Array.from([
      c * q[0] - s * q[1] + shift[0],
      s * q[0] + c * q[1] + shift[1],
      q[2] + theta,
    ]);
    expectClose(dragOf(model, moved), conjugate(M, T, 3));
  });

  it("a closed equation circle's radius drag is the exact integral (2πr + ℓ₀)(1 + 4π²λ²), to the differences' 1 %", () => {
    // J_r = (cos 2πu, sin 2πu), so |J_r|² = 1 and |∂J_r/∂u|² = 4π²: the Sobolev term, round the whole closed
    // curve (the gap from the last node back to the first included), multiplies the L² drag by 1 + 4π²λ².
    const circle: EquationDefinition = {
      id: 'circle',
      name: 'circle',
      x: 'cx + r * cos(u)',
      y: 'cy + r * sin(u)',
      u0: 0,
      u1: 2 * Math.PI,
      closed: true,
      params: ['cx', 'cy', 'r'].map((name) => ({ name, value: name === 'r' ? 10 : 0, free: true })),
    };
    const model = createCurveModel(
      { id: 'c', kind: 'equation', definition: 'circle', params: {} },
      {
        ...emptyDrawing(),
        equations: [circle],
      },
    );
    const q = Float64Array.from([0, 0, 10]);
    const M = dragOf(model, q);
    const exact = (2 * Math.PI * 10 + DRAG_LENGTH_FLOOR) * (1 + 4 * Math.PI ** 2 * DRAG_SPREAD ** 2);
    expect(Math.abs(M[8] - DRAG_REGULARISER - exact) / exact).toBeLessThan(0.01);
    // Translation has no Sobolev drag (∂J/∂u = 0 for cx, cy): the L² drag, the length plus ℓ₀.
    expect(M[0] - DRAG_REGULARISER).toBeCloseTo(2 * Math.PI * 10 + DRAG_LENGTH_FLOOR, 6);
  });
});
