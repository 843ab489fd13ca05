// `export <file> --format svg|dxf [-o out] [--dimensions] [--construction]`: the drawing in one of the export
// formats (src/shared/export-formats.ts, written by src/document/exporters.ts), to standard output or written
// atomically to a file. The format comes from --format, else from the extension of -o. An unknown format is one
// line naming it and the accepted ones (exit 1), before anything is read or written.

import { loadDrawingFile, writeFileAtomic } from '../../document/file-io';
import { EXPORTERS } from '../../document/exporters';
import {
  EXPORT_FORMATS,
  EXPORT_FORMAT_NAMES,
  isExportFormat,
  type ExportFormat,
} from '../../shared/export-formats';
import { UsageError, flag, oneFile, parseArgs, stringOption } from '../args';
import { aboutFile, type CliCommand } from './command';

const ACCEPTED = EXPORT_FORMAT_NAMES.join(', ');

/** The format asked for: --format's, else the one whose extension -o has. */
function formatOf(format: string | undefined, out: string | undefined): ExportFormat {
  if (format !== undefined) {
    if (isExportFormat(format)) return format;
    throw new Error(`curvewright export: unknown format '${format}' (accepted: ${ACCEPTED})`);
  }
  const byExtension = EXPORT_FORMAT_NAMES.find((f) =>
    out?.toLowerCase().endsWith(EXPORT_FORMATS[f].extension),
  );
  if (byExtension) return byExtension;
  throw new UsageError(`which format? give --format (${ACCEPTED})`);
}

export const exportCommand: CliCommand = {
  name: 'export',
  usage: `export <file> --format ${EXPORT_FORMAT_NAMES.join('|')} [-o out] [--dimensions] [--construction]`,
  summary: `export a drawing at true size (mm) as ${EXPORT_FORMAT_NAMES.map((f) => EXPORT_FORMATS[f].label).join(' or ')}`,
  help: [
    'Writes the drawing in the format asked for, its curves exact, at true size in mm:',
    "  svg  as export-svg writes it (its --margin and --stroke are export-svg's own)",
    '  dxf  AutoCAD 2007 DXF in mm: curves on the layer geometry (Béziers and splines as exact SPLINEs,',
    '       equation curves as LWPOLYLINEs within 0.001 mm), traces on traces, y up as CAD has it',
    'Without -o the file goes to standard output.',
    '',
    'Options:',
    `  --format <name>    ${ACCEPTED} (default: from the extension of -o)`,
    '  -o, --out <file>   write to this file (atomically) and say so',
    '  --dimensions       include the dimensions (distances, lengths, radii, angles)',
    '  --construction     include pins, attachments, beads, distances, springs and motors',
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, {
      out: { kind: 'string', aliases: ['-o'] },
      format: { kind: 'string' },
      dimensions: { kind: 'flag' },
      construction: { kind: 'flag' },
    });
    const file = oneFile(args);
    const out = stringOption(args, 'out');
    const format = formatOf(stringOption(args, 'format'), out);
    const drawing = await loadDrawingFile(file);
    const text = await aboutFile(file, () =>
      EXPORTERS[format](drawing, {
        dimensions: flag(args, 'dimensions'),
        construction: flag(args, 'construction'),
      }),
    );
    if (out === undefined) {
      io.write(text);
      return 0;
    }
    const written = await writeFileAtomic(out, text);
    io.out(`wrote ${written} (${EXPORT_FORMATS[format].label})`);
    return 0;
  },
};
