// Entry point of the `curvewright` command (`npm run cli -- …` with tsx, or the bundled out/cli/curvewright.cjs
// that bin/curvewright.mjs runs). Everything happens in runCli; this file only connects it to the process.

import { runCli } from './run';

function writeOut(text: string): void {
  process.stdout.write(text);
}

// A reader that went away (`curvewright export-svg x | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

runCli(process.argv.slice(2), {
  out: (line) => writeOut(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  write: writeOut,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // runCli never throws; this is the last line of defence against a stack trace.
    process.stderr.write(
      `curvewright: internal error: ${String((error as Error)?.message ?? error).split('\n')[0]}\n`,
    );
    process.exitCode = 1;
  },
);
