// Sketch glyphs in the editor: the box drawn is the box picked — a click on it selects its constraint, hovering it
// hovers the constraint, and the geometry under the glyph's old place (its first connector) no longer picks it.

import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Vec2 } from '../../shared/drawing';
import { GLYPH_STYLE } from '../../shared/style';
import { setupEditor } from '../test-support/editor-harness';
import { pickGlyph } from './picking';
import { sketchGlyphs } from './sketch-glyphs';

const S = GLYPH_STYLE.sketch;

/** A 40 mm horizontal segment with its H, and a vertical one with its V. */
function sketch() {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'a', kind: 'segment', a: [0, 0], b: [40, 0] },
    { id: 'b', kind: 'segment', a: [60, 0], b: [60, 40] },
  );
  d.constraints.push(
    { id: 'h', kind: 'horizontal', a: { curve: 'a', anchor: 'start' }, b: { curve: 'a', anchor: 'end' } },
    { id: 'v', kind: 'vertical', a: { curve: 'b', anchor: 'start' }, b: { curve: 'b', anchor: 'end' } },
  );
  return d;
}

describe('sketch glyph picking', () => {
  it('a click on a glyph selects its constraint; hovering it hovers the constraint', async () => {
    const { editor, user } = await setupEditor(sketch());
    const mm = 1 / editor.view.zoom;
    // Where the boxes are drawn: their gap plus half a box off each line's middle, up for H, right for V.
    const hBox: Vec2 = [20, -(S.gap + S.fontSize / 2 + S.padding) * mm];
    const vBox: Vec2 = [60 + (S.gap + S.charWidth / 2 + S.padding) * mm, 20];
    user.tool('select');
    user.move(hBox);
    expect(editor.hover).toBe('h');
    user.click(hBox);
    expect([...editor.selection]).toEqual(['h']);
    user.click(vBox);
    expect([...editor.selection]).toEqual(['v']);
    user.click([20, 0]); // the line itself, under the glyph
    expect([...editor.selection]).toEqual(['a']);
  });

  it('picks a glyph by its box, not at the constraint’s connector', async () => {
    const { editor } = await setupEditor(sketch());
    const mm = 1 / editor.view.zoom;
    const tolerance = 6 * mm;
    expect(pickGlyph(editor.mirror, [20, -(S.gap + 1) * mm], tolerance, mm)).toBe('h'); // the box's near edge
    expect(pickGlyph(editor.mirror, [0, 0], tolerance, mm)).toBeNull(); // H's first connector
    expect(pickGlyph(editor.mirror, [60, 0], tolerance, mm)).toBeNull(); // V's
  });
});

describe('the glyphs’ layout', () => {
  it('is made once per snapshot and zoom, and again when the geometry moves', async () => {
    const { session, editor } = await setupEditor(sketch());
    const mm = 1 / editor.view.zoom;
    const first = sketchGlyphs(editor.mirror, mm);
    expect(sketchGlyphs(editor.mirror, mm)).toBe(first);
    expect(sketchGlyphs(editor.mirror, 2 * mm)).not.toBe(first);
    // The vertical segment moved right by an edit (the V keeps it upright): its V glyph follows it.
    const vBefore = sketchGlyphs(editor.mirror, mm).find((g) => g.id === 'v')!.at[0];
    editor.commit({ type: 'set', id: 'b', field: 'ax', value: 70 });
    await editor.client.idle();
    const b = session.drawing.curves[1];
    if (b.kind !== 'segment') throw new Error('b is not a segment');
    expect(b.a[0]).toBeGreaterThan(61);
    expect(b.b[0]).toBeCloseTo(b.a[0], 9);
    expect(sketchGlyphs(editor.mirror, mm).find((g) => g.id === 'v')!.at[0] - b.a[0]).toBeCloseTo(
      vBefore - 60,
      9,
    );
  });
});
