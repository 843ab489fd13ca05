import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../shared/drawing';
import { gridPng, imageRecord } from './test-support/png';
import { serializeDrawing } from './serialize';
import { FormatError, parseDrawingText, validateDrawing } from './validate';

const png = gridPng(40, 20, 10);

function fileWith(images: unknown): Record<string, unknown> {
  return { format: 'curvewright', version: 2, ...emptyDrawing(), images };
}

function errorOf(images: unknown): string {
  try {
    validateDrawing(fileWith(images));
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
}

describe('reference images in the file', () => {
  it('round-trips an image record exactly, after the other fields', () => {
    const drawing = { ...emptyDrawing(), images: [imageRecord(png, { center: [1.5, -2], rotation: 0.25 })] };
    const text = serializeDrawing(drawing);
    expect(text.indexOf('"images"')).toBeGreaterThan(text.indexOf('"meta"'));
    const back = parseDrawingText(text);
    expect(back.images).toEqual(drawing.images);
    expect(serializeDrawing(back)).toBe(text);
  });

  it('writes a drawing without images as before images (no field, even when the list is empty)', () => {
    const plain = serializeDrawing(emptyDrawing());
    expect(plain).not.toContain('images');
    expect(serializeDrawing({ ...emptyDrawing(), images: [] })).toBe(plain);
    expect(parseDrawingText(plain).images).toBeUndefined();
  });

  it('refuses bad image data in one line naming the image', () => {
    const gif = Buffer.from('GIF89a' + 'x'.repeat(30)).toString('base64');
    expect(errorOf([imageRecord(png, { name: 'photo', data: gif })])).toBe(
      'images[0].data: image "photo": not a PNG or JPEG image',
    );
    const cut = png.subarray(0, png.length - 16).toString('base64');
    expect(errorOf([imageRecord(png, { data: cut })])).toBe(
      'images[0].data: image "grid.png": the image is truncated',
    );
    expect(errorOf([imageRecord(png, { data: '***' })])).toBe(
      'images[0].data: image "grid.png": the image data is not base64',
    );
    expect(errorOf([imageRecord(png, { pixels: [40, 21] })])).toBe(
      'images[0].pixels: image "grid.png": the data is 40 × 20 pixels, not 40 × 21',
    );
    expect(errorOf([imageRecord(png, { media: 'image/jpeg' })])).toBe(
      'images[0].media: image "grid.png": the data is image/png, not image/jpeg',
    );
    expect(errorOf([imageRecord(png, { opacity: 1.5 })])).toBe(
      'images[0].opacity: expected a number in [0, 1], got 1.5',
    );
    expect(errorOf([imageRecord(png, { width: 0 })])).toBe(
      'images[0].width: expected a positive number, got 0',
    );
  });

  it('refuses an image id another record has, and more images than the limit', () => {
    const file = fileWith([imageRecord(png, { id: 'p1', name: 'scan' })]);
    (file.curves as unknown[]).push({ kind: 'point', id: 'p1', at: [0, 0] });
    expect(() => validateDrawing(file)).toThrow('images[0].id: image "scan": duplicate id "p1"');
    const three = ['a', 'b', 'c'].map((id) => imageRecord(png, { id }));
    expect(errorOf(three)).toMatch(/^images: expected at most 2 items/);
  });
});
