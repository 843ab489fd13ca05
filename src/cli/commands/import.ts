// `import <in.svg> -o <out.curvewright> [--json]`: a file of another format as a new drawing (src/document/
// import-formats.ts chooses the reader by the extension; SVG: src/document/svg-import.ts), saved atomically. Bad
// input: one line naming the file and the element, exit 1, nothing written.

import { basename, extname } from 'node:path';
import { saveDrawingFile } from '../../document/file-io';
import { readImportFile } from '../../document/import-file';
import { IMPORT_FORMATS } from '../../document/import-formats';
import { drawingOfImported } from '../../document/import-merge';
import { summaryLine } from '../../document/svg-import';
import { UsageError, flag, parseArgs, stringOption } from '../args';
import { aboutFile, type CliCommand } from './command';

const EXTENSIONS = IMPORT_FORMATS.flatMap((f) => f.extensions).join(', ');

export const importCommand: CliCommand = {
  name: 'import',
  usage: 'import <in.svg> -o <out.curvewright> [--json]',
  summary: 'make a drawing of an SVG file: its paths and shapes as exact curves, at true size (mm)',
  help: [
    `Reads a file of another format (${EXTENSIONS}) and writes its curves as a new drawing: lines as segments,`,
    'circular arcs as arcs, circles and ellipses as themselves, cubic and quadratic curves as Béziers, other',
    'elliptical arcs as Béziers within 1e-6 of their size; ends that meet are attached. Text, images, styles,',
    'clips and the like are skipped and counted. docs/file-format.md, "SVG import", has the details.',
    '',
    'Options:',
    '  -o, --out <file>   the drawing to write (atomically; required)',
    '  --json             print one JSON object: {"file", "out", "curves" (by kind), "attachments", "skipped",',
    '                     "styles"}',
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, { out: { kind: 'string', aliases: ['-o'] }, json: { kind: 'flag' } });
    if (args.positionals.length !== 1)
      throw new UsageError(
        args.positionals.length ? 'one file at a time' : `which file? give a file to import (${EXTENSIONS})`,
      );
    const file = args.positionals[0];
    const out = stringOption(args, 'out');
    if (out === undefined) throw new UsageError('where to? give -o <out.curvewright>');
    const records = await readImportFile(file);
    const title = basename(file, extname(file));
    const drawing = await aboutFile(file, () => drawingOfImported(records, title));
    const written = await saveDrawingFile(out, drawing);
    if (flag(args, 'json')) io.out(JSON.stringify({ file, out: written, ...records.summary }));
    else io.out(`wrote ${written}: ${summaryLine(records.summary)}`);
    return 0;
  },
};
