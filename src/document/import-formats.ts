// The one place an import chooses its reader by the file's extension: SVG today; DXF and CSV add a row here.

import { DocumentError, readDrawingBytes, type FileOptions } from './file-io';
import { ImportError, importSvg, type ImportedRecords } from './svg-import';

export interface ImportFormat {
  /** Lower-case extensions, with the dot. */
  extensions: string[];
  /** The format's name as the user reads it. */
  name: string;
  read(text: string): ImportedRecords;
}

export const IMPORT_FORMATS: ImportFormat[] = [{ extensions: ['.svg'], name: 'SVG', read: importSvg }];

/** The reader for `file`, by its extension; an ImportError naming the formats there are for any other. */
export function importFormatFor(file: string): ImportFormat {
  const lower = file.toLowerCase();
  const format = IMPORT_FORMATS.find((f) => f.extensions.some((e) => lower.endsWith(e)));
  if (format) return format;
  const known = IMPORT_FORMATS.flatMap((f) => f.extensions).join(', ');
  throw new ImportError(`cannot import this kind of file (the importable kinds are ${known})`);
}

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
    return format.read(text);
  } catch (error) {
    if (error instanceof ImportError) throw new DocumentError(path, error.message);
    throw error;
  }
}
