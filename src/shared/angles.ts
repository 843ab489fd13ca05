// Angles, written once: the engine's angle rows, the tools' measured angles and the dimensions' arcs all wrap the
// same way.

const TWO_PI = 2 * Math.PI;

/** x wrapped into (−π, π]: a satisfied angle row sits at 0, as far from the cut as it can be. */
export function wrapAngle(x: number): number {
  return x - TWO_PI * Math.ceil((x - Math.PI) / TWO_PI);
}
