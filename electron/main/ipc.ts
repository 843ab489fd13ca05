// Wires the contract's channels. Every message passes two gates: the sender must be our own window's top frame
// (Electron Fiddle's isTrustedSender), checked here, and the payload must match the channel's schema (dispatch),
// checked where the channel is answered: main's own channels here (the menu's state: mainChannels), the others in
// the session's thread (src/session/host). Neither gate throws: a refused message gets a one-line error answer.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import {
  allChannels,
  mainChannels,
  type ChannelName,
  type Result,
  type SessionChannelName,
} from '../../src/shared/contract';
import { dispatchOn, type MainHandlers } from '../../src/session/dispatch';

/** Where a message goes once its sender has passed: main's own handlers, or the session's process. */
export interface IpcRoutes {
  /** Carries a session channel's message out: the session's dispatch checks and handles it. */
  invoke(channel: SessionChannelName, payload: unknown): Promise<Result<unknown>>;
  /** The channels main answers itself (contract.ts mainChannels), checked here by the same gate. */
  main: MainHandlers;
}

export interface IpcTarget extends IpcRoutes {
  /** The web contents allowed to talk to us (the main window's), or null when there is none. */
  trusted(): WebContents | null;
}

export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  trusted: WebContents | null,
): boolean {
  if (!trusted || event.sender !== trusted) return false;
  const frame = event.senderFrame;
  // Only the top frame of our own page: never an iframe, never a page we were navigated to.
  return !!frame && frame.parent === null && frame === trusted.mainFrame;
}

/** Answers a message whose sender passed: main's own channel here, any other in the session's process. */
export function route(routes: IpcRoutes, channel: ChannelName, payload: unknown): Promise<Result<unknown>> {
  if (Object.prototype.hasOwnProperty.call(mainChannels, channel))
    return dispatchOn(mainChannels, routes.main, channel, payload);
  return routes.invoke(channel as SessionChannelName, payload);
}

export function registerIpc(ipcMain: IpcMain, target: IpcTarget): void {
  for (const channel of Object.keys(allChannels) as ChannelName[]) {
    ipcMain.handle(channel, async (event, payload: unknown): Promise<Result<unknown>> => {
      if (!isTrustedSender(event, target.trusted()))
        return {
          ok: false,
          error: `${channel}: refused: the message did not come from the Curvewright window`,
        };
      return route(target, channel, payload);
    });
  }
}

export function unregisterIpc(ipcMain: IpcMain): void {
  for (const channel of Object.keys(allChannels)) ipcMain.removeHandler(channel);
}
