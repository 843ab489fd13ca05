// The clock the tests give the engine, the session and the CLI: time moves TEST_TICK_MS at each reading and never
// with the wall clock, so a budget (a 6 ms drag frame, a 250 ms settle) ends after the same work on an idle machine
// and on a busy one. 10 µs a reading is about what a small drawing's step costs per reading on this project's
// machines: a test's frames do about the work a real frame does, and a loop a budget bounds ends as it would.
import { SteppedClock } from '../clock';

export const TEST_TICK_MS = 1 / 128;

/** A fresh deterministic clock (each test its own, so no test's readings move another's time). */
export function testClock(): SteppedClock {
  return new SteppedClock(TEST_TICK_MS);
}
