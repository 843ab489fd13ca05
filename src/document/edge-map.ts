// A reference image's edge energy (issue 30, snakes): its pixels decoded (image-js) and made grey, Gaussian-blurred
// with σ = the capture range in mm converted to pixels (a wider σ, a wider basin an edge pulls from), the gradient
// magnitude of that by central differences, normalised so the strongest edge is 1. Placed on the paper where the
// image is (image-geometry.ts): the engine's EdgeField (engine/forces/edge-field.ts), which the snake force reads.
// Computed once per image and σ, off the interactive path.
//
// image-js decodes (PNG, JPEG); the grey (over white where the image is transparent, as the canvas shows it), the
// blur and the gradient are here, in Float32: image-js's filters round every result to the image's integer depth (a
// blurred edge's slope quantised to 8 or 16 bits loses the sub-pixel place of its ridge) and read pixel by pixel
// through accessors (its blur alone took 0.85 s on 2,000 × 2,000).

import { decode, type Image } from 'image-js';
import type { ReferenceImage } from '../shared/drawing';
import { paperToPixels } from '../shared/image-geometry';
import { base64Bytes } from '../shared/image-data';
import type { EdgeField } from '../engine/forces/edge-field';

export interface EdgeOptions {
  /** The capture range: the blur's σ on the paper (mm), > 0. */
  sigmaMm: number;
}

/** The edge field of `image` at capture range σ = options.sigmaMm; throws one line naming the image if it cannot. */
export function edgeField(image: ReferenceImage, options: EdgeOptions): EdgeField {
  const { sigmaMm } = options;
  checkedRange(image, sigmaMm);
  const grey = greyPixels(image);
  const [width, height] = image.pixels;
  const sigmaPx = (sigmaMm * width) / image.width;
  const energy = edgeEnergy(grey, width, height, sigmaPx);
  return {
    width,
    height,
    energy,
    toPixel: Float64Array.from(paperToPixels(image)),
  };
}

/** Throws one line naming the image unless `sigmaMm` is a capture range (a positive number of mm). */
export function checkedRange(image: ReferenceImage, sigmaMm: number): void {
  if (!(sigmaMm > 0 && Number.isFinite(sigmaMm)))
    throw new Error(
      `Image "${image.name}": the capture range must be a positive number of mm, got ${sigmaMm}`,
    );
}

/**
 * The image's pixels as grey in [0, 1], row-major (a transparent pixel white, as the paper under it); throws one line
 * naming the image if they do not decode.
 */
export function greyPixels(image: ReferenceImage): Float32Array {
  let decoded: Image;
  try {
    // (The record's data was checked as base64 when it came in: records.ts.)
    decoded = decode(base64Bytes(image.data) ?? new Uint8Array(0));
  } catch (err) {
    throw new Error(`Image "${image.name}" could not be decoded: ${(err as Error).message}`);
  }
  const [width, height] = image.pixels;
  if (decoded.width !== width || decoded.height !== height)
    throw new Error(
      `Image "${image.name}" is ${decoded.width} × ${decoded.height} pixels, not the ${width} × ${height} its record says`,
    );
  // Luma (Rec. 709, as image-js's grey) over white by the alpha, as the canvas shows a transparent pixel: the paper.
  const { data, channels } = decoded.getRawImage();
  const colour = !decoded.colorModel.startsWith('GREY');
  const alpha = decoded.alpha ? channels - 1 : -1;
  const scale = 1 / decoded.maxValue;
  const out = new Float32Array(width * height);
  for (let i = 0, at = 0; i < out.length; i++, at += channels) {
    const v = colour ? 0.2126 * data[at] + 0.7152 * data[at + 1] + 0.0722 * data[at + 2] : data[at];
    const a = alpha >= 0 ? data[at + alpha] * scale : 1;
    out[i] = a * v * scale + (1 - a);
  }
  return out;
}

/**
 * The gradient magnitude of `grey` (row-major, width × height) blurred with σ = sigmaPx pixels, normalised to a
 * largest value of 1 (all 0 for a flat image). The blur is separable, its kernel cut at 3σ, the image's border
 * repeated beyond its edge (so the border itself is no edge).
 */
