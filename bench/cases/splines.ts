// N splines attached end to end (the first pinned), the middle one grabbed at u = ½ and dragged 1 unit.
import type { BenchCase } from '../types';
import { splinesDrawing } from './drawings';
import { dragTask, measure } from './engine-tasks';

export const splinesCase: BenchCase = {
  name: 'splines',
  title: 'N 4-point splines end to end, the middle one dragged 1 unit at u = ½, settled',
  sizes: [10, 100, 1000, 10000],
  run: (n) =>
    measure(
      () => splinesDrawing(n),
      2 * n,
      () => dragTask(`s${n >> 1}`, 0.5, [0, 1]),
    ),
};
