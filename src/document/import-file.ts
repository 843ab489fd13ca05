// A file of another format read and imported (import-formats.ts chooses the reader by its extension): what File ▸
// Import… and `curvewright import` read. A format that needs a choice (how points come in, a unitless file's
// units) has it asked of the user (the app's `choose`) or given (the CLI's `options`): one path for every format.
import type { ImportChooser, ImportOptions } from '../shared/import-choices';
import { DocumentError, readDrawingBytes, type FileOptions } from './file-io';
import { importFormatFor } from './import-formats';
import { ImportError, type ImportedRecords } from './svg-import';

/** The user's answers: given beforehand (the CLI's flags), or asked once the file is read (the app's question). */
export type ImportAnswers = { options?: ImportOptions } | { choose: ImportChooser };

function fileNameOf(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}

/**
 * Reads `path` and imports it with its format's reader, asking `answers.choose` the format's question when the
 * file's content calls for one (null back: the user cancelled, nothing is imported). Every failure is one
 * DocumentError naming the file: `plan.svg: path #3 (line 12): bad path data: …`, `plan.svg: no such file or folder`.
 */
export async function readImportFile(
  path: string,
  answers?: { options?: ImportOptions },
  fileOptions?: FileOptions,
): Promise<ImportedRecords>;
export async function readImportFile(
  path: string,
  answers: ImportAnswers,
  fileOptions?: FileOptions,
): Promise<ImportedRecords | null>;
export async function readImportFile(
  path: string,
  answers: ImportAnswers = {},
  fileOptions: FileOptions = {},
): Promise<ImportedRecords | null> {
  const bytes = await readDrawingBytes(path, fileOptions);
  try {
    const format = importFormatFor(path);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      if (!format.legacyEncoding)
        throw new ImportError(`not a text file (invalid UTF-8): is this really ${format.name}?`);
      text = new TextDecoder(format.legacyEncoding).decode(bytes);
    }
    let options: ImportOptions = {};
    if ('choose' in answers) {
      const question = format.question?.(text) ?? null;
      if (question !== null) {
        const chosen = await answers.choose(question, fileNameOf(path));
        if (chosen === null) return null;
        options = chosen;
      }
    } else options = answers.options ?? {};
    return format.read(text, options);
  } catch (error) {
    if (error instanceof ImportError) throw new DocumentError(path, error.message);
    throw error;
  }
}
