// `npm run bench [-- --json | --markdown] [--case chain,fourbars] [--n 10,100] [--no-planegcs] [--planegcs-timeout 60]`
// Runs every case of bench/cases/index.ts at each size: our engine in this process, planegcs in a child process.
// Without --json a table; with --json one object per line: {case, n, ours_ms, planegcs_ms, ratio, residual, …}.
import { cpus, loadavg } from 'node:os';
import { cases } from './cases';
import { runPlanegcs, type PlanegcsOutcome } from './planegcs/run';
import type { BenchCase, BenchRow, CaseResult } from './types';

interface Options {
  json: boolean;
  markdown: boolean;
  only: string[] | null;
  sizes: number[] | null;
  planegcs: boolean;
  planegcsTimeoutMs: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    json: false,
    markdown: false,
    only: null,
    sizes: null,
    planegcs: true,
    planegcsTimeoutMs: 60_000,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`bench: ${arg} needs a value`);
      return v;
    };
    if (arg === '--json') options.json = true;
    else if (arg === '--markdown') options.markdown = true;
    else if (arg === '--no-planegcs') options.planegcs = false;
    else if (arg === '--case') options.only = value().split(',');
    else if (arg === '--n') options.sizes = value().split(',').map(Number);
    else if (arg === '--planegcs-timeout') options.planegcsTimeoutMs = 1000 * Number(value());
    else throw new Error(`bench: unknown option ${arg}`);
  }
  for (const name of options.only ?? []) {
    if (!cases.some((c) => c.name === name)) {
      throw new Error(`bench: unknown case '${name}' (cases: ${cases.map((c) => c.name).join(', ')})`);
    }
  }
  if (options.sizes?.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('bench: --n takes positive integers');
  return options;
}

function runOurs(benchCase: BenchCase, n: number): CaseResult | string {
  try {
    return benchCase.run(n);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function toRow(
  benchCase: BenchCase,
  n: number,
  ours: CaseResult | string,
  gcs: PlanegcsOutcome | null,
): BenchRow {
  const ok = typeof ours !== 'string';
  const oursMs = ok ? ours.ms : null;
  const notes = [ok ? ours.note : `ours failed: ${ours}`, gcs?.note].filter(Boolean);
  return {
    case: benchCase.name,
    n,
    ours_ms: oursMs,
    planegcs_ms: gcs?.ms ?? null,
    ratio: oursMs !== null && gcs?.ms != null && oursMs > 0 ? gcs.ms / oursMs : null,
    residual: ok ? ours.residual : null,
    ours_cpu_ms: ok ? (ours.cpuMs ?? null) : null,
    planegcs_cpu_ms: gcs?.cpuMs ?? null,
    steps: ok ? ours.steps : null,
    step_ms: ok ? ours.stepMs : null,
    ns_per_row: ok && ours.stepMs !== null && ours.rows ? (ours.stepMs * 1e6) / ours.rows : null,
    solve_ns_per_row: ok && ours.solveMs != null && ours.rows ? (ours.solveMs * 1e6) / ours.rows : null,
    rows: ok ? ours.rows : null,
    heap_mb: ok ? ours.heapBytes / 2 ** 20 : null,
    setup_ms: ok ? ours.setupMs : null,
    planegcs_residual: gcs?.residual ?? null,
    note: notes.length ? notes.join('; ') : null,
  };
}

const fmt = (v: number | null, digits = 3): string =>
  v === null ? '—' : Math.abs(v) >= 1000 ? v.toFixed(0) : Number(v.toPrecision(digits)).toString();
const exp = (v: number | null): string => (v === null ? '—' : v.toExponential(1));

const COLUMNS: [string, (r: BenchRow) => string][] = [
  ['case', (r) => r.case],
  ['N', (r) => String(r.n)],
  ['rows', (r) => fmt(r.rows)],
  ['ours ms', (r) => fmt(r.ours_ms)],
  ['cpu ms', (r) => fmt(r.ours_cpu_ms)],
  ['steps', (r) => fmt(r.steps)],
  ['ms/step', (r) => fmt(r.step_ms)],
  ['ns/row/step', (r) => fmt(r.ns_per_row)],
  ['solve ns/row', (r) => fmt(r.solve_ns_per_row)],
  ['residual', (r) => exp(r.residual)],
  ['heap MB', (r) => fmt(r.heap_mb, 2)],
  ['build ms', (r) => fmt(r.setup_ms)],
  ['planegcs ms', (r) => fmt(r.planegcs_ms)],
  ['gcs cpu ms', (r) => fmt(r.planegcs_cpu_ms)],
  ['ratio', (r) => (r.ratio === null ? '—' : `${fmt(r.ratio)}×`)],
  ['gcs residual', (r) => exp(r.planegcs_residual)],
  ['note', (r) => r.note ?? ''],
];

let markdown = false;
function printTableRow(cells: string[], widths: number[]): void {
  if (markdown) console.log(`| ${cells.join(' | ')} |`);
  else console.log(cells.map((c, i) => (i === cells.length - 1 ? c : c.padStart(widths[i]))).join('  '));
}
const WIDTHS = COLUMNS.map(([title]) => Math.max(title.length, 8));

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  if (!options.json) {
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(
      `Curvewright bench — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ` +
        `load ${load}, ${new Date().toISOString()}`,
    );
    markdown = options.markdown;
    printTableRow(
      COLUMNS.map(([title]) => title),
      WIDTHS,
    );
    if (markdown) console.log(`|${COLUMNS.map(() => '---').join('|')}|`);
  }
  for (const benchCase of cases) {
    if (options.only && !options.only.includes(benchCase.name)) continue;
    for (const n of options.sizes ?? benchCase.sizes) {
      const ours = runOurs(benchCase, n);
      const gcs =
        options.planegcs && benchCase.planegcs
          ? runPlanegcs(benchCase.planegcs(n), options.planegcsTimeoutMs)
          : null;
      const row = toRow(benchCase, n, ours, gcs);
      if (options.json) console.log(JSON.stringify(row));
      else
        printTableRow(
          COLUMNS.map(([, cell]) => cell(row)),
          WIDTHS,
        );
    }
  }
}

try {
  main();
} catch (error) {
  // A bad argument is one line, not a stack trace.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
