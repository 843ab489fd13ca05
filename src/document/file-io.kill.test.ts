import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDrawingFile, saveDrawingFile } from './file-io';
import { largeDrawing } from './test-support/large-drawing';
import { serializeDrawing } from './serialize';

// ≈ 1.5 MB per file: big enough that a write spans many system calls, small enough for a quick test.
const POINTS = 50_000;
const ITERATIONS = 20;

let dir: string;
let childScript: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-kill-'));
  childScript = join(dir, 'save-loop.mjs');
  // Bundled to plain JavaScript once, so each child starts in plain node without a TypeScript loader.
  await build({
    entryPoints: [fileURLToPath(new URL('./test-support/save-loop.child.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: childScript,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Starts the writing child, kills it with SIGKILL `delayMs` after its first complete save, waits for its end. */
function runAndKill(target: string, sources: string[], delayMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, target, ...sources], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(stderr);
      else reject(new Error(`the saving child ended by itself (code ${code}): ${stderr}`));
    });
  });
}

describe('a save killed at a random moment', () => {
  it(`leaves the old or the new file, intact (${ITERATIONS} kills)`, async () => {
    const a = largeDrawing('A', POINTS);
    const b = largeDrawing('B', POINTS);
    const texts = { A: serializeDrawing(a), B: serializeDrawing(b) };
    const sources = [join(dir, 'a.src'), join(dir, 'b.src')];
    await writeFile(sources[0], texts.A);
    await writeFile(sources[1], texts.B);
    const target = join(dir, 'drawing.curvewright');
    await saveDrawingFile(target, a);
    const seen = { A: 0, B: 0 };
    let leftovers = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      await runAndKill(target, sources, Math.random() * 100);
      // Byte for byte one of the two complete files: never empty, cut or mixed.
      const bytes = await readFile(target, 'utf8');
      const which = bytes === texts.A ? 'A' : bytes === texts.B ? 'B' : null;
      expect(which, `after kill ${i} the file is neither version (${bytes.length} bytes)`).not.toBeNull();
      seen[which!]++;
      // A kill inside a save leaves its temporary file behind (never the target). The next child's first save
      // removes those of dead processes, so at most the last child's remain.
      const temps = (await readdir(dir)).filter((name) => name.endsWith('.tmp'));
      expect(temps.length).toBeLessThanOrEqual(1);
      leftovers += temps.length;
    }
    expect(seen.A + seen.B).toBe(ITERATIONS);
    // And the loader reads what is left as the drawing that was saved.
    const last = (await readFile(target, 'utf8')) === texts.A ? a : b;
    expect(await loadDrawingFile(target)).toEqual(last);
    // One more save tidies the last killed writer's temporary file.
    await saveDrawingFile(target, last);
    expect((await readdir(dir)).sort()).toEqual(['a.src', 'b.src', 'drawing.curvewright', 'save-loop.mjs']);
    console.log(`kill test: ${seen.A}× A, ${seen.B}× B on disk; ${leftovers} kills landed inside a write`);
  });
});
