// The command-line tool run in-process for a test, on the test clock: its exit code, the lines it printed on stdout
// and stderr, and what it wrote raw (an export to stdout).
import { testClock } from '../../shared/test-support/clock';
import { runCli } from '../run';

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
  raw: string;
}

export async function runCliForTest(...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  let raw = '';
  const code = await runCli(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    write: (text) => (raw += text),
    clock: testClock(),
  });
  return { code, out, err, raw };
}
