// Other instances of the app for the recovery tests: real processes (recovering-instance.child.ts, bundled once to
// plain JavaScript) that each write one recovery copy and then run until killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { build } from 'esbuild';

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
