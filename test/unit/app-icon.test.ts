// Curvewright's icon as the window and the installers take it: the sizes electron-builder.yml names exist, square
// PNGs of their size (read from their own headers), the 1,024 px master for the .icns and .ico, and the build's
// configuration pointing at them with the drawings' file association.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe("the app's icon", () => {
  it('comes in every size the window and Linux take, and as the 1,024 px master', () => {
    for (const n of [16, 24, 32, 48, 64, 128, 256, 512, 1024])
      expect(pngSize(join(root, `resources/icons/${n}x${n}.png`))).toEqual([n, n]);
    expect(pngSize(join(root, 'resources/icon.png'))).toEqual([1024, 1024]);
  });

  it('is what the installers are configured with, beside the .curvewright association', () => {
    const config = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
    expect(config).toMatch(/^icon: resources\/icon\.png$/m);
    expect(config).toMatch(/^ {2}icon: resources\/icons$/m);
    expect(config).toMatch(/- ext: curvewright/);
    for (const target of ['AppImage', 'deb', 'dmg', 'nsis']) expect(config).toContain(target);
    expect(config).toMatch(/- resources\/icons\/\*\*/);
  });
});
