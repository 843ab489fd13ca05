// Session "processes" for the supervisor's tests and the e2e harness: each a real session host (hostSession) on a
// MessageChannel in this process, whose kill closes the channel and reports an exit, as a child process's would.
// `hold` keeps the calls of a channel from reaching the session (a call that never ends: the session is busy with
// it). And a timer driven by a SteppedClock, so the supervisor's deadlines pass when the test says.
import { MessageChannel } from 'node:worker_threads';
import { SteppedClock } from '../../../shared/clock';
import { hostSession, type HostOptions, type SessionHost } from '../host';
import type { ProcessExit, SessionProcess, SpawnSession, Timer } from '../supervisor';
import type { SessionConfig, ToSession } from '../protocol';

export interface InProcessSpawner {
  spawn: SpawnSession;
  /** Every host started, in order (the last is the live one). */
  hosts: SessionHost[];
  /** Ends the live "process" as a crash would (kill reports SIGKILL; this reports what it is told). */
  crash(exit?: Partial<ProcessExit>): void;
  /** Calls of these channels (or commands) are swallowed before they reach the session: they never end. */
  hold: Set<string>;
  /** Ends every "process" still running (nothing is started again); resolves once no autosave is still writing. */
  dispose(): Promise<void>;
}

/**
 * `host`: the options of the i-th session started (0: the first); a SteppedClock: every session's, the warm-up off.
 */
export function inProcessSpawner(
  config: SessionConfig,
  host: SteppedClock | ((index: number) => HostOptions),
): InProcessSpawner {
  const options =
    host instanceof SteppedClock ? () => ({ session: { warmUp: false as const, clock: host } }) : host;
  const hosts: SessionHost[] = [];
  const ends: ((exit: ProcessExit) => void)[] = [];
  const hold = new Set<string>();
  const spawn: SpawnSession = (): SessionProcess => {
    const { port1, port2 } = new MessageChannel();
    const live = hostSession(port2, config, options(hosts.length));
    hosts.push(live);
    const listeners: ((exit: ProcessExit) => void)[] = [];
    let ended = false;
    const end = (exit: ProcessExit) => {
      if (ended) return;
      ended = true;
      live.autosave.stop();
      port1.close();
      port2.close();
      for (const listener of listeners) listener(exit);
    };
    ends.push(end);
    return {
      port: {
        postMessage: (message: ToSession) => {
          const name =
            message.kind === 'invoke' ? message.channel : message.kind === 'command' ? message.command : '';
          if (!hold.has(name)) port1.postMessage(message);
        },
        on: (_event, listener) => port1.on('message', listener),
      },
      kill: () => end({ code: null, signal: 'SIGKILL', outOfMemory: false }),
      onExit: (listener) => void listeners.push(listener),
    };
  };
  return {
    spawn,
    hosts,
    hold,
    crash: (exit = {}) => ends.at(-1)?.({ code: 134, signal: null, outOfMemory: false, ...exit }),
    // After the supervisor has closed: whatever is left ends, and nothing is started again.
    dispose: async () => {
      for (const end of ends.splice(0)) end({ code: 0, signal: null, outOfMemory: false });
      await Promise.all(hosts.map((host) => host.autosave.idle()));
    },
  };
}

/** Timers that fire when the test moves `clock` on (advance), never by themselves. */
export class ManualTimer {
  private pending: { at: number; run: () => void }[] = [];

  constructor(private readonly clock: SteppedClock) {}

  readonly timer: Timer = (ms, run) => {
    const entry = { at: this.clock.now() + ms, run };
    this.pending.push(entry);
    return () => void (this.pending = this.pending.filter((e) => e !== entry));
  };

  /** Moves the clock on by `ms`, running every timer due by then, in order (new ones included). */
  advance(ms: number): void {
    const until = this.clock.now() + ms;
    for (;;) {
      this.pending.sort((a, b) => a.at - b.at);
      const next = this.pending[0];
      if (!next || next.at > until) break;
      this.pending.shift();
      this.clock.advance(next.at - this.clock.now());
      next.run();
    }
    this.clock.advance(until - this.clock.now());
  }
}
