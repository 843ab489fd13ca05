// Other instances of the app for the recovery tests: real processes (recovering-instance.child.ts, bundled once to
// plain JavaScript) that each write one recovery copy and then run until killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { emptyDrawing, type Drawing } from '../../shared/drawing';

export interface Instance {
  /** Its instance id (its folder's name in the recovery root). */
  id: string;
  pid: number;
  /** SIGKILL, as a crash: resolves once the process is gone (and reaped, so its pid no longer exists). */
  crash(): Promise<void>;
}

/** Bundles the child into `dir`; returns the script to run. */
export async function buildInstanceScript(dir: string): Promise<string> {
  const script = join(dir, 'recovering-instance.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./recovering-instance.child.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: script,
    logLevel: 'silent',
  });
  return script;
}

/** Starts an instance that writes its copy of a drawing titled `title` (of file `document`), once written. */
export function startInstance(
  script: string,
  root: string,
  title: string,
  document: string | null,
): Promise<Instance> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [script, root, title, document ?? '-'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('exit', (code) => reject(new Error(`the instance ended by itself (code ${code}): ${stderr}`)));
    child.stdout!.once('data', (chunk) =>
      resolve({
        id: String(chunk).trim(),
        pid: child.pid!,
        crash: () => {
          child.kill('SIGKILL');
          return exited;
        },
      }),
    );
  });
}

/** The drawing an instance's recovery copy holds in these tests: titled, with one circle. */
export function titled(title: string): Drawing {
  const d = emptyDrawing();
  d.meta.title = title;
  d.curves.push({ kind: 'circle', id: 'c', center: [1, 2], radius: 3 });
  return d;
}

/**
 * A recovery test file's set-up: the instance script bundled once, a fresh temporary folder per test (`root` is
 * the recovery root inside it, handed to `onEach`), and the instances started in it: `crashed` ones, killed at
 * once, and `live` ones, killed after the test. Registers the vitest hooks that do it.
 */
export function useRecoveryScene(prefix: string, onEach: (dir: string, root: string) => void) {
  let script = '';
  let root = '';
  let dir = '';
  const running: Instance[] = [];
  beforeAll(async () => {
    script = await buildInstanceScript(await mkdtemp(join(tmpdir(), `${prefix}-bin-`)));
  });
  afterAll(async () => {
    await rm(join(script, '..'), { recursive: true, force: true });
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
    root = join(dir, 'recovery');
    onEach(dir, root);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((instance) => instance.crash()));
    await rm(dir, { recursive: true, force: true });
  });
  return {
    async crashed(title: string, document: string | null): Promise<Instance> {
      const instance = await startInstance(script, root, title, document);
      await instance.crash();
      return instance;
    },
    async live(title: string): Promise<Instance> {
      const instance = await startInstance(script, root, title, null);
      running.push(instance);
      return instance;
    },
  };
}
