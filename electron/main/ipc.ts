// Wires the contract's channels to the session handlers. Every message passes two gates: the sender must be our
// own window's top frame (Electron Fiddle's isTrustedSender), and the payload must match the channel's schema
// (dispatch). Neither gate throws: a refused message gets a one-line error answer.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { allChannels, type Result } from '../../src/shared/contract';
import { dispatch, type Handlers } from '../../src/session/dispatch';

export interface IpcTarget {
  /** The web contents allowed to talk to us (the main window's), or null when there is none. */
  trusted(): WebContents | null;
  /** The handlers of the session currently shown in that window. */
  handlers(): Handlers;
  /** Called after every handled message (the window title follows the dirty flag). */
  after?(): void;
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
  for (const channel of Object.keys(allChannels)) {
    ipcMain.handle(channel, async (event, payload: unknown): Promise<Result<unknown>> => {
      if (!isTrustedSender(event, target.trusted()))
        return {
          ok: false,
          error: `${channel}: refused: the message did not come from the Curvewright window`,
        };
      const result = await dispatch(target.handlers(), channel, payload);
      target.after?.();
      return result;
    });
  }
}

export function unregisterIpc(ipcMain: IpcMain): void {
  for (const channel of Object.keys(allChannels)) ipcMain.removeHandler(channel);
}
