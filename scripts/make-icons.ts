// Renders Curvewright's icon (resources/icon-src/icon.svg for 64 px and up, icon-small.svg below: drawn for the
// pixel grid) to the PNGs the window and the installers use: resources/icon.png (1024 px: electron-builder makes
// the macOS .icns and the Windows .ico from it) and resources/icons/<n>x<n>.png (the Linux set, the window's icon).
// Rendered by the Chromium the e2e suite uses (playwright-core), so nothing else is needed. Run after changing the
// SVGs: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../test/e2e/chromium';

const root = join(import.meta.dirname, '..');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
/** Below this, the small drawing (fewer, bolder strokes) reads better than the large one scaled down. */
const SMALL_BELOW = 64;

async function main(): Promise<void> {
  const browser = await launchChromium();
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  mkdirSync(join(root, 'resources/icons'), { recursive: true });
  for (const size of SIZES) {
    const svg = readFileSync(
      join(root, `resources/icon-src/${size < SMALL_BELOW ? 'icon-small' : 'icon'}.svg`),
      'utf8',
    );
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace(/<svg /, `<svg style="display:block;width:${size}px;height:${size}px" `)}</body></html>`,
    );
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    writeFileSync(join(root, `resources/icons/${size}x${size}.png`), png);
    if (size === 1024) writeFileSync(join(root, 'resources/icon.png'), png);
  }
  await browser.close();
  console.log(`resources/icons: ${SIZES.join(', ')} px; resources/icon.png: 1024 px`);
}

void main();
