// The data-fit tests' independent reference: test/support/fit-reference.py (SciPy) run on one job, its JSON answer.
import { spawnSync } from 'node:child_process';

export function fitReference<T>(job: object): T {
  const run = spawnSync('/usr/bin/python3', ['test/support/fit-reference.py'], {
    input: JSON.stringify(job),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`fit-reference.py failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}
