// A file of another format read and imported (import-formats.ts chooses the reader by its extension): what File ▸
// Import… and `curvewright import` read.
import { DocumentError, readDrawingBytes, type FileOptions } from './file-io';
import { importFormatFor } from './import-formats';
import { ImportError, type ImportedRecords } from './svg-import';

/**
 * Reads `path` and imports it with its format's reader. Every failure is one DocumentError naming the file:
 * `plan.svg: path #3 (line 12): bad path data: …`, `plan.svg: no such file or folder`.
 */
export async function readImportFile(path: string, options: FileOptions = {}): Promise<ImportedRecords> {
  const bytes = await readDrawingBytes(path, options);
  try {
    const format = importFormatFor(path);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ImportError(`not a text file (invalid UTF-8): is this really ${format.name}?`);
    }
    return format.read(text, {});
  } catch (error) {
    if (error instanceof ImportError) throw new DocumentError(path, error.message);
    throw error;
  }
}
