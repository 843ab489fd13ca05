// runProbe in plain Node (bundled by solve-compare.ts): `node probe-node-<pid>.cjs N MOVES STEP` prints the
// ProbeResult.
import { runProbe } from './solve-probe';

const [n, moves, step] = process.argv.slice(2).map(Number);
runProbe(n, moves, step); // warm-up: the JIT has compiled the solver before the timed drag
console.log(JSON.stringify(runProbe(n, moves, step)));
