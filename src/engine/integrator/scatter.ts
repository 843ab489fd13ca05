// Seeded restarts of an assembly from far (far-assembly.ts): the start moved at random, the same way for the same
// seed. A descent of |C|² that stalls from one start often assembles from one nearby (a square scattered 40 mm:
// two to five of six starts moved by 10–20 mm assemble where the start itself does not), so restarts from a few
// such starts are a search the local step cannot make.
import { CURVE_STATE_LAYOUT } from '../../shared/drawing';
import type { EngineModel } from '../build';

/** Most an angle (a bar's, an arc's start, an ellipse's rotation) turns (rad). */
const TURN = 0.25;
/** Most a size (a radius, an arc's sweep) grows or shrinks: by a factor within e^±SIZE (its sign kept). */
const SIZE = 0.25;

/** A Park–Miller generator in (0, 1): the same sequence for the same seed (a positive integer below 2³¹ − 1). */
export function parkMiller(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/**
 * q = `from` with every curve's state moved at random (seeded): coordinates by up to `reach` mm, angles by up to
 * TURN, radii and sweeps by a factor within e^±SIZE. Beads' s and equation curves' parameters are left as in `from`.
 */
export function scatter(
  q: Float64Array,
  from: Float64Array,
  model: EngineModel,
  reach: number,
  seed: number,
): void {
  const random = parkMiller(seed);
  const jitter = () => 2 * random() - 1;
  q.set(from);
  const { curves, curveOff } = model;
  for (let i = 0; i < curves.length; i++) {
    const { kind, size } = curves[i];
    if (kind === 'equation') continue;
    const layout: readonly string[] = CURVE_STATE_LAYOUT[kind];
    const off = curveOff[i];
    for (let j = 0; j < size; j++) {
      // A spline's layout is its points' coordinates, two by two.
      const name = kind === 'spline' ? 'x' : layout[j];
      if (name === 'angle' || name === 'start' || name === 'rotation') q[off + j] += TURN * jitter();
      else if (name === 'radius' || name === 'rx' || name === 'ry' || name === 'sweep')
        q[off + j] *= Math.exp(SIZE * jitter());
      else q[off + j] += reach * jitter();
    }
  }
}
