// The examples are listed by their titles (issue 28): main's own list of the shipped examples, shown on the start
// panel with the real page in Chromium.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listExamples } from '../../src/session/example-list';
import { ROOT, openEditor, shutdown } from './harness';
import { idle } from './mouse';

afterAll(async () => {
  await shutdown();
});

describe('the examples', () => {
  it('lists the examples by their titles', async () => {
    const examples = listExamples(join(ROOT, 'resources/examples'));
    const editor = await openEditor({ examples });
    const { page } = editor;
    try {
      await idle(page);
      const titles = examples.map(
        ({ path }) => (JSON.parse(readFileSync(path, 'utf8')) as { meta: { title: string } }).meta.title,
      );
      expect(titles).toContain('Crank-rocker four-bar');
      await expect
        .poll(() => page.locator('.start-panel button[data-example] span:first-child').allTextContents())
        .toEqual(titles);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
