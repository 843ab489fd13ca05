// Chromium as every e2e run launches it: Debian's binary (or CHROME_PATH), headless, the harness's flags, and its
// profile files inside the checkout.
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, e2eDirs } from './harness-dirs';

/** Launches Chromium with CHROMIUM_FLAGS plus `extraArgs`. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const { cache } = e2eDirs();
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, ...extraArgs],
    headless: true,
    env: {
      ...process.env,
      XDG_CONFIG_HOME: join(cache, 'config'),
      XDG_CACHE_HOME: join(cache, 'cache'),
      XDG_DATA_HOME: join(cache, 'data'),
    },
  });
}
