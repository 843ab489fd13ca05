// Property tests draw their cases from one seed. By default a fixed one, so every run (CI's included) checks the
// same thousands of cases and a failure reproduces. To look for new counterexamples: FC_SEED=random (the seed is
// printed) or FC_SEED=<number>; pin what turns up as an `examples` entry of the property.
import fc from 'fast-check';

const requested = process.env.FC_SEED;
const seed =
  requested === undefined || requested === ''
    ? 20_261_123
    : requested === 'random'
      ? (Date.now() ^ (process.pid << 16)) | 0
      : Number(requested);
if (!Number.isInteger(seed)) throw new Error(`FC_SEED: expected an integer or "random", got ${requested}`);
if (requested === 'random') process.stdout.write(`fast-check seed ${seed}\n`);
fc.configureGlobal({ seed });
