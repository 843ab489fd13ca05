// The one gate every IPC message passes, after main's sender check, in the e2e bridge alike: an unknown channel or
// a payload of the wrong shape is answered with a one-line error naming the problem; a handler's exception becomes
// the same kind of answer. Nothing here throws, so a bad message can never crash the session or main. The
// session passes its channels through it (`dispatch`); main its own few (`dispatchOn` main's table:
// electron/main/ipc.ts).

import {
  sessionChannels,
  type ChannelName,
  type FileChannelName,
  type MainChannelName,
  type RequestOf,
  type ResponseOf,
  type Result,
  type SessionChannelName,
} from '../shared/contract';
import type { Schema } from '../shared/schema';
import { errorLine } from '../shared/error-line';

/** One handler per channel of a table. */
export type HandlersOf<C extends ChannelName> = {
  [K in C]: (request: RequestOf<K>) => ResponseOf<K> | Promise<ResponseOf<K>>;
};
/** One handler per channel the session answers: the page's and the preload's own. */
export type Handlers = HandlersOf<SessionChannelName>;
/** The session's own handlers (src/session/handlers.ts): every channel but the file commands. */
export type SessionHandlers = Omit<Handlers, FileChannelName>;
/** The file commands' handlers (src/session/file-handlers.ts), carried out by the file flow. */
export type FileHandlers = Pick<Handlers, FileChannelName>;
/** The handlers of the channels main answers itself (electron/main). */
export type MainHandlers = HandlersOf<MainChannelName>;

/** The session's gate. */
export function dispatch(handlers: Handlers, channel: unknown, payload: unknown): Promise<Result<unknown>> {
  return dispatchOn(sessionChannels, handlers, channel, payload);
}

/** The gate over a table of channels: the channel must be one of the table's, its payload match its schema. */
export async function dispatchOn<C extends ChannelName>(
  table: { readonly [K in C]: { readonly request: Schema<unknown> } },
  handlers: HandlersOf<C>,
  channel: unknown,
  payload: unknown,
): Promise<Result<unknown>> {
  if (typeof channel !== 'string' || !Object.prototype.hasOwnProperty.call(table, channel))
    return { ok: false, error: errorLine(`unknown channel ${JSON.stringify(String(channel))}`) };
  const name = channel as C;
  let request: unknown;
  try {
    request = table[name].request.parse(payload, 'payload');
  } catch (error) {
    return { ok: false, error: errorLine(`${name}: ${errorLine(error)}`) };
  }
  try {
    const handler = handlers[name] as (r: unknown) => unknown;
    return { ok: true, value: await handler(request) };
  } catch (error) {
    return { ok: false, error: errorLine(`${name}: ${errorLine(error)}`) };
  }
}
