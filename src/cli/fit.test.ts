// `curvewright fit` (issue 30): curves fitted to a CSV of points or to a point set of the drawing, run headless on
// the test clock until the fit comes to rest, with the constraints exact; the fitted drawing written keeps the data
// and the fit; bad input is one line, exit 1, nothing written.
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDrawingFile, saveDrawingFile } from '../document/file-io';
import { imageRecord, shapePng } from '../document/test-support/png';
import { Engine } from '../engine';
import { emptyDrawing, type Curve, type Drawing, type Vec2 } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { seededRandom } from '../shared/test-support/random';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from './run';
import { runCliForTest } from './test-support/cli-run';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-fit-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const { code, out, err } = await runCliForTest(...argv);
  if (code === EXIT_OK) expect(err).toEqual([]);
  else expect(err).toHaveLength(1);
  return { code, out, err: err[0] ?? '' };
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function saved(name: string, drawing: Drawing): Promise<string> {
  return saveDrawingFile(join(dir, name), drawing);
}

/** n points on the circle (cx, cy, r) between two angles (radians), plus noise up to ±noise mm on the radius. */
function circlePoints(n: number, c: Vec2, r: number, from: number, to: number, noise = 0): Vec2[] {
  const rng = seededRandom(5);
  return Array.from({ length: n }, (_, i) => {
    const t = from + ((to - from) * i) / n;
    const rr = r + noise * (2 * rng() - 1);
    return [c[0] + rr * Math.cos(t), c[1] + rr * Math.sin(t)];
  });
}

function csv(points: Vec2[]): string {
  return `x,y\n${points.map(([x, y]) => `${x},${y}`).join('\n')}\n`;
}

function drawingOf(curves: Curve[], more: Partial<Drawing> = {}): Drawing {
  return { ...emptyDrawing(), curves, ...more };
}

/** An arc tangent to a pinned floor, of radius 12, and a scan of a circle of radius 12 resting on the floor at x = 10. */
function constrainedDrawing(): Drawing {
  return drawingOf(
    [
      { id: 'floor', kind: 'segment', a: [-40, 0], b: [40, 0] },
      { id: 'arc', kind: 'arc', center: [3, -15], radius: 14, start: 0.5, sweep: 2 },
    ],
    {
      constraints: [
        { id: 'left', kind: 'pin', point: { curve: 'floor', anchor: 'start' }, at: [-40, 0] },
        { id: 'right', kind: 'pin', point: { curve: 'floor', anchor: 'end' }, at: [40, 0] },
        { id: 'touch', kind: 'tangent', curves: ['floor', 'arc'], s: 0.5 },
        { id: 'size', kind: 'radius', curve: 'arc', radius: 12 },
      ],
      pointSets: [{ id: 'scan', name: 'Scan', points: circlePoints(40, [10, -12], 12, 0.3, 2.8, 0.05) }],
    },
  );
}

