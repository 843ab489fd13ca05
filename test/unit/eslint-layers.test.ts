// The layer rules of eslint.config.mjs, run through ESLint itself: each import or global is linted as if written in
// a file at the given path (which need not exist), and must be refused, or allowed, by the named rule.

import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the rules that keep the layers apart, for `code` written at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter(
      (m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-globals' || !m.ruleId,
    )
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer imports, from any depth', () => {
  it.each([
    ['src/engine/x.ts', "import '../session/session';", 'session'],
    ['src/engine/system/x.ts', "import '../../session/session';", 'session'],
    ['src/engine/system/x.ts', "export { Session } from '../../session/session';", 'session'],
    ['src/engine/system/x.ts', "import type { Session } from '../../session/session';", 'session'],
    ['src/engine/system/x.ts', "export const load = () => import('../../document/validate');", 'document'],
    ['src/engine/curves/x.ts', "import '../../renderer/view/paths';", 'renderer'],
    ['src/engine/mechanisms/x.ts', "import '../../document/validate';", 'document'],
    ['src/shared/x.ts', "import '../engine/pure';", 'engine'],
    ['src/document/x.ts', "import '../session/session';", 'session'],
    ['src/document/deeper/still/x.ts', "import '../../../session/session';", 'session'],
    ['src/document/x.ts', "import '../renderer/editor/editor';", 'renderer'],
    ['src/document/x.ts', "import '../cli/run';", 'cli'],
    ['src/session/x.ts', "import '../../electron/main/ipc';", 'main'],
    ['src/renderer/x.ts', "import '../session/session';", 'session'],
    ['src/renderer/view/x.ts', "import '../../document/svg-export';", 'document'],
    ['src/renderer/view/x.ts', "import '../../engine/engine';", 'engine'],
    ['src/renderer/view/x.ts', "import '../../engine';", 'engine'],
    ['src/renderer/x.ts', "import '../../electron/preload/index';", 'preload'],
  ])('%s: %s is refused', async (file, code, target) => {
    expect(await layerErrors(file, code)).toEqual([
      expect.stringMatching(new RegExp(`^boundaries/dependencies: .*to elements of type "${target}"`)),
    ]);
  });

  it.each([
    ['src/engine/system/x.ts', "import '../../shared/drawing'; import '../sparse/solver';"],
    ['src/document/x.ts', "import '../engine/pure'; import '../shared/drawing';"],
    ['src/session/x.ts', "import '../document/validate'; import '../engine';"],
    ['src/cli/commands/x.ts', "import '../../session/session';"],
    ['electron/main/x.ts', "import '../../src/session/session';"],
    [
      'src/renderer/view/x.ts',
      "import '../../engine/pure'; import '../../engine/expr'; import '../../shared/drawing';",
    ],
    ['src/renderer/x.ts', "import type { Api } from '../../electron/preload/api';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

describe("Node's modules and packages", () => {
  it.each([
    ['src/engine/system/x.ts', "import { readFileSync } from 'node:fs';", '"node:fs"'],
    ['src/engine/x.ts', "import { join } from 'path';", '"path"'],
    ['src/shared/x.ts', "import 'node:crypto';", '"node:crypto"'],
    ['src/engine/x.ts', "import Konva from 'konva';", '"konva"'],
    ['src/renderer/x.ts', "import 'node:fs';", '"node:fs"'],
    ['src/session/x.ts', "import { app } from 'electron';", '"electron"'],
    ['src/document/x.ts', "import { dialog } from 'electron';", '"electron"'],
    ['electron/preload/api.ts', "import { ipcRenderer } from 'electron';", 'origin "external"'],
    ['src/engine/x.ts', "import { it } from 'vitest';", '"vitest"'],
  ])('%s: %s is refused', async (file, code, target) => {
    expect(await layerErrors(file, code)).toEqual([
      expect.stringMatching(new RegExp(`^boundaries/dependencies: .*${target}`)),
    ]);
  });

  it.each([
    ['src/document/x.ts', "import { readFileSync } from 'node:fs';"],
    ['electron/main/x.ts', "import { app } from 'electron'; import 'node:path';"],
    ['electron/preload/index.ts', "import { contextBridge } from 'electron';"],
    ['src/renderer/x.ts', "import Konva from 'konva';"],
    ['src/engine/x.test.ts', "import { it } from 'vitest'; import fc from 'fast-check';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

describe('test code', () => {
  it.each([
    ['src/document/x.ts', "import './test-support/fixtures';"],
    ['src/engine/x.ts', "import './test-support/drawings';"],
    ['src/session/x.ts', "import '../../test/e2e/harness';"],
    ['src/engine/x.ts', "import '../../bench/median';"],
  ])('%s: %s is refused (only tests import test code)', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([expect.stringMatching(/^boundaries\/dependencies: /)]);
  });

  it('a test imports its layer and the layers below, never above', async () => {
    expect(
      await layerErrors(
        'src/document/x.test.ts',
        "import './test-support/fixtures'; import '../engine/engine';",
      ),
    ).toEqual([]);
    expect(await layerErrors('src/engine/system/x.test.ts', "import '../../session/session';")).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: .*to elements of type "session"/),
    ]);
    expect(await layerErrors('src/renderer/x.test.ts', "import '../session/session';")).toEqual([]);
    expect(await layerErrors('test/unit/x.test.ts', "import '../../electron/main/ipc';")).toEqual([]);
  });
});

describe('globals where the code runs', () => {
  it.each([
    ['src/engine/x.ts', 'export const t = document.title;', 'document'],
    ['src/engine/system/x.ts', 'requestAnimationFrame(() => {});', 'requestAnimationFrame'],
    ['src/shared/x.ts', 'export const w = window;', 'window'],
    ['src/document/x.ts', 'export const t = document.title;', 'document'],
    ['src/session/x.ts', 'export const w = window.innerWidth;', 'window'],
    ['electron/main/x.ts', 'export const s = getComputedStyle;', 'getComputedStyle'],
    ['src/engine/x.ts', 'export const e = process.env;', 'process'],
    ['src/engine/x.ts', "export const b = Buffer.from('');", 'Buffer'],
    ['src/renderer/x.ts', 'export const e = process.env;', 'process'],
    ['electron/preload/api.ts', 'export const d = __dirname;', '__dirname'],
  ])('%s: %s is refused', async (file, code, name) => {
    expect(await layerErrors(file, code)).toEqual([
      expect.stringMatching(new RegExp(`^no-restricted-globals: Unexpected use of '${name}'`)),
    ]);
  });

  it.each([
    ['src/renderer/x.ts', 'export const t = document.title; requestAnimationFrame(() => {});'],
    ['src/document/x.ts', "export const b = Buffer.from(''); export const p = process.pid;"],
    ['test/e2e/x.ts', 'export const f = () => document.title;'],
    ['src/engine/x.ts', 'export const t = performance.now(); console.log(structuredClone(t));'],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
