// The edge maps snakes read (issue 30), kept while their images are: a reference image's grey pixels once per
// image, its edge energy once per capture range in pixels, and the field placed where the image is now at each
// build (placement is cheap; the blur is not: 0.4 s for 2,000 × 2,000). So an edit of anything else, or the image
// moved, rotated or calibrated, costs no new map — the field follows the image — and only a new capture range or a
// rescaled image (another σ in pixels) blurs again. Keyed by the image's data: the records are never changed in
// place (session/history.ts), so the same picture is the same string. At most MAX_MAPS pictures are kept.

import type { EdgeField, EdgeFieldSource } from '../engine';
import type { ReferenceImage } from '../shared/drawing';
import { paperToPixels } from '../shared/image-geometry';
import { checkedRange, edgeEnergy, greyPixels } from './edge-map';

/** Pictures kept (each its grey and its energies): two images, and one being replaced. */
const MAX_MAPS = 3;
/** Capture ranges kept per picture. */
const MAX_RANGES = 4;

interface Picture {
  grey: Float32Array;
  /** Energy by σ in pixels. */
  energies: Map<number, Float32Array>;
}

export class EdgeMaps {
  private readonly pictures = new Map<string, Picture>();

  /** The field of `image` at capture range `rangeMm`, placed where the image is (EdgeFieldSource). */
  readonly field: EdgeFieldSource = (image, rangeMm) => this.fieldOf(image, rangeMm);

  private fieldOf(image: ReferenceImage, rangeMm: number): EdgeField {
    checkedRange(image, rangeMm);
    const [width, height] = image.pixels;
    const sigmaPx = (rangeMm * width) / image.width;
    const picture = this.picture(image);
    let energy = picture.energies.get(sigmaPx);
    if (!energy) {
      energy = edgeEnergy(picture.grey, width, height, sigmaPx);
      if (picture.energies.size >= MAX_RANGES) picture.energies.delete(picture.energies.keys().next().value!);
      picture.energies.set(sigmaPx, energy);
    }
    return { width, height, energy, toPixel: Float64Array.from(paperToPixels(image)) };
  }

  private picture(image: ReferenceImage): Picture {
    const kept = this.pictures.get(image.data);
    if (kept) {
      // The most recently used last: the oldest goes first.
      this.pictures.delete(image.data);
      this.pictures.set(image.data, kept);
      return kept;
    }
    const picture = { grey: greyPixels(image), energies: new Map<number, Float32Array>() };
    if (this.pictures.size >= MAX_MAPS) this.pictures.delete(this.pictures.keys().next().value!);
    this.pictures.set(image.data, picture);
    return picture;
  }
}
