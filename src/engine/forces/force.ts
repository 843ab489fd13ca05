// Forces (springs). Each adds its generalized force into Q and a positive semi-definite stiffness majorant into the
// drag blocks: the engine integrates the springs linearly-implicitly, (M + h·K̃) q̇ = Q + Jᵀλ, with K̃ block diagonal
// so W = (M + h·K̃)⁻¹ stays block diagonal (see docs/engine.md).
export interface ForceTerm {
  /** Q[...] += generalized force at q, only in the blocks markBlocks marks (the engine skips Q elsewhere). */
  addForce(Q: Float64Array, q: Float64Array): void;
  /** M-blocks += scale·K̃ (scale = step h); blockM(b) gives the offset of block b's k×k matrix in M. */
  addStiffness(M: Float64Array, mOff: Int32Array, q: Float64Array, scale: number): void;
  /** Sets mask[b] = 1 for each block whose drag matrix addStiffness changes. */
  markBlocks(mask: Uint8Array): void;
  /** Potential energy at q (the step controller rejects steps that raise the total). */
  energy(q: Float64Array): number;
}