export function edgeEnergy(grey: Float32Array, width: number, height: number, sigmaPx: number): Float32Array {
  const kernel = gaussianKernel(sigmaPx);
  const blurred = blurColumns(blurRows(grey, width, height, kernel), width, height, kernel);
  const out = new Float32Array(width * height);
  let max = 0;
  for (let j = 0; j < height; j++) {
    const up = (j > 0 ? j - 1 : 0) * width;
    const down = (j < height - 1 ? j + 1 : j) * width;
    const row = j * width;
    // One-sided at the border (the spacing halves there).
    const sy = j > 0 && j < height - 1 ? 0.5 : 1;
    for (let i = 0; i < width; i++) {
      const left = i > 0 ? i - 1 : 0;
      const right = i < width - 1 ? i + 1 : i;
      const sx = right - left === 2 ? 0.5 : 1;
      const gx = sx * (blurred[row + right] - blurred[row + left]);
      const gy = sy * (blurred[down + i] - blurred[up + i]);
      const g = Math.fround(Math.sqrt(gx * gx + gy * gy)); // (as stored, so the largest divides to 1)
      out[row + i] = g;
      if (g > max) max = g;
    }
  }
  // (divided, not multiplied by 1/max: the strongest edge is then exactly 1)
  if (max > 0) for (let i = 0; i < out.length; i++) out[i] /= max;
  return out;
}

/** A normalised Gaussian of σ pixels, cut at 3σ (one tap, 1, below a tenth of a pixel). */
function gaussianKernel(sigma: number): Float64Array {
  const radius = sigma < 0.1 ? 0 : Math.ceil(3 * sigma);
  const kernel = new Float64Array(2 * radius + 1);
  let sum = 0;
  for (let k = -radius; k <= radius; k++) {
    const v = radius === 0 ? 1 : Math.exp((-0.5 * k * k) / (sigma * sigma));
    kernel[k + radius] = v;
    sum += v;
  }
  for (let k = 0; k < kernel.length; k++) kernel[k] /= sum;
  return kernel;
}

/** Each row convolved with the kernel, its ends repeated (a padded copy of the row, so the inner loop is plain). */
function blurRows(src: Float32Array, width: number, height: number, kernel: Float64Array): Float32Array {
  const radius = (kernel.length - 1) >> 1;
  const out = new Float32Array(width * height);
  const padded = new Float64Array(width + 2 * radius);
  for (let j = 0; j < height; j++) {
    const row = j * width;
    for (let i = 0; i < width; i++) padded[radius + i] = src[row + i];
    padded.fill(src[row], 0, radius);
    padded.fill(src[row + width - 1], radius + width);
    // The kernel is symmetric: the taps at ±k share one multiplication.
    const k0 = kernel[radius];
    for (let i = 0; i < width; i++) {
      const c = i + radius;
      let s = k0 * padded[c];
      for (let k = 1; k <= radius; k++) s += kernel[radius + k] * (padded[c - k] + padded[c + k]);
      out[row + i] = s;
    }
  }
  return out;
}

/** Each column convolved with the kernel, the top and bottom rows repeated: whole rows at a time, in cache order. */
function blurColumns(src: Float32Array, width: number, height: number, kernel: Float64Array): Float32Array {
  const radius = (kernel.length - 1) >> 1;
  const out = new Float32Array(width * height);
  const sum = new Float64Array(width);
  const k0 = kernel[radius];
  for (let j = 0; j < height; j++) {
    const row = j * width;
    for (let i = 0; i < width; i++) sum[i] = k0 * src[row + i];
    for (let k = 1; k <= radius; k++) {
      const above = Math.max(0, j - k) * width;
      const below = Math.min(height - 1, j + k) * width;
      const w = kernel[radius + k];
      for (let i = 0; i < width; i++) sum[i] += w * (src[above + i] + src[below + i]);
    }
    for (let i = 0; i < width; i++) out[row + i] = sum[i];
  }
  return out;
}
