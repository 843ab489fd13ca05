// Dropping a file on the window opens it, through the same session file flow as File ▸ Open (so unsaved changes
// are asked about first, and a bad file gets its one-line error); a file an import reads (an SVG) is imported into
// the drawing instead, as File ▸ Import… does, and a PNG or JPEG placed under the curves as File ▸ Place Image…
// does. The page never holds the dropped file's path:
// the preload's dropToken hands the path to main and gives back a token main issued, which openDropped redeems.

import type { Api } from '../../electron/preload/api';

type DropApi = Pick<Api, 'dropToken' | 'openDropped'>;

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
    void api
      .dropToken(files[0])
      .then((token) => api.openDropped({ token }))
      .catch((error: unknown) => notify(error instanceof Error ? error.message : String(error)));
  });
}
