// The import's question (FileUi.askImportOptions) as a native message box: a unitless file's units, or how points
// from CSV come in. The buttons are the shared lists' (src/shared/import-choices.ts) and Cancel; Escape cancels.
import { dialog, type BrowserWindow } from 'electron';
import { assertNever } from '../../src/shared/assert-never';
import {
  DEFAULT_MIN_SPACING_MM,
  IMPORT_UNITS,
  POINTS_AS,
  type ImportOptions,
  type ImportQuestion,
} from '../../src/shared/import-choices';

interface Box {
  message: string;
  detail?: string;
  /** One answer per button before Cancel. */
  answers: { label: string; options: ImportOptions }[];
}

function box(question: ImportQuestion, name: string): Box {
  switch (question) {
    case 'units':
      return {
        message: `${name} has no units. Read its numbers as:`,
        answers: IMPORT_UNITS.map((u) => ({ label: u.label, options: { units: u.id } })),
      };
    case 'points':
      return {
        message: `Import the points of ${name} as:`,
        detail: `A point closer than ${DEFAULT_MIN_SPACING_MM} mm to the one before it is dropped (a duplicate).`,
        answers: POINTS_AS.map((p) => ({
          label: p.label,
          options: { pointsAs: p.id, minSpacing: DEFAULT_MIN_SPACING_MM },
        })),
      };
    default:
      return assertNever(question);
  }
}

/** Asks `question` about the file `name` over the window (or alone); null when the user cancels. */
export async function askImportOptions(
  window: () => BrowserWindow | null,
  question: ImportQuestion,
  name: string,
): Promise<ImportOptions | null> {
  const { message, detail, answers } = box(question, name);
  const options: Electron.MessageBoxOptions = {
    type: 'question',
    buttons: [...answers.map((a) => a.label), 'Cancel'],
    defaultId: 0,
    cancelId: answers.length,
    message,
    ...(detail ? { detail } : {}),
  };
  const owner = window();
  const { response } = owner
    ? await dialog.showMessageBox(owner, options)
    : await dialog.showMessageBox(options);
  return answers[response]?.options ?? null;
}
