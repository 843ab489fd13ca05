// The file channels of the contract, carried out by the file flow. (File ▸ New, Open, Save … are not channels: the
// native menu runs them in main, electron/main/main-actions.ts.) The page can open only a file the user dropped on
// the window, by the token main issued for it: no channel takes a path from the page.
import { DropTokens } from './drop-tokens';
import type { FileHandlers } from './dispatch';
import type { FileFlow } from './file-flow';

export function createFileHandlers(flow: FileFlow): FileHandlers {
  const drops = new DropTokens();
  return {
    // The preload's own channel (contract.ts preloadChannels): the path of a File dropped on the window.
    'file:drop-token': ({ path }) => drops.issue(path),
    'file:open-dropped': ({ token }) => flow.open(drops.take(token)),
  };
}
