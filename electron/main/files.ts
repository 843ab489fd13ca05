// The Electron side of the file flow: native dialogs, the recovery folder, the examples folder.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { dialog, type BrowserWindow } from 'electron';
import type { FileUi } from '../../src/session/file-flow';
import type { Drawing } from '../../src/shared/drawing';
import { clearRecovery, listRecoveries, writeRecovery } from '../../src/document/recovery';
import type { RecoveryStore } from '../../src/session/autosave';

export { diskStore } from '../../src/session/disk-store';

const DRAWING_FILTER = { name: 'Curvewright drawing', extensions: ['curvewright'] };

export function electronFileUi(window: () => BrowserWindow | null): FileUi {
  const parent = () => window() ?? undefined;
  return {
    async askSaveChanges(documentName) {
      const options = {
        type: 'warning' as const,
        buttons: ['Save', "Don't Save", 'Cancel'],
        defaultId: 0,
        cancelId: 2,
        message: `Do you want to save the changes you made to ${documentName}?`,
        detail: "Your changes will be lost if you don't save them.",
      };
      const owner = parent();
      const { response } = owner
        ? await dialog.showMessageBox(owner, options)
        : await dialog.showMessageBox(options);
      return response === 0 ? 'save' : response === 1 ? 'discard' : 'cancel';
    },
    async pickOpenPath() {
      const options = { properties: ['openFile' as const], filters: [DRAWING_FILTER] };
      const owner = parent();
      const result = owner
        ? await dialog.showOpenDialog(owner, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async pickSavePath(suggestedName, kind) {
      const options = {
        defaultPath: suggestedName,
        filters: [kind === 'svg' ? { name: 'SVG image', extensions: ['svg'] } : DRAWING_FILTER],
      };
      const owner = parent();
      const result = owner
        ? await dialog.showSaveDialog(owner, options)
        : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    showError(message) {
      dialog.showErrorBox('Curvewright', message);
    },
  };
}

export function recoveryStore(dir: string): RecoveryStore {
  return {
    write: (key, drawing) => writeRecovery(dir, key, drawing),
    clear: (key) => clearRecovery(dir, key),
  };
}

/** The example drawings shipped in resources/examples, for File ▸ Open Example. */
export function listExamples(dir: string): { title: string; path: string }[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.curvewright'))
      .sort()
      .map((name) => ({
        title: basename(name, '.curvewright')
          .split('-')
          .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
          .join(' '),
        path: join(dir, name),
      }));
  } catch {
    return [];
  }
}

/** After a crash, the next start offers the newest recovery copy left behind by an earlier run. */
export async function offerRecovery(
  dir: string,
  ownKey: string,
  window: () => BrowserWindow | null,
): Promise<Drawing | null> {
  let found: Awaited<ReturnType<typeof listRecoveries>>;
  try {
    found = (await listRecoveries(dir)).filter((entry) => entry.key !== ownKey);
  } catch {
    return null;
  }
  if (!found.length) return null;
  const newest = found[0];
  const owner = window();
  const options = {
    type: 'question' as const,
    buttons: ['Restore', 'Discard'],
    defaultId: 0,
    cancelId: 1,
    message: 'Curvewright did not close cleanly last time.',
    detail: `Unsaved work from ${new Date(newest.savedAt).toLocaleString()} can be restored.`,
  };
  const { response } = owner
    ? await dialog.showMessageBox(owner, options)
    : await dialog.showMessageBox(options);
  for (const entry of found) await clearRecovery(dir, entry.key).catch(() => undefined);
  return response === 0 ? newest.drawing : null;
}
