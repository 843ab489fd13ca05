import { describe, expect, it } from 'vitest';
import { gridPng, imageRecord } from '../document/test-support/png';
import { testClock } from '../shared/test-support/clock';
import { Session } from './session';

const png = gridPng(40, 20, 10);

function withImage(): Session {
  const session = new Session({ clock: testClock() });
  session.edit({ type: 'add', images: [imageRecord(png)] });
  return session;
}

describe('reference image edits', () => {
  it('places, moves, scales, rotates, fades, locks, renames and deletes, each one undoable step', () => {
    const session = withImage();
    expect(session.drawing.images?.map((i) => i.id)).toEqual(['img1']);
    const placed = session.drawing.images![0];
    const steps = [
      { type: 'image', id: 'img1', center: [10, 20] },
      { type: 'image', id: 'img1', center: [5, 5], width: 50 },
      { type: 'image', id: 'img1', rotation: 0.5 },
      { type: 'image', id: 'img1', opacity: 0.25 },
      { type: 'image', id: 'img1', locked: true },
      { type: 'image', id: 'img1', name: 'scan' },
    ] as const;
    for (const step of steps) session.edit(structuredClone(step) as never);
    expect(session.drawing.images![0]).toEqual({
      ...placed,
      center: [5, 5],
      width: 50,
      rotation: 0.5,
      opacity: 0.25,
      locked: true,
      name: 'scan',
    });
    // The record is replaced, never changed in place: the data is the very same string.
    expect(session.drawing.images![0].data).toBe(placed.data);
    session.edit({ type: 'delete', ids: ['img1'] });
    expect(session.drawing.images).toBeUndefined();
    session.undo();
    expect(session.drawing.images![0].name).toBe('scan');
    for (let i = 0; i < steps.length; i++) session.undo();
    expect(session.drawing.images).toEqual([placed]);
    session.undo();
    expect(session.drawing.images).toBeUndefined();
    session.redo();
    session.redo();
    expect(session.drawing.images![0].center).toEqual([10, 20]);
  });

  it('refuses a bad change in one line and changes nothing', () => {
    const session = withImage();
    const before = structuredClone(session.drawing.images);
    expect(() => session.edit({ type: 'image', id: 'img1', width: 50, opacity: 2 } as never)).toThrow(
      'image "grid.png".opacity: expected a number in [0, 1], got 2',
    );
    expect(() => session.edit({ type: 'image', id: 'nope', opacity: 0.1 })).toThrow(
      "image: unknown image 'nope'",
    );
    expect(session.drawing.images).toEqual(before);
    expect(() =>
      session.edit({ type: 'add', images: [imageRecord(png, { id: 'img2', data: 'AAAA' })] }),
    ).toThrow('add.images[0].data: image "grid.png": not a PNG or JPEG image');
    expect(session.drawing.images).toEqual(before);
  });
});
