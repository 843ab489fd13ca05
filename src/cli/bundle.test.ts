import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDrawingFile } from '../document/file-io';
import { validFixtures } from '../document/test-support/fixtures';
import { exportSvg } from '../document/svg-export';
import { CLI_BUNDLE, bundleCli } from './bundle';

// The installed command: bin/curvewright.mjs next to a bundle built exactly as `npm run build:cli` builds it,
// laid out as in the package (bin/ and out/cli/), run by plain node without tsx.
let dir: string;
let bin: string;
const allKinds = validFixtures().find((f) => f.endsWith('/all-kinds.curvewright'))!;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-bin-'));
  await mkdir(join(dir, 'bin'));
  bin = join(dir, 'bin', 'curvewright.mjs');
  await copyFile(fileURLToPath(new URL('../../bin/curvewright.mjs', import.meta.url)), bin);
  await bundleCli(join(dir, CLI_BUNDLE));
  // The package's dependencies beside it, as installed: the bundle leaves PDFKit and resvg to node_modules.
  await symlink(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(dir, 'node_modules'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the bundled curvewright command', () => {
  it('checks, exports and fails with the right exit status and one line', async () => {
    const ok = run('check', allKinds);
    expect(ok.code).toBe(0);
    expect(ok.out.split('\n')[0]).toBe(`${allKinds}: valid`);
    expect(run('export-svg', allKinds).out).toBe(exportSvg(await loadDrawingFile(allKinds)));

    const bad = join(dir, 'bad.curvewright');
    await writeFile(bad, (await readFile(allKinds, 'utf8')).slice(0, 300));
    const invalid = run('check', bad);
    expect(invalid.code).toBe(1);
    expect(invalid.err).toMatch(new RegExp(`^${bad}: not valid JSON: unexpected end of file .*\\n$`));
    expect(invalid.err.split('\n')).toHaveLength(2);

    const usage = run('drag', allKinds);
    expect(usage.code).toBe(2);
    expect(usage.err).toBe(
      'curvewright drag: --curve is required (usage: curvewright drag <file> --curve <id> --u <u> --to <x>,<y> [--frames N] [--timeout s] [-o out.curvewright] [--json])\n',
    );
    // PDF and PNG load their writers from node_modules at the first export.
    const png = join(dir, 'drawing.png');
    expect(run('export', allKinds, '-o', png).out).toBe(`wrote ${png} (PNG)\n`);
    expect((await readFile(png)).subarray(1, 4).toString()).toBe('PNG');
    const pdf = join(dir, 'drawing.pdf');
    expect(run('export', allKinds, '-o', pdf).out).toBe(`wrote ${pdf} (PDF)\n`);
    expect((await readFile(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

    const version = run('--version');
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(version.out).toBe(`curvewright ${pkg.version}\n`);
  });

  it('without the bundle it says how to build it', async () => {
    const lone = join(dir, 'lone');
    await mkdir(join(lone, 'bin'), { recursive: true });
    await copyFile(bin, join(lone, 'bin', 'curvewright.mjs'));
    const r = spawnSync(process.execPath, [join(lone, 'bin', 'curvewright.mjs'), 'check', allKinds], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'curvewright: the CLI is not built yet; run `npm run build:cli` (or `npm run build`) first\n',
    );
  });
});
