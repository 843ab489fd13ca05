import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

// Electron mocked: `app` answers as Electron does from package.json (productName, version).
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  productName: string;
  version: string;
};
const shown: unknown[][] = [];
vi.mock('electron', () => ({
  app: { getName: () => pkg.productName, getVersion: () => pkg.version },
  dialog: {
    showMessageBox: vi.fn(async (...args: unknown[]) => {
      shown.push(args);
      return { response: 0 };
    }),
  },
}));

const { showAbout } = await import('./about');

describe('Help ▸ About', () => {
  it("shows the app's name and its package.json version", () => {
    const window = { id: 1 };
    showAbout(window as never);
    expect(shown).toHaveLength(1);
    const [parent, box] = shown[0] as [unknown, { message: string; title: string }];
    expect(parent).toBe(window);
    expect(box.message).toBe(`Curvewright ${pkg.version}`);
    expect(box.title).toBe('About Curvewright');
  });
});