describe('fit', () => {
  it('fits a circle to a CSV of points on a circle: centre and radius to 1e-6 mm', async () => {
    const file = await saved(
      'circle.curvewright',
      drawingOf([{ kind: 'circle', id: 'c', center: [14, 16], radius: 9 }]),
    );
    const data = join(dir, 'circle.csv');
    await writeFile(data, csv(circlePoints(60, [20, 10], 15, 0, 2 * Math.PI)));
    const out = join(dir, 'circle-fitted.curvewright');
    const r = await cli('fit', file, '--data', data, '--curve', 'c', '-o', out);
    expect(r.code).toBe(EXIT_OK);
    expect(r.out[0]).toMatch(/^rms: [0-9.e-]+ mm$/);
    expect(r.out[2]).toMatch(/^converged: [1-9]\d* steps in [1-9]\d* frames$/);
    expect(r.out[3]).toMatch(/^constraints hold: yes/);
    const fitted = await loadDrawingFile(out);
    const circle = fitted.curves[0];
    if (circle.kind !== 'circle') throw new Error('not a circle');
    expect(Math.hypot(circle.center[0] - 20, circle.center[1] - 10)).toBeLessThan(1e-6);
    expect(Math.abs(circle.radius - 15)).toBeLessThan(1e-6);
    // The data and the fit are kept, the fit on, the point set named after its file.
    expect(fitted.pointSets).toHaveLength(1);
    expect(fitted.pointSets![0].name).toBe('circle');
    expect(fitted.pointSets![0].points).toHaveLength(60);
    expect(fitted.attractors).toEqual([
      {
        id: 'fit1',
        kind: 'points',
        on: true,
        strength: 1,
        curves: ['c'],
        data: fitted.pointSets![0].id,
        loss: 'squared',
      },
    ]);
  });

  it('fits an arc tangent to a pinned line with a radius: the constraints hold, and the file reopens as fitted', async () => {
    const file = await saved('constrained.curvewright', constrainedDrawing());
    const out = join(dir, 'constrained-fitted.curvewright');
    const r = await cli('fit', file, '--data', 'scan', '--curve', 'arc', '--json', '-o', out);
    expect(r.code).toBe(EXIT_OK);
    const report = JSON.parse(r.out[0]);
    expect(report).toMatchObject({
      data: 'scan',
      curves: ['arc'],
      loss: 'squared',
      converged: true,
      constraintsHold: true,
    });
    expect(report.maxResidual).toBeLessThanOrEqual(1e-9);
    expect(report.rms).toBeLessThan(0.05);
    expect(report.steps).toBeGreaterThan(0);

    const fitted = await loadDrawingFile(out);
    const arc = fitted.curves.find((c) => c.id === 'arc')!;
    if (arc.kind !== 'arc') throw new Error('not an arc');
    expect(Math.abs(arc.radius)).toBeCloseTo(12, 9);
    expect(arc.center[1]).toBeCloseTo(-12, 9);
    expect(arc.center[0]).toBeCloseTo(10, 1);
    // Reopened, the fit is where it came to rest: a settle and the fit's frames leave the arc where it was written
    // (to its rest tolerance: a part that has not rested since it was built takes its last sub-tolerance steps).
    const engine = Engine.build(fitted, { clock: testClock() });
    const written = engine.curveState('arc');
    expect(engine.settle().converged).toBe(true);
    for (let i = 0; i < 50 && !engine.relax(6).caughtUp; i++);
    engine.curveState('arc').forEach((v, j) => expect(Math.abs(v - written[j])).toBeLessThan(1e-7));
    expect(engine.pullReadouts()[0].rms).toBeCloseTo(report.rms, 9);
  });

  it('refuses bad input in one line, exit 1, writing nothing', async () => {
    const file = await saved('bad.curvewright', constrainedDrawing());
    const out = join(dir, 'never.curvewright');
    const badCsv = join(dir, 'bad.csv');
    await writeFile(badCsv, 'x,y\n1,2\n3,four\n');
    const cases: [string[], RegExp][] = [
      [['--data', 'scan', '--curve', 'arc,nope'], /--curve: no curve "nope" \(curves: floor, arc\)$/],
      [['--data', 'scan', '--curve', 'arc,arc'], /--curve: curve "arc" listed twice$/],
      [
        ['--data', 'scn', '--curve', 'arc'],
        /--data: no point set "scn" \(point sets: scan "Scan"; a file of points must end in \.csv or \.tsv\)$/,
      ],
      [['--data', badCsv, '--curve', 'arc'], /bad\.csv: .*line 3.*four/],
      [['--data', join(dir, 'missing.csv'), '--curve', 'arc'], /missing\.csv: /],
      [['--image', 'photo', '--curve', 'arc'], /--image: no reference image "photo" \(images: none\)$/],
      [
        ['--data', 'scan', '--curve', 'arc', '--strength', '0.000001', '--frames', '2'],
        /the fit did not come to rest in 2 frames \(rms [0-9.]+ mm, max [0-9.]+ mm\); nothing written$/,
      ],
    ];
    for (const [args, line] of cases) {
      const r = await cli('fit', file, ...args, '-o', out);
      expect(r.code, args.join(' ')).toBe(EXIT_INVALID);
      expect(r.err).toMatch(line);
      expect(await exists(out)).toBe(false);
    }
  });

  it('fits a circle to a reference image’s edges (a snake): onto the disc’s edge within half a pixel', async () => {
    // A dark disc of radius 50 px about the middle of a 200 × 200 image 100 mm wide at the origin: 25 mm at (0, 0).
    const png = shapePng(200, 200, (x, y) => Math.hypot(x - 100, y - 100) <= 50);
    const image = imageRecord(png, { id: 'photo', name: 'Photo' });
    const drawing = drawingOf([{ kind: 'circle', id: 'c', center: [1, -1], radius: 23.5 }], {
      images: [image],
    });
    const file = await saved('image.curvewright', drawing);
    const out = join(dir, 'image-fitted.curvewright');
    const unknown = await cli('fit', file, '--image', 'phot', '--curve', 'c', '-o', out);
    expect(unknown.code).toBe(EXIT_INVALID);
    expect(unknown.err).toMatch(/--image: no reference image "phot" \(images: photo "Photo"\)$/);
    expect(await exists(out)).toBe(false);
    const r = await cli('fit', file, '--image', 'photo', '--range', '2', '--curve', 'c', '--json', '-o', out);
    expect(r.code).toBe(EXIT_OK);
    const report = JSON.parse(r.out[0]);
    expect(report).toMatchObject({
      image: 'photo',
      data: null,
      loss: null,
      converged: true,
      constraintsHold: true,
    });
    expect(report.edge).toBeGreaterThan(0.5);
    const fitted = await loadDrawingFile(out);
    const circle = fitted.curves[0];
    if (circle.kind !== 'circle') throw new Error('not a circle');
    expect(Math.hypot(circle.center[0], circle.center[1])).toBeLessThan(0.25);
    expect(Math.abs(circle.radius - 25)).toBeLessThan(0.25);
    expect(fitted.attractors).toEqual([
      { id: 'snake1', kind: 'edges', on: true, strength: 1, curves: ['c'], image: 'photo', range: 2 },
    ]);
  });

  it('says what a usage mistake is (exit 2)', async () => {
    const file = await saved('usage.curvewright', constrainedDrawing());
    const cases: [string[], RegExp][] = [
      [['--curve', 'arc'], /give either --data .* or --image/],
      [['--data', 'scan'], /--curve is required/],
      [['--data', 'scan', '--curve', 'arc,'], /--curve: expected ids separated by commas/],
      [['--data', 'scan', '--curve', 'arc', '--loss', 'cubic'], /--loss: expected one of squared, huber/],
      [['--data', 'scan', '--curve', 'arc', '--strength', '0'], /--strength: expected a number above 0/],
      [['--data', 'scan', '--curve', 'arc', '--range', '3'], /--range is for --image/],
    ];
    for (const [args, line] of cases) {
      const r = await cli('fit', file, ...args);
      expect(r.code, args.join(' ')).toBe(EXIT_USAGE);
      expect(r.err).toMatch(line);
    }
  });
});
