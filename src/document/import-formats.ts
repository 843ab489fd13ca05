// The one place an import chooses its reader by the file's extension: SVG, DXF and points from CSV.
// Pure (no file system): the session's file flow tells an importable file by it; import-file.ts reads one.

import type { ImportOptions, ImportQuestion } from '../shared/import-choices';
import { importCsvPoints } from './csv-points';
import { dxfQuestion, importDxf } from './dxf-import';
import { ImportError, importSvg, type ImportedRecords } from './svg-import';

export interface ImportFormat {
  /** Lower-case extensions, with the dot. */
  extensions: string[];
  /** The format's name as the user reads it. */
  name: string;
  /** The file's records, with the user's answers to `question` (defaults where not given). */
  read(text: string, options: ImportOptions): ImportedRecords;
  /**
   * The encoding of a file that is not UTF-8, if the format has one (a DXF before R2007 is in its code page, most
   * often Windows-1252); absent: such a file is refused.
   */
  legacyEncoding?: 'windows-1252';
  /** What the user is asked before `read`, by the file's content (a DXF without units); null or absent: nothing. */
  question?(text: string): ImportQuestion | null;
}

export const IMPORT_FORMATS: ImportFormat[] = [
  { extensions: ['.svg'], name: 'SVG', read: (text) => importSvg(text) },
  {
    extensions: ['.dxf'],
    name: 'DXF',
    legacyEncoding: 'windows-1252',
    read: (text, options) => importDxf(text, options),
    question: dxfQuestion,
  },
  // Tab-separated points too (the delimiter is detected); not .txt, which names anything.
  { extensions: ['.csv', '.tsv'], name: 'CSV', read: importCsvPoints, question: () => 'points' },
];

/** The format whose extension `file` has, if any. */
function formatByExtension(file: string): ImportFormat | undefined {
  const lower = file.toLowerCase();
  return IMPORT_FORMATS.find((f) => f.extensions.some((e) => lower.endsWith(e)));
}

/** Whether an import reads `file` (an SVG dropped on the window is imported, not opened as a drawing). */
export function importable(file: string): boolean {
  return formatByExtension(file) !== undefined;
}

/** The reader for `file`, by its extension; an ImportError naming the formats there are for any other. */
export function importFormatFor(file: string): ImportFormat {
  const format = formatByExtension(file);
  if (format) return format;
  const known = IMPORT_FORMATS.flatMap((f) => f.extensions).join(', ');
  throw new ImportError(`cannot import this kind of file (the importable kinds are ${known})`);
}
