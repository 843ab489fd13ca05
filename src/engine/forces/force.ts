// Forces (springs). Each adds its generalized force into Q and a positive semi-definite stiffness majorant into the
// drag blocks: the engine integrates the springs linearly-implicitly, (M + h·K̃) q̇ = Q + Jᵀλ, with K̃ block diagonal
// so W = (M + h·K̃)⁻¹ stays block diagonal (see docs/engine.md).

/** Where forces add their stiffness: the drag blocks of M (DragMetric, system/drag.ts). */
export interface StiffnessSink {
  /** Block b of M += s·AᵀA, A the rows × (block size) row-major matrix at A[aOff …]. */
  addGram(b: number, A: Float64Array, aOff: number, rows: number, s: number): void;
}

export interface ForceTerm {
  /** Q[...] += generalized force at q, only in the blocks markBlocks marks (the engine skips Q elsewhere). */
  addForce(Q: Float64Array, q: Float64Array): void;
  /** M-blocks += scale·K̃ (scale = step h). */
  addStiffness(sink: StiffnessSink, q: Float64Array, scale: number): void;
  /** Sets mask[b] = 1 for each block whose drag matrix addStiffness changes. */
  markBlocks(mask: Uint8Array): void;
  /** Potential energy at q (the step controller rejects steps that raise the total). */
  energy(q: Float64Array): number;
}
