// `import <in.svg|in.csv> -o <out.curvewright> [--json] [--units u] [--as points|spline] [--min-spacing mm]`: a file
// of another format as a new drawing (src/document/import-formats.ts chooses the reader by the extension; SVG:
// src/document/svg-import.ts, points from CSV: src/document/csv-points.ts), saved atomically. What the app asks
// before it reads such a file (its units, how its points come in) the flags answer, from the same lists
// (src/shared/import-choices.ts). Bad input: one line naming the file and where, exit 1, nothing written.

import { basename, extname } from 'node:path';
import { saveDrawingFile } from '../../document/file-io';
import { readImportFile } from '../../document/import-file';
import { IMPORT_FORMATS } from '../../document/import-formats';
import { drawingOfImported } from '../../document/import-merge';
import { summaryLine } from '../../document/svg-import';
import { DEFAULT_MIN_SPACING_MM, IMPORT_UNITS, POINTS_AS } from '../../shared/import-choices';
import { MAX_COORDINATE } from '../../shared/limits';
import { UsageError, choiceOption, flag, numberOption, parseArgs, stringOption } from '../args';
import { aboutFile, type CliCommand } from './command';

const EXTENSIONS = IMPORT_FORMATS.flatMap((f) => f.extensions).join(', ');
const UNIT_IDS = IMPORT_UNITS.map((u) => u.id);
const POINTS_AS_IDS = POINTS_AS.map((p) => p.id);

export const importCommand: CliCommand = {
  name: 'import',
  usage: `import <in.svg|in.dxf|in.csv> -o <out.curvewright> [--json] [--units ${UNIT_IDS.join('|')}] [--as ${POINTS_AS_IDS.join('|')}] [--min-spacing <mm>]`,
  summary: 'make a drawing of an SVG or DXF file (exact curves) or of points from CSV, at true size (mm)',
  help: [
    `Reads a file of another format (${EXTENSIONS}) and writes its curves as a new drawing.`,
    'SVG: lines as segments, circular arcs as arcs, circles and ellipses as themselves, cubic and quadratic curves',
    'as Béziers, other elliptical arcs as Béziers within 1e-6 of their size; ends that meet are attached. Text,',
    'images, styles, clips and the like are skipped and counted.',
    'DXF: LINE, ARC, CIRCLE, ELLIPSE, SPLINE, LWPOLYLINE and POLYLINE (bulges as arcs), POINT, and INSERTs of',
    'blocks, in the units $INSUNITS says (a file without: --units, default mm); text, hatches and dimensions skipped.',
    'CSV: x,y per line in mm (a header, a weight column, comma, semicolon or tab), as points or one spline.',
    'docs/file-format.md, "SVG import", "DXF import" and "Points from CSV", has the details.',
    '',
    'Options:',
    '  -o, --out <file>     the drawing to write (atomically; required)',
    `  --units <unit>       what one unit of a file without units is: ${UNIT_IDS.join(', ')} (default mm)`,
    `  --as <how>           points from CSV as ${POINTS_AS_IDS.join(' or ')} (one spline through them;`,
    '                       closed when the last row repeats the first); default points',
    `  --min-spacing <mm>   drop a point closer than this to the one before (default ${DEFAULT_MIN_SPACING_MM})`,
    '  --json               print one JSON object: {"file", "out", "curves" (by kind), "attachments", "skipped",',
    '                       "styles", "notes" (what was read and not kept, if anything)}',
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, {
      out: { kind: 'string', aliases: ['-o'] },
      json: { kind: 'flag' },
      units: { kind: 'string' },
      as: { kind: 'string' },
      'min-spacing': { kind: 'string' },
    });
    if (args.positionals.length !== 1)
      throw new UsageError(
        args.positionals.length ? 'one file at a time' : `which file? give a file to import (${EXTENSIONS})`,
      );
    const file = args.positionals[0];
    const out = stringOption(args, 'out');
    if (out === undefined) throw new UsageError('where to? give -o <out.curvewright>');
    const options = {
      units: choiceOption(args, 'units', UNIT_IDS),
      pointsAs: choiceOption(args, 'as', POINTS_AS_IDS),
      minSpacing: numberOption(args, 'min-spacing', { min: 0, max: MAX_COORDINATE }),
    };
    const records = await readImportFile(file, { options });
    const title = basename(file, extname(file));
    const drawing = await aboutFile(file, () => drawingOfImported(records, title));
    const written = await saveDrawingFile(out, drawing);
    if (flag(args, 'json')) io.out(JSON.stringify({ file, out: written, ...records.summary }));
    else io.out(`wrote ${written}: ${summaryLine(records.summary)}`);
    return 0;
  },
};
