// Drawings of stacked constraints (issue 26): many constraints of one kind on one point or one pair — pins of one
// point, attachments between the same two points, points attached to one hub point (a star), distances, angle
// dimensions and horizontal constraints on one pair — each in a small mechanism a drag can move, agreeing
// (redundant) or with the last one disagreeing (conflicting). The bench writes them to files
// (bench/cases/stacked.ts); the engine's tests build them in memory (src/engine/stacked.test.ts).
import { assertNever } from '../../shared/assert-never';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { bar } from './drawings';

export const STACK_KINDS = ['pin', 'attach', 'star', 'distance', 'angle', 'horizontal'] as const;
export type StackKind = (typeof STACK_KINDS)[number];

export interface StackedDrawing {
  drawing: Drawing;
  /** The curve a drag grabs (at u = 1), and a cursor that moves it. */
  grab: string;
  to: [number, number];
  /** The stacked constraints' ids, in declared order. */
  stacked: string[];
}

/** The point a bar of length 20 from the origin at angle 0.3 ends at. */
const ARM: [number, number] = [20 * Math.cos(0.3), 20 * Math.sin(0.3)];

/**
 * n constraints of `kind` stacked on one point or pair, all agreeing, or with the last one disagreeing
 * (`conflicting`: a pin 5 mm away, a distance 5 mm longer, an angle 0.2 rad more; attachments and horizontals
 * cannot disagree with one another, so there it is ignored).
 *
 * - pin: a bar from the origin, its start pinned n times at the origin; the grab swings its end.
 * - attach: two bars end to end, the first pinned at its start, the joint attached n times; the grab pulls the
 *   second's end.
 * - star: a bar pinned at its start and n points each attached to its end (a hub with n attachments); the grab
 *   pulls the bar's end, the points follow.
 * - distance: two points, the first pinned, n distances of 20 between them; the grab pulls the second about it.
 * - angle: two segments from the origin, the first pinned at both ends, n angle dimensions of 0.5 rad between
 *   them; the grab pulls the second's end.
 * - horizontal: two points, the first pinned, n horizontal constraints between them; the grab pulls the second.
 */
export function stackedDrawing(kind: StackKind, n: number, conflicting = false): StackedDrawing {
  const d = emptyDrawing();
  const stacked: string[] = [];
  const off = (i: number): number => (conflicting && i === n - 1 && n > 1 ? 1 : 0);
  const add = (k: Drawing['constraints'][number]): void => {
    d.constraints.push(k);
    stacked.push(k.id);
  };
  const pinStart = (curve: string): void => {
    d.constraints.push({ id: 'ground', kind: 'pin', point: { curve, anchor: 'start' }, at: [0, 0] });
  };
  switch (kind) {
    case 'pin':
      d.curves.push(bar('arm', [0, 0], ARM));
      for (let i = 0; i < n; i++)
        add({ id: `pin${i}`, kind: 'pin', point: { curve: 'arm', anchor: 'start' }, at: [5 * off(i), 0] });
      return { drawing: d, grab: 'arm', to: [0, 20], stacked };
    case 'attach':
      d.curves.push(bar('arm', [0, 0], ARM), bar('link', ARM, [ARM[0] + 15, ARM[1]]));
      pinStart('arm');
      for (let i = 0; i < n; i++)
        add({
          id: `joint${i}`,
          kind: 'attach',
          a: i % 2 ? { curve: 'link', anchor: 'start' } : { curve: 'arm', anchor: 'end' },
          b: i % 2 ? { curve: 'arm', anchor: 'end' } : { curve: 'link', anchor: 'start' },
        });
      return { drawing: d, grab: 'link', to: [10, 25], stacked };
    case 'star':
      d.curves.push(bar('arm', [0, 0], ARM));
      pinStart('arm');
      for (let i = 0; i < n; i++) {
        d.curves.push({ id: `leaf${i}`, kind: 'point', at: ARM });
        add({
          id: `tie${i}`,
          kind: 'attach',
          a: { curve: `leaf${i}`, anchor: 'start' },
          b: { curve: 'arm', anchor: 'end' },
        });
      }
      return { drawing: d, grab: 'arm', to: [0, 20], stacked };
    case 'distance':
      d.curves.push({ id: 'hub', kind: 'point', at: [0, 0] }, { id: 'rim', kind: 'point', at: ARM });
      d.constraints.push({ id: 'ground', kind: 'pin', point: { curve: 'hub', anchor: 'start' }, at: [0, 0] });
      for (let i = 0; i < n; i++)
        add({
          id: `span${i}`,
          kind: 'distance',
          a: { curve: i % 2 ? 'rim' : 'hub', anchor: 'start' },
          b: { curve: i % 2 ? 'hub' : 'rim', anchor: 'start' },
          length: 20 + 5 * off(i),
        });
      return { drawing: d, grab: 'rim', to: [0, 30], stacked };
    case 'angle':
      d.curves.push(
        { id: 'base', kind: 'segment', a: [0, 0], b: [20, 0] },
        { id: 'side', kind: 'segment', a: [0, 0], b: [20 * Math.cos(0.5), 20 * Math.sin(0.5)] },
      );
      d.constraints.push(
        { id: 'ground', kind: 'pin', point: { curve: 'base', anchor: 'start' }, at: [0, 0] },
        { id: 'ground2', kind: 'pin', point: { curve: 'base', anchor: 'end' }, at: [20, 0] },
        {
          id: 'vertex',
          kind: 'attach',
          a: { curve: 'side', anchor: 'start' },
          b: { curve: 'base', anchor: 'start' },
        },
      );
      for (let i = 0; i < n; i++)
        add({ id: `angle${i}`, kind: 'angle', lines: ['base', 'side'], angle: 0.5 + 0.2 * off(i) });
      return { drawing: d, grab: 'side', to: [30, 30], stacked };
    case 'horizontal':
      d.curves.push({ id: 'hub', kind: 'point', at: [0, 0] }, { id: 'rim', kind: 'point', at: [20, 0] });
      d.constraints.push({ id: 'ground', kind: 'pin', point: { curve: 'hub', anchor: 'start' }, at: [0, 0] });
      for (let i = 0; i < n; i++)
        add({
          id: `level${i}`,
          kind: 'horizontal',
          a: { curve: i % 2 ? 'rim' : 'hub', anchor: 'start' },
          b: { curve: i % 2 ? 'hub' : 'rim', anchor: 'start' },
        });
      return { drawing: d, grab: 'rim', to: [30, 10], stacked };
    default:
      return assertNever(kind);
  }
}
