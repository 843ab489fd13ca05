// A file dropped on the canvas, as the OS drops one: a DragEvent carrying a File. The harness stands in for
// Electron's webUtils.getPathForFile (renderer-page.ts): a dropped file is <tmp>/dropped/<name>.
import type { Page } from 'playwright-core';

export async function dropFile(page: Page, name: string): Promise<void> {
  await page.evaluate((fileName) => {
    const data = new DataTransfer();
    data.items.add(new File(['(contents come from disk through the preload)'], fileName));
    const target = document.getElementById('canvas')!;
    const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true });
    target.dispatchEvent(over);
    if (!over.defaultPrevented) throw new Error('the window does not accept file drops');
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, name);
}
