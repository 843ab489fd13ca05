// The one gate every IPC message passes, in the session thread (main only checks the sender) and in the e2e
// bridge alike: an unknown channel or a payload of the wrong shape is answered with a one-line error naming the
// problem; a handler's exception becomes the same kind of answer. Nothing here throws, so a bad message can never crash the session thread.

import {
  allChannels,
  type ChannelName,
  type FileChannelName,
  type RequestOf,
  type ResponseOf,
  type Result,
} from '../shared/contract';
import { errorLine } from '../shared/error-line';

/** One handler per contract channel: the page's and the preload's own. */
export type Handlers = {
  [C in ChannelName]: (request: RequestOf<C>) => ResponseOf<C> | Promise<ResponseOf<C>>;
};
/** The session's own handlers (src/session/handlers.ts): every channel but the file commands. */
export type SessionHandlers = Omit<Handlers, FileChannelName>;
/** The file commands' handlers (src/session/file-handlers.ts), carried out by the file flow. */
export type FileHandlers = Pick<Handlers, FileChannelName>;

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(allChannels, name);
}

export async function dispatch(
  handlers: Handlers,
  channel: unknown,
  payload: unknown,
): Promise<Result<unknown>> {
  if (!isChannelName(channel))
    return { ok: false, error: errorLine(`unknown channel ${JSON.stringify(String(channel))}`) };
  let request: unknown;
  try {
    request = allChannels[channel].request.parse(payload, 'payload');
  } catch (error) {
    return { ok: false, error: errorLine(`${channel}: ${errorLine(error)}`) };
  }
  try {
    const handler = handlers[channel] as (r: unknown) => unknown;
    return { ok: true, value: await handler(request) };
  } catch (error) {
    return { ok: false, error: errorLine(`${channel}: ${errorLine(error)}`) };
  }
}
