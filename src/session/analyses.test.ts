// The analyses run off the interactive path (analyses.ts): a long one in slices, the user's calls answered between
// them; dropped when the drawing changes under it or the same one is asked again; a mechanism stuck at a limit is
// reported as stuck after bounded work. Through the IPC gate, on a real session.
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../mechanisms';
import type { AnalysisSample } from '../shared/analysis-samples';
import type { Result } from '../shared/contract';
import { SUPERSEDED } from './analyses';
import { dispatch, type Handlers } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';
import { doubleRocker, doubleRockerLimit } from '../mechanisms/test-support/double-rocker';

function crankRocker(): {
  session: Session;
  send: (channel: string, payload?: unknown) => Promise<Result<unknown>>;
} {
  const session = new Session({ clock: testClock(), warmUp: false });
  session.replaceDrawing(EXAMPLES.find((e) => e.name === 'crank-rocker')!.build(), null);
  // The file channels are not the session's: these tests never call them.
  const handlers = createHandlers(session) as Handlers;
  return { session, send: (channel, payload) => dispatch(handlers, channel, payload) };
}

/** As many samples as a plot may ask for (3,600), over a minute of motor time: several slices of work. */
const LONG = { curve: 'coupler-point', u: 0, samples: 3600, seconds: 60 };

describe('analyses off the interactive path', () => {
  it('a long analysis runs in slices: a drag sent meanwhile is answered before it ends', async () => {
    const { send } = crankRocker();
    const order: string[] = [];
    const analysis = send('analysis:point', LONG).then((answer) => {
      order.push('analysis');
      return answer;
    });
    await send('drag:start', { curve: 'coupler', u: 0.5, cursor: [0, 0] }).then(() =>
      order.push('drag:start'),
    );
    await send('drag:move', { cursor: [1, 1] }).then(() => order.push('drag:move'));
    const answer = (await analysis) as Result<{ samples: AnalysisSample[] }>;
    expect(order).toEqual(['drag:start', 'drag:move', 'analysis']);
    expect(answer.ok).toBe(true);
    expect(answer.ok && answer.value.samples).toHaveLength(3600);
  });

  it('an edit drops the analysis running on the drawing it changes; asking again drops the older one', async () => {
    const { send } = crankRocker();
    const stale = send('analysis:point', LONG);
    await send('edit:apply', { type: 'add', curves: [{ kind: 'point', id: 'extra', at: [0, 0] }] });
    expect(await stale).toEqual({ ok: false, error: `analysis:point: ${SUPERSEDED}` });
    const older = send('analysis:four-bar', { samples: 3600 });
    const newer = send('analysis:four-bar', { samples: 3600 });
    expect(await older).toEqual({ ok: false, error: `analysis:four-bar: ${SUPERSEDED}` });
    expect((await newer).ok).toBe(true);
  });

  it('a mechanism stuck at its limit is reported as stuck, every later sample unreached with the reason', async () => {
    const session = new Session({
      clock: testClock(),
      warmUp: false,
      drawing: doubleRocker(doubleRockerLimit() - 1e-9),
    });
    const handlers = createHandlers(session) as Handlers;
    const answer = (await dispatch(handlers, 'analysis:point', {
      curve: 'coupler',
      u: 1,
      samples: 12,
    })) as Result<{
      samples: AnalysisSample[];
    }>;
    expect(answer.ok).toBe(true);
    const samples = answer.ok ? answer.value.samples : [];
    expect(samples[0].x).not.toBeNull();
    expect(samples.slice(1).every((s) => s.x === null)).toBe(true);
    expect(samples[1].note).toMatch(/^the crank cannot turn past \d+°: coupler and rocker are in line$/);
  });
});
