// The shipped examples main lists (File ▸ Open Example, the start panel), each by the title its file gives it.

import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * An example's title as its file gives it (meta.title: "Crank-rocker four-bar"), or, for a file without one, its
 * name in words ("crank-rocker" → "Crank Rocker").
 */
function exampleTitle(path: string): string {
  try {
    const meta: unknown = (JSON.parse(readFileSync(path, 'utf8')) as { meta?: unknown }).meta;
    const title = (meta as { title?: unknown } | undefined)?.title;
    if (typeof title === 'string' && title.trim() !== '') return title.trim();
  } catch {
    // Not readable as a drawing here: the file flow says why when it is opened.
  }
  return basename(path, '.curvewright')
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The examples in `dir`, in the order of their file names, each with its title; none when it cannot be read. */
export function listExamples(dir: string): { title: string; path: string }[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.curvewright'))
      .sort()
      .map((name) => ({ title: exampleTitle(join(dir, name)), path: join(dir, name) }));
  } catch {
    return [];
  }
}
