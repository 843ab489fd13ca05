// A file the CLI reads is checked by building its engine (the loader's last gate, src/document/validate.ts); each
// command then uses that engine rather than building a second one (issue 27: `settle` and `check` built twice).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validFixtures } from '../document/test-support/fixtures';
import { Engine } from '../engine';
import { testClock } from '../shared/test-support/clock';
import { EXIT_OK, runCli } from './run';

const fourBar = validFixtures().find((f) => f.endsWith('/four-bar.curvewright'))!;

async function builds(...argv: string[]): Promise<number> {
  const build = vi.spyOn(Engine, 'build');
  const code = await runCli(argv, { out: () => {}, err: () => {}, write: () => {}, clock: testClock() });
  expect(code).toBe(EXIT_OK);
  return build.mock.calls.length;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the CLI builds a file’s engine once', () => {
  it.each([
    ['check', [fourBar]],
    ['check --json', ['--json', fourBar]],
    ['settle', [fourBar]],
    ['drag', [fourBar, '--curve', 'crank', '--u', '1', '--to', '0,0', '--frames', '2']],
    ['simulate', [fourBar, '--seconds', '0.1']],
  ])('%s', async (name, args) => {
    expect(await builds(name.split(' ')[0], ...args)).toBe(1);
  });
});
