import { describe, expect, it } from 'vitest';
import type { ConstraintStatus, SessionStatus } from '../../shared/contract';
import { emptyDrawing, type Vec2 } from '../../shared/drawing';
import type { Editor } from '../editor/editor';
import { drawOverlay } from './overlay-painter';
import { painterEditor, recordingContext } from './recording-context';
import { drawSketchGlyphs } from './sketch-glyph-painter';
import { THEME } from './theme';

const G = THEME.glyph;
const S = G.sketch;
/** A box's half size in px for a text of n characters. */
const half = (n: number): Vec2 => [(S.charWidth * n) / 2 + S.padding, S.fontSize / 2 + S.padding];

/** H on a (ok), V on b (conflicting), a and c equal (redundant): a 40 mm square's three sides. */
function sketch() {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'a', kind: 'segment', a: [0, 0], b: [40, 0] },
    { id: 'b', kind: 'segment', a: [40, 0], b: [40, 40] },
    { id: 'c', kind: 'segment', a: [0, 40], b: [40, 40] },
  );
  d.constraints.push(
    { id: 'h', kind: 'horizontal', a: { curve: 'a', anchor: 'start' }, b: { curve: 'a', anchor: 'end' } },
    { id: 'v', kind: 'vertical', a: { curve: 'b', anchor: 'start' }, b: { curve: 'b', anchor: 'end' } },
    { id: 'e', kind: 'equal', curves: ['a', 'c'] },
  );
  return d;
}

const row = (id: string, s: Partial<ConstraintStatus> = {}): ConstraintStatus => ({
  id,
  residual: 0,
  tension: 0,
  redundant: false,
  conflicting: false,
  ...s,
});

describe('drawSketchGlyphs', () => {
  it('draws each symbol in its box off the geometry, coloured by its constraint’s state', () => {
    const status: SessionStatus = {
      dof: 0,
      maxResidual: 0,
      frameMs: 0,
      constraints: [row('h'), row('v', { conflicting: true }), row('e', { redundant: true })],
    };
    const { editor, view } = painterEditor(sketch(), { center: [20, 20], zoom: 3 }, [400, 300], status);
    const { ctx, ops, texts } = recordingContext();
    drawSketchGlyphs(ctx, editor);
    const at = (p: Vec2, dx: number, dy: number): Vec2 => {
      const [x, y] = view.toScreen(p);
      return [x + dx, y + dy];
    };
    const up = S.gap + half(1)[1];
    const step = 2 * half(1)[1] + S.gap; // the second glyph on a's middle slides out one box
    const expected = [
      { text: 'H', at: at([20, 0], 0, -up), style: S.color },
      { text: 'V', at: at([40, 20], S.gap + half(1)[0], 0), style: G.conflictColor },
      { text: '=1', at: at([20, 0], 0, -up - step), style: S.redundantColor },
      { text: '=1', at: at([20, 40], 0, -up), style: S.redundantColor },
    ];
    expect(texts.map((t) => t.text)).toEqual(expected.map((t) => t.text));
    texts.forEach((t, i) => {
      expect(t.style).toBe(expected[i].style);
      expect(t.at[0]).toBeCloseTo(expected[i].at[0], 9);
      expect(t.at[1]).toBeCloseTo(expected[i].at[1], 9);
    });
    // The boxes of each colour one path (in the order the colours first appear): filled with paper, outlined in
    // the texts' colour — H's box alone, V's alone, the two "=1" boxes together; H's around its text.
    expect(ops.map((o) => [o.op, o.style])).toEqual(
      [S.color, G.conflictColor, S.redundantColor].flatMap((style) => [
        ['fill', THEME.paper],
        ['stroke', style],
      ]),
    );
    expect(ops.filter((o) => o.op === 'stroke').map((o) => o.points.length)).toEqual([4, 4, 8]);
    const [hx, hy] = expected[0].at;
    const [w, h] = half(1);
    const corners = [
      [hx - w, hy - h],
      [hx + w, hy - h],
      [hx + w, hy + h],
      [hx - w, hy + h],
    ];
    ops[1].points.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(corners[i][0], 9);
      expect(p[1]).toBeCloseTo(corners[i][1], 9);
    });
  });

  it('ticks the two points of a symmetric', () => {
    const d = emptyDrawing();
    d.curves.push(
      { id: 'm', kind: 'segment', a: [0, -20], b: [0, 20] },
      { id: 'p', kind: 'point', at: [-10, 5] },
      { id: 'q', kind: 'point', at: [10, 5] },
    );
    d.constraints.push({
      id: 's',
      kind: 'symmetric',
      a: { curve: 'p', anchor: 'start' },
      b: { curve: 'q', anchor: 'start' },
      line: 'm',
    });
    const { editor, view } = painterEditor(d, { center: [0, 0], zoom: 2 }, [200, 200]);
    const { ctx, ops, texts } = recordingContext();
    drawSketchGlyphs(ctx, editor);
    expect(texts.map((t) => t.text)).toEqual([S.symbols.symmetric]);
    // Along the (vertical) mirror line, S.tick px each way from each point.
    const tick = S.tick / 2;
    // One path: the box's four corners, then the ticks.
    expect(ops[1].op).toBe('stroke');
    expect(ops[1].points.slice(4)).toEqual([
      view.toScreen([-10, 5 - tick]),
      view.toScreen([-10, 5 + tick]),
      view.toScreen([10, 5 - tick]),
      view.toScreen([10, 5 + tick]),
    ]);
  });
});

describe('hovering a sketch glyph', () => {
  it('highlights the curves its constraint ties and outlines its boxes', () => {
    const { editor: base } = painterEditor(sketch(), { center: [20, 20], zoom: 3 }, [400, 300]);
    const editor = {
      ...base,
      mirror: base.mirror,
      view: base.view,
      selection: new Set<string>(),
      hover: 'e',
      overlay: {
        preview: [],
        marks: [],
        snap: null,
        box: null,
        picked: [],
        pull: null,
        label: null,
        aid: null,
      },
    } as unknown as Editor;
    const { ctx, ops } = recordingContext();
    drawOverlay(ctx, editor);
    const hovered = ops.filter((o) => o.style === THEME.hover);
    // a and c (their paths, start to end), then the two "=1" boxes, one path of their 2 × 4 corners.
    expect(hovered).toHaveLength(3);
    expect(hovered[0].points[0]).toEqual(base.view.toScreen([0, 0]));
    expect(hovered[1].points[0]).toEqual(base.view.toScreen([0, 40]));
    expect(hovered[2].points).toHaveLength(8);
  });
});
