// The real disk behind the file flow: the document layer's validated loader, atomic save and the exporters.
import { exportDrawing } from '../document/exporters';
import { loadDrawingFile, saveDrawingFile, writeFileAtomic } from '../document/file-io';
import { readImportFile } from '../document/import-file';
import { readImageFile } from '../document/image-file';
import { fingerprintOf, stillHolds } from './file-fingerprint';
import type { FileStore } from './file-flow';

export function diskStore(): FileStore {
  return {
    load: (path) => loadDrawingFile(path),
    save: async (path, drawing) => {
      await saveDrawingFile(path, drawing);
    },
    writeExport: async (path, drawing, choices) => {
      // exportDrawing reads the drawing before it first awaits.
      await writeFileAtomic(path, await exportDrawing(drawing, choices));
    },
    readImport: (path, choose) => readImportFile(path, { choose }),
    readImage: (path) => readImageFile(path),
    fingerprint: fingerprintOf,
    stillHolds,
  };
}
