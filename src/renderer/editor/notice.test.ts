// The status bar's notices from real refusals and real redundancies: the editor against a real session.

import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { setupEditor } from '../test-support/editor-harness';
import { nameList } from './notice';

/** A segment pinned at both ends, its length dimensioned (as long as it is): any other length is refused. */
function pinnedSegment(): Drawing {
  const d = emptyDrawing();
  d.curves.push({ kind: 'segment', id: 'c1', a: [0, 0], b: [30, 0] });
  d.constraints.push(
    { kind: 'pin', id: 'k1', point: { curve: 'c1', anchor: 'start' }, at: [0, 0] },
    { kind: 'pin', id: 'k2', point: { curve: 'c1', anchor: 'end' }, at: [30, 0] },
    { kind: 'length', id: 'k3', curve: 'c1', length: 30 },
  );
  return d;
}

describe('notices', () => {
  it('a refused value: the gist without the session’s lead-in, the culprits named and kept for the panel', async () => {
    const { editor } = await setupEditor(pinnedSegment());
    editor.values.setDimensionValue('k3', '35');
    await editor.client.idle();
    expect(editor.message).toBe(
      'length 1 cannot be 35 mm: segment 1 cannot get there — 3 constraints in the way, listed under Constraints',
    );
    expect(editor.notice?.culprits).toEqual({
      constraints: ['k1', 'k2', 'k3'],
      curves: ['c1'],
      heading: 'In the way (3)',
    });
    expect(editor.notice?.detail).toBe(
      'the constraints cannot all be met: segment 1 cannot get there (pin 1, pin 2, length 1)',
    );
    // The next action takes it away, highlights and all.
    editor.run('view:fit');
    expect(editor.message).toBe('');
    expect(editor.notice).toBeNull();
  });

  it('a redundant constraint added: what already fixes it, with Make Reference and Remove', async () => {
    const { editor, session } = await setupEditor(pinnedSegment());
    editor.commit({
      type: 'add',
      constraints: [
        {
          kind: 'distance',
          id: 'k4',
          a: { curve: 'c1', anchor: 'start' },
          b: { curve: 'c1', anchor: 'end' },
          length: 30,
        },
      ],
    });
    await editor.client.idle();
    expect(editor.message).toMatch(/^distance 1 is redundant: .* already fix it$/);
    const notice = editor.notice!;
    expect(notice.culprits!.constraints).not.toContain('k4');
    expect(notice.culprits!.constraints.length).toBeGreaterThan(0);
    expect(notice.offers.map((o) => o.name)).toEqual(['reference', 'remove']);
    editor.takeOffer(notice.offers[0]);
    await editor.client.idle();
    expect(session.drawing.constraints.find((k) => k.id === 'k4')).toMatchObject({ reference: true });
    expect(editor.notice).toBeNull();
  });

  it('lists at most three names in a line', () => {
    expect(nameList(['a', 'b'])).toBe('a, b');
    expect(nameList(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c and 2 more');
  });
});
