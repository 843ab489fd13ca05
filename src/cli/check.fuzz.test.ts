import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validFixtures } from '../document/test-support/fixtures';
import { runCli } from './run';
import { testClock } from '../shared/test-support/clock';

let dir: string;
let sources: string[];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-cli-fuzz-'));
  sources = await Promise.all(validFixtures().map((f) => readFile(f, 'utf8')));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('fuzz: check on mutated files', () => {
  it('exits 0 with a report or 1 with one line, never anything else', async () => {
    const file = join(dir, 'fuzz.curvewright');
    let valid = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.nat(12),
            fc.oneof(
              fc.string({ maxLength: 6 }),
              fc.constantFrom('-', '0', '1e999', 'NaN', '"x"', '[]', '{}', 'null'),
            ),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        async (which, edits) => {
          let text = sources[which % sources.length];
          for (const [at, cut, insert] of edits) {
            const i = at % (text.length + 1);
            text = text.slice(0, i) + insert + text.slice(i + cut);
          }
          await writeFile(file, text);
          const out: string[] = [];
          const err: string[] = [];
          const code = await runCli(['check', file, '--json'], {
            out: (l) => out.push(l),
            err: (l) => err.push(l),
            write: () => undefined,
            clock: testClock(),
          });
          expect([0, 1]).toContain(code);
          const report = JSON.parse(out[0]);
          if (code === 0) {
            valid++;
            expect(err).toEqual([]);
            expect(report.valid).toBe(true);
            expect(Number.isNaN(report.maxResidual)).toBe(false);
          } else {
            expect(err).toHaveLength(1);
            expect(err[0].startsWith(`${file}: `)).toBe(true);
            expect(report).toEqual({ file, valid: false, error: err[0], path: expect.any(String) });
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(valid).toBeGreaterThan(0);
  });
});
