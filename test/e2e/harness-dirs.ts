import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Chromium's and the tools' own files stay inside the checkout. */
export function e2eDirs(): { cache: string; tmp: string } {
  const cache = join(ROOT, '.cache/e2e');
  const tmp = join(ROOT, '.tmp/e2e');
  for (const dir of ['config', 'cache', 'data']) mkdirSync(join(cache, dir), { recursive: true });
  mkdirSync(tmp, { recursive: true });
  return { cache, tmp };
}
