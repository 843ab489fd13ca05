// Dropping a file on the window opens it, through the same session file flow as File ▸ Open (so unsaved changes
// are asked about first, and a bad file gets its one-line error). The sandboxed page cannot see a dropped file's
// path: the preload's pathForFile asks Electron for it.

import type { Api } from '../../electron/preload/api';

type DropApi = Pick<Api, 'openPath' | 'pathForFile'>;

function carriesFiles(e: DragEvent): boolean {
  return e.dataTransfer !== null && Array.from(e.dataTransfer.types).includes('Files');
}

/** Accepts file drops anywhere on `target`; `notify` shows a problem in the status bar. */
export function acceptFileDrops(target: Window, api: DropApi, notify: (message: string) => void): void {
  target.addEventListener('dragover', (e) => {
    if (!carriesFiles(e)) return;
    // Without preventDefault the drop would be refused (or the page would navigate to the file).
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  });
  target.addEventListener('drop', (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    const files = e.dataTransfer?.files;
    if (!files || files.length === 0) return;
    if (files.length > 1) notify(`${files.length} files dropped: opening ${files[0].name} only`);
    const path = api.pathForFile(files[0]);
    if (!path) {
      notify(`${files[0].name}: not a file on disk`);
      return;
    }
    void api
      .openPath({ path })
      .catch((error: unknown) => notify(error instanceof Error ? error.message : String(error)));
  });
}
