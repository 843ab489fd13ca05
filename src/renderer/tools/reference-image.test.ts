// Reference images on the canvas, driven headless through the Select and Calibrate Image tools into a real session:
// an image never takes a curve's grab, a click on it elsewhere selects it and a drag moves it, a locked one is not
// picked, and two clicks and a typed distance calibrate it.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve, type Drawing, type ReferenceImage } from '../../shared/drawing';
import { setupEditor as setup } from '../test-support/editor-harness';

/** A 40 × 20 pixel PNG (a grid line every 10 pixels). */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAKUlEQVR4nGNgGEDwHzegqeyoxaMWj1o8DCweMDBgPh61eNTiUYuHtsUAmLeQ0vvwzsEAAAAASUVORK5CYII=';

/** The image 80 mm wide (2 mm a pixel) centred at the origin — x −40…40, y −20…20 — and a segment across it. */
function traced(locked = false): Drawing {
  const image: ReferenceImage = {
    id: 'img',
    name: 'photo',
    media: 'image/png',
    data: PNG,
    pixels: [40, 20],
    center: [0, 0],
    width: 80,
    rotation: 0,
    opacity: 0.5,
    locked,
  };
  const d: Drawing = { ...emptyDrawing(), images: [image] };
  d.curves.push({ id: 's', kind: 'segment', a: [-30, 0], b: [30, 0] });
  return d;
}

const segment = (d: Drawing) => d.curves.find((c) => c.id === 's') as Extract<Curve, { kind: 'segment' }>;

describe('reference images on the canvas', () => {
  it('never takes a curve’s grab: a press on a segment over the image pulls the segment', async () => {
    const { session, editor, user } = await setup(traced());
    user.move([0, 0]);
    user.down([0, 0]);
    user.move([0, 5]);
    user.up([0, 10]);
    await editor.client.idle();
    expect([...editor.selection]).toEqual(['s']);
    expect(segment(session.drawing).a[1]).toBeCloseTo(10, 6);
    expect(session.drawing.images![0].center).toEqual([0, 0]);
  });

  it('is selected by a click where no curve is, and moved by a drag, one undo step', async () => {
    const { session, editor, user } = await setup(traced());
    user.click([20, 15]);
    expect([...editor.selection]).toEqual(['img']);
    user.move([20, 15]);
    user.down([20, 15]);
    user.move([25, 17]);
    user.up([30, 20]);
    await editor.client.idle();
    expect(session.drawing.images![0].center).toEqual([10, 5]);
    expect(segment(session.drawing).a).toEqual([-30, 0]);
    user.shortcut('CmdOrCtrl+Z');
    await editor.client.idle();
    expect(session.drawing.images![0].center).toEqual([0, 0]);
  });

  it('is not picked when locked: a press on it boxes, and a drag leaves it', async () => {
    const { session, editor, user } = await setup(traced(true));
    user.click([20, 15]);
    expect(editor.selection.size).toBe(0);
    user.move([20, 15]);
    user.down([20, 15]);
    user.move([30, 19]);
    expect(editor.tool.path).toBe('select.boxing');
    user.up([30, 19]);
    await editor.client.idle();
    expect(session.drawing.images![0].center).toEqual([0, 0]);
  });

  it('is calibrated by two clicks and a typed distance, scaled about the first point; Esc cancels', async () => {
    const { session, editor, user } = await setup(traced());
    user.tool('calibrate-image');
    user.click([-20, 10], { alt: true });
    user.click([20, 10], { alt: true });
    expect(editor.values.prompt?.initial).toBe(40);
    editor.values.submitPrompt('100');
    await editor.client.idle();
    const image = session.drawing.images![0];
    expect(image.width).toBeCloseTo(200, 9);
    expect(image.center[0]).toBeCloseTo(30, 9);
    expect(image.center[1]).toBeCloseTo(-15, 9);
    // Esc half way: nothing changes.
    user.click([0, 0], { alt: true });
    user.key('Escape');
    expect(editor.tool.path).toBe('calibrate-image.first');
    expect(session.drawing.images![0]).toEqual(image);
    user.shortcut('CmdOrCtrl+Z');
    await editor.client.idle();
    expect(session.drawing.images![0].width).toBe(80);
  });
});
