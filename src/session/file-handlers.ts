// The file channels of the contract, carried out by the file flow.
import type { FileHandlers } from './dispatch';
import type { FileFlow } from './file-flow';

export function createFileHandlers(flow: FileFlow): FileHandlers {
  return {
    'file:command': ({ command }) => {
      switch (command) {
        case 'new':
          return flow.newDrawing();
        case 'open':
          return flow.open();
        case 'save':
          return flow.save();
        case 'save-as':
          return flow.saveAs();
        case 'revert':
          return flow.revert();
        case 'export-svg':
          return flow.exportSvg();
      }
    },
    'file:open-path': ({ path }) => flow.open(path),
  };
}
