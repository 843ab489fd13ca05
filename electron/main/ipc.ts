// Wires the contract's channels to the session. Every message passes two gates: the sender must be our own
// window's top frame (Electron Fiddle's isTrustedSender), checked here, and the payload must match the channel's
// schema (dispatch), checked where the session runs — its thread (src/session/host). Neither gate throws: a
// refused message gets a one-line error answer.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { allChannels, type ChannelName, type Result } from '../../src/shared/contract';

export interface IpcTarget {
  /** The web contents allowed to talk to us (the main window's), or null when there is none. */
  trusted(): WebContents | null;
  /** Carries the message out: the session thread's dispatch (src/session/dispatch.ts) checks and handles it. */
  invoke(channel: ChannelName, payload: unknown): Promise<Result<unknown>>;
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

export function registerIpc(ipcMain: IpcMain, target: IpcTarget): void {
  for (const channel of Object.keys(allChannels) as ChannelName[]) {
    ipcMain.handle(channel, async (event, payload: unknown): Promise<Result<unknown>> => {
      if (!isTrustedSender(event, target.trusted()))
        return {
          ok: false,
          error: `${channel}: refused: the message did not come from the Curvewright window`,
        };
      return target.invoke(channel, payload);
    });
  }
}

export function unregisterIpc(ipcMain: IpcMain): void {
  for (const channel of Object.keys(allChannels)) ipcMain.removeHandler(channel);
}
