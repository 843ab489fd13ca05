// The file channel of the contract, carried out by the file flow. (File ▸ New, Open, Save … are not channels: the
// native menu runs them in main, electron/main/main-actions.ts.)
import type { FileHandlers } from './dispatch';
import type { FileFlow } from './file-flow';

export function createFileHandlers(flow: FileFlow): FileHandlers {
  return {
    'file:open-path': ({ path }) => flow.open(path),
  };
}
