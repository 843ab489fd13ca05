// One handler per contract channel, each a thin call into the session. Payloads arrive already validated by the
// dispatch gate (src/session/dispatch.ts); the handlers check what the schemas cannot (ids that exist, a drag in
// progress) through the session, whose errors are one line.

import type { SessionHandlers } from './dispatch';
import { analyzeDrawingBar, analyzeDrawingFourBar, analyzeDrawingPoint } from './analysis';
import type { Session } from './session';

export function createHandlers(session: Session): SessionHandlers {
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
    'analysis:point': ({ curve, u, ...sampling }) =>
      analyzeDrawingPoint(session.drawing, curve, u, sampling, session.clock),
    'analysis:bar': ({ bar, ...sampling }) =>
      analyzeDrawingBar(session.drawing, bar, sampling, session.clock),
    'analysis:four-bar': (sampling) => analyzeDrawingFourBar(session.drawing, sampling, session.clock),
    'analysis:centres': ({ show }) => session.showInstantCentres(show),
    'view:set': ({ center, zoom }) => session.setView(center, zoom),
  };
  // Any call from the page is real work: the warm-up after an open (idle work, warm-up.ts) stops for it.
  for (const channel of Object.keys(handlers) as (keyof SessionHandlers)[]) {
    const handler = handlers[channel] as (request: unknown) => unknown;
    (handlers as Record<string, unknown>)[channel] = (request: unknown) => {
      session.cancelWarmUp();
      return handler(request);
    };
  }
  return handlers;
}
