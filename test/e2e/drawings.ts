// Small drawings the issue-28 specs open, made as data (each spec then acts on them with the real mouse).
import { emptyDrawing, type Drawing, type Vec2 } from '../../src/shared/drawing';

/** An empty drawing seen at `zoom` px/mm around `center`. */
export function paper(center: Vec2, zoom: number): Drawing {
  const drawing = emptyDrawing();
  drawing.view = { center, zoom };
  return drawing;
}

export const start = (curve: string) => ({ curve, anchor: 'start' }) as const;
export const end = (curve: string) => ({ curve, anchor: 'end' }) as const;

/**
 * A level segment `c1` from (0, 0) to (30, 0) pinned at both ends (`k1`, `k2`), seen at 6 px/mm; with `length`, its
 * length dimensioned too (`k3`): any other length is refused.
 */
export function pinnedSegment(options: { length?: boolean } = {}): Drawing {
  const d = emptyDrawing();
  d.view = { center: [15, 0], zoom: 6 };
  d.curves.push({ kind: 'segment', id: 'c1', a: [0, 0], b: [30, 0] });
  d.constraints.push(
    { kind: 'pin', id: 'k1', point: start('c1'), at: [0, 0] },
    { kind: 'pin', id: 'k2', point: end('c1'), at: [30, 0] },
  );
  if (options.length) d.constraints.push({ kind: 'length', id: 'k3', curve: 'c1', length: 30 });
  return d;
}
