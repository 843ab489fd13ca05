// Runs one bench case many times so a CPU profile shows its steady state:
//   node --import tsx --cpu-prof --cpu-prof-dir=.tmp/prof bench/profile.ts chain 1000 20
// (then open the largest .cpuprofile in Chrome DevTools ▸ Performance, or any cpuprofile viewer).
import { cases } from './cases';

const [name = 'chain', size = '1000', times = '10'] = process.argv.slice(2);
const benchCase = cases.find((c) => c.name === name);
if (!benchCase)
  throw new Error(`profile: unknown case '${name}' (cases: ${cases.map((c) => c.name).join(', ')})`);
for (let i = 0; i < Number(times); i++) {
  const r = benchCase.run(Number(size));
  console.log(
    `${name} ${size}: ${r.ms.toFixed(2)} ms, ${r.steps} steps, ${r.stepMs?.toFixed(3) ?? '—'} ms/step`,
  );
}
