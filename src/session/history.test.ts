import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { History, diffSinceMark, restoreMark, takeMark } from './history';

function drawing(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { kind: 'circle', id: 'c1', center: [0, 0], radius: 10 },
    { kind: 'segment', id: 'c2', a: [0, 0], b: [5, 5] },
  );
  d.constraints.push({ kind: 'pin', id: 'k1', point: { curve: 'c2', anchor: 'start' }, at: [0, 0] });
  return d;
}

describe('history', () => {
  it('keeps only the changed items of a diff', () => {
    const d = drawing();
    const mark = takeMark(d);
    (d.curves[0] as { radius: number }).radius = 12.5;
    const entry = diffSinceMark(mark, d, 'grow');
    expect(entry?.diffs.map((x) => x.collection)).toEqual(['curves']);
    const curves = entry!.diffs[0];
    expect([...curves.before.keys()]).toEqual(['c1']);
    expect((curves.after.get('c1') as unknown as { radius: number }).radius).toBe(12.5);
    expect(curves.orderBefore).toBeNull();
  });

  it('records nothing when nothing changed', () => {
    const d = drawing();
    const h = new History();
    expect(h.commit(takeMark(d), d, 'noop')).toBe(false);
    expect(h.canUndo).toBe(false);
  });

  it('undoes and redoes additions, removals and changes exactly', () => {
    const d = drawing();
    const before = structuredClone(d);
    const h = new History();
    const mark = takeMark(d);
    d.curves.splice(1, 1); // delete the segment …
    d.constraints = []; // … and its pin, in one step
    d.curves.push({ kind: 'point', id: 'c3', at: [0.1 + 0.2, 1 / 3] });
    (d.curves[0] as { center: [number, number] }).center = [Math.PI, -Math.E];
    const after = structuredClone(d);
    expect(h.commit(mark, d, 'edit')).toBe(true);

    h.undo(d);
    expect(d.curves).toEqual(before.curves);
    expect(d.constraints).toEqual(before.constraints);
    expect(h.canRedo).toBe(true);
    h.redo(d);
    expect(d.curves).toEqual(after.curves);
    expect(d.constraints).toEqual([]);
    expect((d.curves[0] as { center: number[] }).center[0]).toBe(Math.PI);
  });

  it('does not share objects with the drawing (later mutation cannot corrupt history)', () => {
    const d = drawing();
    const h = new History();
    const mark = takeMark(d);
    (d.curves[0] as { radius: number }).radius = 20;
    h.commit(mark, d, 'a');
    (d.curves[0] as { radius: number }).radius = 99; // mutated in place, as the engine's writeBack does
    h.undo(d);
    expect((d.curves[0] as { radius: number }).radius).toBe(10);
    h.redo(d);
    expect((d.curves[0] as { radius: number }).radius).toBe(20);
  });

  it('a new edit clears the redo stack', () => {
    const d = drawing();
    const h = new History();
    let mark = takeMark(d);
    (d.curves[0] as { radius: number }).radius = 20;
    h.commit(mark, d, 'a');
    h.undo(d);
    mark = takeMark(d);
    (d.curves[0] as { radius: number }).radius = 30;
    h.commit(mark, d, 'b');
    expect(h.canRedo).toBe(false);
    h.undo(d);
    expect((d.curves[0] as { radius: number }).radius).toBe(10);
    expect(h.canUndo).toBe(false);
  });

  it('restores a mark whole (a cancelled drag), and again', () => {
    const d = drawing();
    const mark = takeMark(d);
    (d.curves[1] as { b: number[] }).b = [100, 100];
    restoreMark(d, mark);
    expect(d.curves).toEqual(drawing().curves);
    (d.curves[1] as { b: number[] }).b = [7, 7];
    restoreMark(d, mark);
    expect((d.curves[1] as { b: number[] }).b).toEqual([5, 5]);
  });
});
