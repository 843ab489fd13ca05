import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from './drawing';
import { movesFreely } from './rigid-move';

const end = (curve: string) => ({ curve, anchor: 'end' }) as const;
const start = (curve: string) => ({ curve, anchor: 'start' }) as const;

function two(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { kind: 'segment', id: 'a', a: [0, 0], b: [10, 0] },
    { kind: 'segment', id: 'b', a: [10, 0], b: [10, 10] },
  );
  d.constraints.push({ kind: 'attach', id: 'k1', a: end('a'), b: start('b') });
  return d;
}

describe('a rigid move', () => {
  it('is free for curves nothing outside them holds', () => {
    const d = two();
    expect(movesFreely(d, ['a', 'b'])).toBe(true);
    expect(movesFreely(d, ['a'])).toBe(false); // the attachment ties it to b, which stays
  });

  it('is not free when a pin, a motor or a spring to the page holds one of them', () => {
    const pinned = two();
    pinned.constraints.push({ kind: 'pin', id: 'k2', point: start('a'), at: [0, 0] });
    expect(movesFreely(pinned, ['a', 'b'])).toBe(false);
    const sprung = two();
    sprung.springs.push({ id: 's1', a: start('a'), at: [5, 5], stiffness: 1, rest: 1 });
    expect(movesFreely(sprung, ['a', 'b'])).toBe(false);
  });

  it('is not free for an equation curve without cx and cy', () => {
    const d = emptyDrawing();
    d.curves.push({ kind: 'equation', id: 'e', definition: 'd', params: { r: 1 } });
    expect(movesFreely(d, ['e'])).toBe(false);
  });
});
