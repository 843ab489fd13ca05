// An edge field made of a formula, for the sampler's and the snake force's tests in the engine (the document layer
// makes real ones from images): 240 × 240 pixels of smooth waves in [0, 1], placed 2.5 px per mm, turned 0.3 rad,
// its centre at (12, 5) mm — over every curve of FIT_KINDS.
import type { EdgeField } from '../forces/edge-field';

export function wavyField(): EdgeField {
  const width = 240;
  const height = 240;
  const energy = new Float32Array(width * height);
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++) energy[j * width + i] = 0.5 + 0.5 * Math.sin(i / 6) * Math.cos(j / 9);
  const k = 2.5;
  const c = Math.cos(0.3);
  const s = Math.sin(0.3);
  // px = k (c (x − 12) + s (y − 5)) + 120, py = k (−s (x − 12) + c (y − 5)) + 120
  const toPixel = Float64Array.from([
    k * c,
    k * s,
    120 - k * (12 * c + 5 * s),
    -k * s,
    k * c,
    120 - k * (-12 * s + 5 * c),
  ]);
  return { width, height, energy, toPixel };
}
