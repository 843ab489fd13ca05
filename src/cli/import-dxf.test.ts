// `curvewright import` of a DXF file, with the defaults (a unitless file in millimetres): the reader is chosen by
// the extension (src/document/import-formats.ts); bad input is one line naming the file and the entity.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliForTest as cli } from './test-support/cli-run';
import { loadDrawingFile } from '../document/file-io';
import { dxfText, entity, line } from '../document/test-support/dxf-text';
import { EXIT_INVALID, EXIT_OK } from './run';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-cli-dxf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('import of a DXF file', () => {
  it('a unitless DXF with the defaults: millimetres, y up made y down, ends attached, text counted', async () => {
    const file = join(dir, 'bracket.dxf');
    const out = join(dir, 'bracket.curvewright');
    await writeFile(
      file,
      dxfText({
        entities: [
          line([0, 0], [40, 0]),
          entity('ARC', [10, 40], [20, 10], [40, 10], [50, 270], [51, 90]),
          line([40, 20], [0, 20]),
          entity('TEXT', [1, 'bracket']),
        ],
      }),
    );
    const r = await cli('import', file, '-o', out);
    expect(r).toEqual({
      code: EXIT_OK,
      out: [`wrote ${out}: imported 2 segments, 1 arc and 2 attachments; skipped: 1 TEXT`],
      err: [],
      raw: '',
    });
    const drawing = await loadDrawingFile(out);
    expect(drawing.meta.title).toBe('bracket');
    expect(drawing.curves.map((c) => c.kind)).toEqual(['segment', 'arc', 'segment']);
    expect(drawing.curves[2]).toMatchObject({ a: [40, -20], b: [0, -20] });
    expect(drawing.constraints.map((k) => k.kind)).toEqual(['attach', 'attach']);
  });

  it('an old DXF in Windows-1252 (not UTF-8) is read in it; an SVG that is not UTF-8 is still refused', async () => {
    const file = join(dir, 'ansi.dxf');
    const out = join(dir, 'ansi.curvewright');
    const text = dxfText({ entities: [line([0, 0], [10, 0]), entity('TEXT', [1, 'Maße in °'])] });
    // "ß" and "°" as their single Windows-1252 bytes, as AutoCAD before R2007 wrote them: invalid UTF-8.
    await writeFile(file, Buffer.from(text, 'latin1'));
    const r = await cli('import', file, '-o', out);
    expect(r.code).toBe(EXIT_OK);
    expect(r.out).toEqual([`wrote ${out}: imported 1 segment; skipped: 1 TEXT`]);
    const svg = join(dir, 'latin.svg');
    await writeFile(
      svg,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><title>Maße</title></svg>', 'latin1'),
    );
    expect((await cli('import', svg, '-o', out)).err).toEqual([
      `${svg}: not a text file (invalid UTF-8): is this really SVG?`,
    ]);
  });

  it('a broken entity: one line naming the file and the entity by its handle, exit 1, nothing written', async () => {
    const file = join(dir, 'broken.dxf');
    const out = join(dir, 'broken.curvewright');
    await writeFile(
      file,
      dxfText({ insunits: 4, entities: [entity('CIRCLE', [5, 'A7'], [10, 1], [20, 2])] }),
    );
    const r = await cli('import', file, '-o', out);
    expect(r.code).toBe(EXIT_INVALID);
    expect(r.err).toEqual([`${file}: CIRCLE (handle A7): its radius (group 40) is missing`]);
    await expect(readFile(out)).rejects.toThrow(/ENOENT/);
  });
});
