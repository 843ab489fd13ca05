// The reference images under the curves (docs/editor.md, "Reference images"): each at its placement, with its
// opacity; a selected one outlined, and the one being moved drawn where the pointer has it. Each image is decoded
// once (an <img> of its data URL, kept while the record's data is the same string) and the layer redrawn when it has
// loaded.

import type { ReferenceImage } from '../../shared/drawing';
import { imageMatrix } from '../../shared/image-geometry';
import type { Editor } from '../editor/editor';
import { THEME } from './theme';

const decoded = new Map<string, { data: string; element: HTMLImageElement }>();

/** The decoded image of a record, or null while it loads (`loaded` is called once it has). */
function elementOf(image: ReferenceImage, loaded: () => void): HTMLImageElement | null {
  let entry = decoded.get(image.id);
  if (!entry || entry.data !== image.data) {
    const element = new Image();
    element.onload = loaded;
    element.src = `data:${image.media};base64,${image.data}`;
    entry = { data: image.data, element };
    decoded.set(image.id, entry);
  }
  return entry.element.complete && entry.element.naturalWidth > 0 ? entry.element : null;
}

/** The image as the canvas shows it: where a move in progress has it. */
function shownPlacement(editor: Editor, image: ReferenceImage): ReferenceImage {
  const moving = editor.overlay.image;
  return moving?.id === image.id ? { ...image, ...moving.placement } : image;
}

export function drawImages(ctx: CanvasRenderingContext2D, editor: Editor, loaded: () => void): void {
  const images = editor.mirror.drawing.images;
  if (!images) return;
  const { zoom, center, width, height } = editor.view;
  for (const record of images) {
    const image = shownPlacement(editor, record);
    const element = elementOf(image, loaded);
    const [a, b, c, d, e, f] = imageMatrix(image);
    ctx.save();
    // Paper → screen (a scale and a shift, y down in both), then the image's pixels → paper.
    ctx.setTransform(zoom, 0, 0, zoom, width / 2 - center[0] * zoom, height / 2 - center[1] * zoom);
    ctx.transform(a, b, c, d, e, f);
    if (element) {
      ctx.globalAlpha = image.opacity;
      ctx.drawImage(element, 0, 0, image.pixels[0], image.pixels[1]);
      ctx.globalAlpha = 1;
    }
    if (editor.selection.has(image.id)) {
      ctx.strokeStyle = THEME.selected;
      // Two screen pixels wide, whatever the zoom and the image's scale.
      ctx.lineWidth = 2 / (zoom * Math.hypot(a, b));
      ctx.strokeRect(0, 0, image.pixels[0], image.pixels[1]);
    }
    ctx.restore();
  }
}
