// Sparse symmetric direct solver for the engine's J W Jᵀ systems.
export { SparseSymmetricSolver, DEFAULT_PIVOT_TOLERANCE } from './solver';
export { minimumDegreeOrder } from './minimumDegree';
export { lowerPattern, patternSlot, adjacencyOf, type LowerPattern } from './pattern';
