// The window API, built from the IPC contract: one named function per invoke channel, plus subscriptions to the
// main → renderer events. Pure (no Electron import) so that the very same function builds the API in the e2e
// bridge, where `invoke` and `subscribe` are Playwright bindings instead of ipcRenderer.
//
// `createApi` must stay self-contained (no references to imports or module-level values): the e2e harness injects
// its source text into the page.

import type {
  PageChannels,
  PageChannelName,
  MenuCommand,
  RequestOf,
  ResponseOf,
  Result,
  Snapshot,
} from '../../src/shared/contract';

type Invoker = (channel: string, payload: unknown) => Promise<Result<unknown>>;
type Subscriber = (event: string, listener: (payload: unknown) => void) => () => void;

/** `method name → channel name`, taken from the contract (see methodTable). */
export type MethodTable = Record<string, string>;

type MethodsOf = {
  [C in PageChannelName as PageChannels[C]['method']]: RequestOf<C> extends void
    ? () => Promise<ResponseOf<C>>
    : (request: RequestOf<C>) => Promise<ResponseOf<C>>;
};

export interface Events {
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
  onSessionChanged(listener: (snapshot: Snapshot) => void): () => void;
  /** The session's process was started anew: `reason` says why; the page answers with `restoreSession`. */
  onSessionRestarted(listener: (reason: string) => void): () => void;
  /**
   * A token for a file dropped on the window, to open it with `openDropped`. The page never sees or names the path:
   * the preload asks Electron for it (a sandboxed page cannot) and hands it to main, which answers with the token.
   * Refused for a File that is not on disk (one the page made itself).
   */
  dropToken(file: File): Promise<string>;
}

export type Api = MethodsOf & Events;

export function createApi(
  methods: MethodTable,
  preloadMethods: MethodTable,
  events: Record<string, string>,
  invoke: Invoker,
  subscribe: Subscriber,
  pathForFile: (file: File) => string,
) {
  const call = async (channel: string, payload: unknown) => {
    const result = await invoke(channel, payload === undefined ? null : payload);
    if (!result || typeof result !== 'object') throw new Error(`${channel}: no answer`);
    if (!result.ok) throw new Error(result.error);
    return result.value;
  };
  const api: Record<string, unknown> = {};
  for (const method of Object.keys(methods)) {
    const channel = methods[method];
    api[method] = (payload?: unknown) => call(channel, payload);
  }
  api.onMenuCommand = (listener: (command: unknown) => void) => subscribe(events.menuCommand, listener);
  api.onSessionChanged = (listener: (snapshot: unknown) => void) =>
    subscribe(events.sessionChanged, listener);
  api.onSessionRestarted = (listener: (reason: unknown) => void) =>
    subscribe(events.sessionRestarted, listener);
  api.dropToken = async (file: File) => {
    const path = pathForFile(file);
    if (!path) throw new Error(`${file.name}: not a file on disk`);
    return call(preloadMethods.dropToken, { path });
  };
  return Object.freeze(api) as unknown as Api;
}
