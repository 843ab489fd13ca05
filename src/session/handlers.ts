// One handler per contract channel, each a thin call into the session. Payloads arrive already validated by the
// dispatch gate (src/session/dispatch.ts); the handlers check what the schemas cannot (ids that exist, a drag in
// progress) through the session, whose errors are one line. The analyses run off the interactive path
// (analyses.ts): in slices, dropped when the drawing changes.

import type { ChannelName } from '../shared/contract';
import { Analyses } from './analyses';
import type { SessionHandlers } from './dispatch';
import { barPlot, fourBarPlot, pointPlot } from './analysis';
import type { Session } from './session';

/**
 * The calls that change the drawing under a running analysis: it is dropped (its answer would be stale, and the
 * panels ask again after every change of structure).
 */
const CHANGES_THE_DRAWING: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'edit:apply',
  'edit:translate',
  'history:undo',
  'history:redo',
]);

export function createHandlers(session: Session): SessionHandlers {
  const analyses = new Analyses(session.clock);
  // Each analysis by what was asked: the same question again drops the one still running.
  const analyse = <T>(channel: ChannelName, request: unknown, steps: Generator<unknown, T>) =>
    analyses.run(`${channel} ${JSON.stringify(request)}`, steps);
  const handlers: SessionHandlers = {
    'session:snapshot': () => session.resend(),
    'drag:start': ({ curve, u, cursor, together, handle }) =>
      session.dragStart(curve, u, cursor, together, handle),
    'drag:move': ({ cursor }) => session.dragMove(cursor),
    'drag:end': () => session.dragEnd(),
    'drag:cancel': () => session.dragCancel(),
    'history:undo': () => session.undo(),
    'history:redo': () => session.redo(),
    'edit:apply': (command) => session.edit(command),
    'edit:translate': ({ ids, by }) => session.translate(ids, by),
    'play:control': ({ action, speed }) => session.playControl(action, speed),
    'play:frame': () => session.playFrame(),
    'pull:frame': () => session.pullFrame(),
    'analysis:point': (request) => {
      const { curve, u, ...sampling } = request;
      return analyse('analysis:point', request, pointPlot(session.drawing, curve, u, sampling));
    },
    'analysis:bar': (request) => {
      const { bar, ...sampling } = request;
      return analyse('analysis:bar', request, barPlot(session.drawing, bar, sampling));
    },
    'analysis:four-bar': (sampling) =>
      analyse('analysis:four-bar', sampling, fourBarPlot(session.drawing, sampling)),
    'analysis:centres': ({ show }) => session.showInstantCentres(show),
    'view:set': ({ center, zoom }) => session.setView(center, zoom),
  };
  // Any call from the page is real work: the warm-up after an open (idle work, warm-up.ts) stops for it; one that
  // changes the drawing drops the analyses running on it.
  for (const channel of Object.keys(handlers) as (keyof SessionHandlers)[]) {
    const handler = handlers[channel] as (request: unknown) => unknown;
    const changes = CHANGES_THE_DRAWING.has(channel);
    (handlers as Record<string, unknown>)[channel] = (request: unknown) => {
      session.cancelWarmUp();
      if (changes) analyses.cancelAll();
      return handler(request);
    };
  }
  return handlers;
}
