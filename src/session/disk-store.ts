// The real disk behind the file flow: the document layer's validated loader, atomic save and the SVG exporter.
import { loadDrawingFile, saveDrawingFile, writeFileAtomic } from '../document/file-io';
import { exportSvg } from '../document/svg-export';
import { fingerprintOf, stillHolds } from './file-fingerprint';
import type { FileStore } from './file-flow';

export function diskStore(): FileStore {
  return {
    load: (path) => loadDrawingFile(path),
    save: async (path, drawing) => {
      await saveDrawingFile(path, drawing);
    },
    writeSvg: async (path, drawing, options) => {
      const { strokeWidth, dimensions, construction } = options;
      await writeFileAtomic(
        path,
        exportSvg(drawing, { strokeWidth, includeDimensions: dimensions, includeConstruction: construction }),
      );
    },
    fingerprint: fingerprintOf,
    stillHolds,
  };
}
