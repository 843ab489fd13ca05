// The `simulate` CLI command, called as the CLI calls it: arguments in, lines out, files written.

import { trailPoints } from '../../../src/shared/trail';
import { decimateTrail } from '../../../src/shared/trail-decimation';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSimulateArgs, simulate } from '../../../src/cli/commands/simulate';
import { DEFAULT_TIMEOUT_S } from '../../../src/cli/deadline';
import { parseDrawingText } from '../../../src/document/validate';
import { PEAUCELLIER } from '../../../src/mechanisms/examples/straight-line';
import { EXAMPLES_DIR } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'curvewright-simulate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('simulate command', () => {
  it('runs the motors, prints residual, frames and trace counts, writes traces.json and the final drawing', async () => {
    const lines: string[] = [];
    const traceOut = join(dir, 'traces.json');
    const out = join(dir, 'out.curvewright');
    const file = `${EXAMPLES_DIR}peaucellier-lipkin.curvewright`;
    const report = await simulate(
      parseSimulateArgs([file, '--seconds', '2', '--fps', '30', '--trace-out', traceOut, '-o', out]),
      (l) => lines.push(l),
    );
    expect(report.end).toBe('complete');
    expect(report.frames).toBe(60);
    expect(report.maxResidual).toBeLessThan(1e-9);
    expect(report.traces).toEqual([{ id: 'output-trace', points: 60 }]);
    expect(lines[0]).toBe('frames: 60 (2.000000 s at 30 fps)');
    expect(lines[1]).toMatch(/^max residual: \d\.\d{3}e-\d+ \(frame \d+\)$/);
    expect(lines[lines.length - 1]).toBe('trace output-trace: 60 points');
    const traces = JSON.parse(readFileSync(traceOut, 'utf8')) as Record<string, [number, number][]>;
    expect(Object.keys(traces)).toEqual(['output-trace']);
    expect(traces['output-trace']).toHaveLength(60);
    for (const [x] of traces['output-trace']) expect(x).toBeCloseTo(PEAUCELLIER.lineX, 6);
    // Two seconds at 60 rpm: the motor made two turns, and the saved drawing holds the trace.
    const saved = parseDrawingText(readFileSync(out, 'utf8'));
    const original = parseDrawingText(readFileSync(file, 'utf8'));
    const angle = (d: typeof saved) => d.constraints.find((c) => c.id === 'motor')!;
    const [after, before] = [angle(saved), angle(original)];
    if (after.kind !== 'motor' || before.kind !== 'motor') throw new Error('no motor');
    expect(after.angle - before.angle).toBeCloseTo(4 * Math.PI, 9);
    // The saved trail is the recorded one thinned as every file's is (back and forth on a line: its turning points).
    const recorded = traces['output-trace'];
    expect(trailPoints(saved.traces[0].points)).toEqual(
      trailPoints(decimateTrail(recorded.flat(), recorded.length)),
    );
    expect(saved.traces[0].points.length).toBeLessThan(10);
  });

  it('--json prints one JSON object', async () => {
    const lines: string[] = [];
    await simulate(
      parseSimulateArgs([`${EXAMPLES_DIR}slider-crank.curvewright`, '--seconds', '0.5', '--json']),
      (l) => lines.push(l),
    );
    expect(lines).toHaveLength(1);
    const report = JSON.parse(lines[0]);
    expect(report.frames).toBe(30);
    expect(report.fps).toBe(60);
    expect(report.traces).toEqual([{ id: 'rod-trace', points: 30 }]);
    expect(report.maxResidual).toBeLessThan(1e-9);
    expect(report.end).toBe('complete');
    expect(report.lock).toBe(null);
  });

  it('names the bad argument', () => {
    expect(() => parseSimulateArgs(['a.curvewright'])).toThrow(/^--seconds is required$/);
    expect(() => parseSimulateArgs(['--seconds', '1'])).toThrow(/^which drawing\?/);
    expect(() => parseSimulateArgs(['a', '--seconds', 'x'])).toThrow(
      "--seconds: expected a number in [0, 1000000], got 'x'",
    );
    expect(() => parseSimulateArgs(['a', '--seconds', '1', '--fps', '0'])).toThrow(
      "--fps: expected a number in [1, 10000], got '0'",
    );
    expect(() => parseSimulateArgs(['a', '--seconds', '1', '--frobnicate'])).toThrow(
      /^unknown option '--frobnicate'$/,
    );
    expect(() => parseSimulateArgs(['a', '--seconds'])).toThrow(/^--seconds needs a value$/);
    expect(() => parseSimulateArgs(['a', '--seconds', '1e6', '--fps', '60'])).toThrow(
      '--seconds × --fps is 60000000 frames; at most 10000000',
    );
    const { deadline, ...rest } = parseSimulateArgs(['a', '--seconds', '3', '--json']);
    expect(rest).toEqual({ file: 'a', seconds: 3, fps: 60, traceOut: null, out: null, json: true });
    expect(deadline.seconds).toBe(DEFAULT_TIMEOUT_S);
  });

  it('reports a missing file as one line naming it', async () => {
    await expect(
      simulate(parseSimulateArgs([join(dir, 'nope.curvewright'), '--seconds', '1']), () => {}),
    ).rejects.toThrow(/nope\.curvewright/);
  });
});
