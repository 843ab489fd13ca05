// Is the session's solve slower in a Chromium Web Worker than in Node? The same drag (solve-probe.ts) run
// alternately in plain Node (bundled, a child process) and in a dedicated worker of a blank page in Chromium
// (bundled for the browser), nothing else running:
//   npx tsx test/e2e/measure/solve-compare.ts [N=1000] [RUNS=5] [MOVES=150] [STEP=0.1]
// Node flags for the child can be given in PROBE_NODE_FLAGS, Chromium's V8 flags in PROBE_JS_FLAGS
// (passed as --js-flags), to look for the difference.

import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { median } from '../../../bench/median';
import { BUDGET_MS } from '../../../src/session/session';
import { ROOT } from '../harness-dirs';
import { launchChromium } from '../chromium';
import { serveDirectory } from '../static-server';
import { bundleMeasureForNode, bundleWorker } from './bundle';
import type { ProbeResult } from './solve-probe';

async function main(): Promise<void> {
  const [n = 1000, runs = 5, moves = 150, step = 0.1] = process.argv.slice(2).map(Number);
  const nodeProbe = await bundleMeasureForNode('test/e2e/measure/probe-node.ts');
  const worker = await bundleWorker('test/e2e/measure/probe-worker.ts');
  const server = await serveDirectory(join(ROOT, 'out/renderer'), {
    '/__measure/probe.html': '<!doctype html><title>probe</title>',
    '/__measure/probe-worker.js': worker,
  });
  const jsFlags = process.env.PROBE_JS_FLAGS;
  const browser = await launchChromium(jsFlags ? [`--js-flags=${jsFlags}`] : []);
  const page = await browser.newPage();
  await page.goto(`${server.url}__measure/probe.html`);
  const inWorker = (): Promise<ProbeResult> =>
    page.evaluate(
      (args) =>
        new Promise<ProbeResult>((resolve, reject) => {
          const w = new Worker('/__measure/probe-worker.js');
          w.onmessage = ({ data }) => {
            w.terminate();
            resolve(data as ProbeResult);
          };
          w.onerror = (e) => reject(new Error(e.message));
          w.postMessage(args);
        }),
      { n, moves, step },
    );
  const nodeFlags = (process.env.PROBE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const inNode = (): ProbeResult =>
    JSON.parse(
      execFileSync(process.execPath, [...nodeFlags, nodeProbe, String(n), String(moves), String(step)], {
        encoding: 'utf8',
      }),
    ) as ProbeResult;
  const results: Record<'node' | 'worker', ProbeResult[]> = { node: [], worker: [] };
  for (let run = 0; run < runs; run++) {
    results.node.push(inNode());
    results.worker.push(await inWorker());
  }
  await browser.close();
  await server.close();
  rmSync(nodeProbe, { force: true });
  const versions = { node: process.versions.v8 };
  console.log(
    `N = ${n}, ${moves} moves of ${step} mm, ${runs} runs each, alternating; Node's V8 ${versions.node}, ` +
      `${browser.version()}${jsFlags ? ` --js-flags=${jsFlags}` : ''}${nodeFlags.length ? `, node ${nodeFlags.join(' ')}` : ''}`,
  );
  for (const where of ['node', 'worker'] as const) {
    const list = results[where];
    const totals = list.map((r) => r.totalMs).sort((a, b) => a - b);
    const perMove = list.map((r) => median(r.moveMs));
    const first = list[0];
    console.log(
      `  ${where.padEnd(6)} whole drag ${totals.map((t) => t.toFixed(1)).join(', ')} ms (median ${median(totals).toFixed(1)}); ` +
        `per move, median of the runs' medians ${median(perMove).toFixed(2)} ms; frames at the budget ` +
        `${first.frameMs.filter((f) => f >= BUDGET_MS.dragFrame).length} (moves ${first.frameMs.flatMap((f, i) => (f >= BUDGET_MS.dragFrame ? [i + 1] : [])).join(' ')}); residual ${first.residual.toExponential(1)}; ` +
        `end ${first.end.map((v) => v.toFixed(6)).join(', ')}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
