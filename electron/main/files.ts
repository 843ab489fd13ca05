// The Electron side of the file flow: native dialogs (the recovery question among them), the examples folder.
import { dialog, type BrowserWindow } from 'electron';
import type { FileUi } from '../../src/session/file-flow';
import type { RecoveryChoice, RecoveryUi } from '../../src/session/recovery-offer';
import { IMPORT_FORMATS } from '../../src/document/import-formats';
import { IMAGE_EXTENSIONS } from '../../src/shared/place-image';
import { EXPORT_FORMATS, type ExportFormat } from '../../src/shared/export-formats';
import { askImportOptions } from './import-question';

export { diskStore } from '../../src/session/disk-store';
// The example drawings shipped in resources/examples, for File ▸ Open Example, each by its title.
export { listExamples } from '../../src/session/example-list';

const DRAWING_FILTER = { name: 'Curvewright drawing', extensions: ['curvewright'] };

/** File ▸ Import…'s filters: every kind an import reads (document/import-formats.ts), each by its name. */
/** Every importable kind first (the dialog opens on the first filter), then each format's own. */
const IMPORT_FILTERS = [
  {
    name: 'Importable files',
    extensions: IMPORT_FORMATS.flatMap((f) => f.extensions.map((e) => e.slice(1))),
  },
  ...IMPORT_FORMATS.map((f) => ({ name: f.name, extensions: f.extensions.map((e) => e.slice(1)) })),
];

/** File ▸ Place Image…'s filter (shared/place-image.ts). */
const IMAGE_FILTER = { name: 'PNG or JPEG image', extensions: IMAGE_EXTENSIONS.map((e) => e.slice(1)) };

/** The save dialog's filter for an export format (shared/export-formats.ts). */
function exportFilter(format: ExportFormat): { name: string; extensions: string[] } {
  const { filter, extension } = EXPORT_FORMATS[format];
  return { name: filter, extensions: [extension.slice(1)] };
}

/** A message box over the window (or alone): never blocks main's loop, unlike dialog.showErrorBox. */
async function messageBox(
  window: () => BrowserWindow | null,
  options: Electron.MessageBoxOptions,
): Promise<number> {
  const owner = window();
  const { response } = owner
    ? await dialog.showMessageBox(owner, options)
    : await dialog.showMessageBox(options);
  return response;
}

/** What main tells and asks about the session's process itself (src/session/host/supervisor.ts). */
export function electronSessionUi(window: () => BrowserWindow | null): {
  tell(message: string): void;
  askBusy(what: string, seconds: number): Promise<'wait' | 'stop'>;
} {
  return {
    tell: (message) => void messageBox(window, { type: 'warning', message, buttons: ['OK'] }).catch(() => 0),
    askBusy: async (what, seconds) => {
      const response = await messageBox(window, {
        type: 'question',
        buttons: ['Wait', 'Stop'],
        defaultId: 0,
        cancelId: 0,
        message: `Curvewright has been working on ${what} for ${seconds} s.`,
        detail:
          'Wait for it, or stop it: the drawing stays as it is on screen (the undo history starts afresh).',
      });
      return response === 1 ? 'stop' : 'wait';
    },
  };
}

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
    async pickImportPath() {
      const options = { properties: ['openFile' as const], filters: IMPORT_FILTERS };
      const owner = parent();
      const result = owner
        ? await dialog.showOpenDialog(owner, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    askImportOptions: (question, name) => askImportOptions(window, question, name),
    async pickImagePath() {
      const owner = parent();
      const options = { properties: ['openFile' as const], filters: [IMAGE_FILTER] };
      const result = await (owner ? dialog.showOpenDialog(owner, options) : dialog.showOpenDialog(options));
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async pickSavePath(suggestedName, kind) {
      const options = {
        defaultPath: suggestedName,
        filters: [kind === 'drawing' ? DRAWING_FILTER : exportFilter(kind)],
      };
      const owner = parent();
      const result = owner
        ? await dialog.showSaveDialog(owner, options)
        : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async askOverwrite(documentName) {
      const response = await messageBox(window, {
        type: 'warning',
        buttons: ['Overwrite', 'Save As…', 'Cancel'],
        defaultId: 2,
        cancelId: 2,
        message: `${documentName} was changed by another program since you opened or saved it.`,
        detail: 'Overwrite it with your drawing, save your drawing under another name, or cancel the save.',
      });
      return response === 0 ? 'overwrite' : response === 1 ? 'save-as' : 'cancel';
    },
    async askReload(documentName) {
      const response = await messageBox(window, {
        type: 'question',
        buttons: ['Reload', 'Keep This Version'],
        defaultId: 0,
        cancelId: 1,
        message: `${documentName} was changed by another program.`,
        detail:
          'Reload it from the disk, or keep the drawing as it is here (a later Save overwrites the file).',
      });
      return response === 0 ? 'reload' : 'keep';
    },
    showError(message) {
      dialog.showErrorBox('Curvewright', message);
    },
  };
}

/** The recovery question (src/session/recovery-offer.ts) as a native message box; Escape decides later. */
export function electronRecoveryUi(window: () => BrowserWindow | null): RecoveryUi {
  const choices: RecoveryChoice[] = ['restore', 'discard', 'later'];
  return {
    async askRecovery({ message, detail }) {
      const options = {
        type: 'question' as const,
        buttons: ['Restore', 'Discard', 'Decide Later'],
        defaultId: 0,
        cancelId: 2,
        message,
        detail,
      };
      const owner = window();
      const { response } = owner
        ? await dialog.showMessageBox(owner, options)
        : await dialog.showMessageBox(options);
      return choices[response] ?? 'later';
    },
    showError(message) {
      dialog.showErrorBox('Curvewright', message);
    },
  };
}
