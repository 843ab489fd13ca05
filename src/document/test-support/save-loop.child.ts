// Child process for the kill test (file-io.kill.test.ts): writes two prepared drawing files over one target with
// the atomic save, alternately and as fast as it can, until the test kills it with SIGKILL at a random moment.
// The texts are prepared by the test, so nearly all of the child's time is spent inside the write sequence
// (temp file, write, fsync, rename), where a kill is most dangerous.

import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../file-io';

const [target, fileA, fileB] = process.argv.slice(2);
const texts = [readFileSync(fileA), readFileSync(fileB)];

async function main() {
  for (let i = 1; ; i++) {
    await writeFileAtomic(target, texts[i % 2]);
    if (i === 1) process.stdout.write('saving\n');
  }
}
main().catch((error) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
