// Issue 27 through the CLI: a parallelogram four-bar (crank 20, coupler 60, rocker 20, ground 60) played and
// dragged through its change point by `simulate` and `drag` stays a parallelogram, and one saved at its change
// point plays instead of locking with an empty reason.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliForTest as cli } from './test-support/cli-run';
import { loadDrawingFile, saveDrawingFile } from '../document/file-io';
import { barAngle, fourBarDrawing, offParallel } from '../mechanisms/test-support/four-bar';
import type { Drawing } from '../shared/drawing';
import { EXIT_OK } from './run';

const PARALLELOGRAM = { ground: 60, crank: 20, coupler: 60, rocker: 20 };
const DEG = Math.PI / 180;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-change-point-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function saved(name: string, degrees: number, motor: boolean): Promise<string> {
  const drawing = fourBarDrawing(PARALLELOGRAM, degrees * DEG, { side: 1, motor });
  return saveDrawingFile(join(dir, `${name}.curvewright`), drawing);
}

const offParallelIn = (d: Drawing) => offParallel((id) => barAngle(d, id));

describe('the CLI at a change point', () => {
  it('simulate from 30° (frame 25 on 180°) ends at 300° still a parallelogram', async () => {
    const file = await saved('from-30', 30, true);
    const out = join(dir, 'from-30-out.curvewright');
    const r = await cli('simulate', file, '--seconds', '0.75', '--fps', '60', '-o', out, '--json');
    expect(r.code).toBe(EXIT_OK);
    expect(JSON.parse(r.out[0]).end).toBe('complete');
    const drawing = await loadDrawingFile(out);
    expect(offParallelIn(drawing)).toBeLessThan(1e-7);
  });

  it('simulate of one saved at its change point plays, no lock', async () => {
    const file = await saved('folded', 0, true);
    const r = await cli('simulate', file, '--seconds', '1', '--json');
    expect(r.err).toEqual([]);
    expect(r.code).toBe(EXIT_OK);
    const report = JSON.parse(r.out[0]);
    expect(report.end).toBe('complete');
    expect(report.lock).toBeNull();
    expect(report.frames).toBe(60);
  });

  it('drag of the crank’s end through (−20, 0) on to 210° ends a parallelogram', async () => {
    const file = await saved('drag', 150, false);
    const out = join(dir, 'drag-out.curvewright');
    // From 150° straight to 210°: the first of the two frames aims at (−17.32, 0), whose nearest reachable point
    // is (−20, 0), the change point.
    const to = `${20 * Math.cos(210 * DEG)},${20 * Math.sin(210 * DEG)}`;
    const r = await cli(
      'drag',
      file,
      '--curve',
      'crank',
      '--u',
      '1',
      '--to',
      to,
      '--frames',
      '2',
      '-o',
      out,
      '--json',
    );
    expect(r.code).toBe(EXIT_OK);
    expect(JSON.parse(r.out[0]).distance).toBeLessThan(1e-6);
    const drawing = await loadDrawingFile(out);
    expect(offParallelIn(drawing)).toBeLessThan(1e-7);
  });
});
