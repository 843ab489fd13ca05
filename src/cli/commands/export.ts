// `export <file> --format svg|dxf|pdf|png [-o out] [--dimensions] [--construction] [--images] [--stroke mm] [--page p]
// [--dpi n] [--transparent]`: the drawing in one of the export formats (src/shared/export-formats.ts, written by
// src/document/exporters.ts), to standard output (a text format) or written atomically to a file. The format comes
// from --format, else from the extension of -o. An unknown format is one line naming it and the accepted ones
// (exit 1), before anything is read or written.

import { loadDrawingFile, writeFileAtomic } from '../../document/file-io';
import { exportDrawing } from '../../document/exporters';
import { DEFAULT_EXPORT_CHOICES } from '../../shared/export-choices';
import { DPI, PAGE_CHOICES, type PageChoice } from '../../shared/page-options';
import { STROKE_MM } from '../../shared/svg-options';
import {
  EXPORT_FORMATS,
  EXPORT_FORMAT_NAMES,
  isExportFormat,
  type ExportFormat,
} from '../../shared/export-formats';
import { UsageError, flag, numberOption, oneFile, parseArgs, stringOption } from '../args';
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
  usage:
    `export <file> --format ${EXPORT_FORMAT_NAMES.join('|')} [-o out] [--dimensions] [--construction] ` +
    '[--images] [--stroke mm] [--page p] [--dpi n] [--transparent]',
  summary: `export a drawing at true size (mm) as ${EXPORT_FORMAT_NAMES.map((f) => EXPORT_FORMATS[f].label).join(' or ')}`,
  help: [
    'Writes the drawing in the format asked for, its curves exact, at true size in mm:',
    "  svg  as export-svg writes it (its --margin and --stroke are export-svg's own)",
    '  dxf  AutoCAD 2007 DXF in mm: curves on the layer geometry (Béziers and splines as exact SPLINEs,',
    '       equation curves as LWPOLYLINEs within 0.001 mm), traces on traces, y up as CAD has it',
    '  pdf  vector PDF of what the SVG draws, on a page its size or on a paper at 1:1 (--page)',
    '  png  what the SVG draws at --dpi dots per inch of its true size, on white (or --transparent)',
    'Without -o a text format (svg, dxf) goes to standard output; pdf and png need -o.',
    '',
    'Options:',
    `  --format <name>    ${ACCEPTED} (default: from the extension of -o)`,
    '  -o, --out <file>   write to this file (atomically) and say so',
    '  --dimensions       include the dimensions (distances, lengths, radii, angles)',
    '  --construction     include pins, attachments, beads, distances, springs and motors',
    '  --images           svg, pdf, png: include the reference images, under the curves (never in a dxf)',
    `  --stroke <mm>      svg, pdf, png: the curves' stroke width, ${STROKE_MM.min} to ${STROKE_MM.max} (default ${DEFAULT_EXPORT_CHOICES.strokeWidth})`,
    `  --page <page>      pdf: ${PAGE_CHOICES.join(', ')} (default ${DEFAULT_EXPORT_CHOICES.page}: the drawing's size)`,
    `  --dpi <n>          png: ${DPI.min} to ${DPI.max} (default ${DEFAULT_EXPORT_CHOICES.dpi})`,
    '  --transparent      png: no background (default white)',
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, {
      out: { kind: 'string', aliases: ['-o'] },
      format: { kind: 'string' },
      dimensions: { kind: 'flag' },
      construction: { kind: 'flag' },
      images: { kind: 'flag' },
      stroke: { kind: 'number' },
      page: { kind: 'string' },
      dpi: { kind: 'number' },
      transparent: { kind: 'flag' },
    });
    const file = oneFile(args);
    const out = stringOption(args, 'out');
    const format = formatOf(stringOption(args, 'format'), out);
    if (out === undefined && EXPORT_FORMATS[format].binary)
      throw new UsageError(`where to? a ${EXPORT_FORMATS[format].label} is not text: give -o <file>`);
    const page = stringOption(args, 'page') ?? DEFAULT_EXPORT_CHOICES.page;
    if (!(PAGE_CHOICES as readonly string[]).includes(page))
      throw new UsageError(`--page: expected one of ${PAGE_CHOICES.join(', ')}, got '${page}'`);
    const choices = {
      format,
      dimensions: flag(args, 'dimensions'),
      construction: flag(args, 'construction'),
      images: flag(args, 'images'),
      strokeWidth: numberOption(args, 'stroke', STROKE_MM) ?? DEFAULT_EXPORT_CHOICES.strokeWidth,
      page: page as PageChoice,
      dpi: numberOption(args, 'dpi', DPI) ?? DEFAULT_EXPORT_CHOICES.dpi,
      background: flag(args, 'transparent') ? ('transparent' as const) : ('white' as const),
    };
    const drawing = await loadDrawingFile(file);
    const contents = await aboutFile(file, () => exportDrawing(drawing, choices));
    if (out === undefined) {
      // Only a text format gets here (above).
      io.write(contents as string);
      return 0;
    }
    const written = await writeFileAtomic(out, contents);
    io.out(`wrote ${written} (${EXPORT_FORMATS[format].label})`);
    return 0;
  },
};
