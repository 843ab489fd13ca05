// A chain of N bars pinned at one end, its free end dragged 1 unit; planegcs solves the same chain with the free
// end's coordinates given.
import { CHAIN_DRAG, planegcsChain } from '../planegcs/problems';
import type { BenchCase } from '../types';
import { chainDrawing } from './drawings';
import { dragTask, measure } from './engine-tasks';

export const chainCase: BenchCase = {
  name: 'chain',
  title: 'chain of N bars, pinned, free end dragged 1 unit, settled',
  sizes: [10, 100, 1000, 10000],
  run: (n) =>
    measure(
      () => chainDrawing(n),
      2 * n,
      () => dragTask(`b${n - 1}`, 1, CHAIN_DRAG),
    ),
  planegcs: planegcsChain,
};
