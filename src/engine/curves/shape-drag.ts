// The settle metric's extra drag on changes of shape and size (issue 27): what makes a settle move and turn a curve
// before it deforms it. A curve's drag M (curve.ts) prices a change of state by how far its points move, and for a
// short arc a change of radius moves its points almost as a move of its centre does: a settle after an edit
// (Concentric on an arc 40 mm away) swung the arc's radius and sweep round its points (r = −15.465, sweep 329°)
// instead of moving it over; priced by its points alone, even a rigid arc would rather swing its centre over by a
// quarter turn about itself than move. The settle metric prices the parameters themselves, in three tiers: a move
// (the centre, or a segment's midpoint) at M's price, a turn about the centre (an arc's start, an ellipse's angle;
// a segment's direction) κ_turn times dearer, a change of shape or size (radii, sweep; a segment's length) κ_shape
// times dearer: M + Σ κ M_ii e_i e_iᵀ, each entry at its own drag M_ii, so the units and the scale are M's. The
// entries are the same for the curve moved or turned, so the metric turns with the drawing as M does, and it stays
// symmetric positive definite (docs/engine.md, "The settle metric").

/** κ_turn: how much dearer a turn about the curve's centre is than a move, while settling. */
export const SETTLE_TURN_WEIGHT = 1e3;

/**
 * κ_shape: how much heavier a change of shape or size is than the same change priced by the motion of the curve's
 * points, while settling. The larger, the closer a settle that a rigid motion can meet comes to keeping every
 * shape exactly (Concentric on an arc 40 mm away: its radius kept to 2e-5 mm). Bounded by the factorisation: a row
 * that must change a shape where another row already holds the placement keeps a pivot about 1/κ of its diagonal,
 * far above the 1e-10 that marks a row dependent.
 */
export const SETTLE_SHAPE_WEIGHT = 1e6;

/** out (k × k, holding the drag matrix M) += weight·M_ii on the diagonal entries i of `shape`. */
export function addSettleDiagonal(
  out: Float64Array,
  k: number,
  shape: readonly number[],
  weight: number,
): void {
  for (let t = 0; t < shape.length; t++) out[shape[t] * (k + 1)] *= 1 + weight;
}
