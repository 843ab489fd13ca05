// `export-svg <file> [-o out.svg] [--construction] [--dimensions] [--margin mm] [--stroke mm]`: the drawing as a true-size SVG (see
// src/document/svg-export.ts), to standard output or written atomically to a file.

import { loadDrawingFile, writeFileAtomic } from '../../document/file-io';
import { DEFAULT_MARGIN_MM, exportSvg } from '../../document/svg-export';
import { DEFAULT_STROKE_MM, STROKE_MM } from '../../shared/svg-options';
import { flag, formatNumber, numberOption, oneFile, parseArgs, stringOption } from '../args';
import type { CliCommand } from './command';

export const exportSvgCommand: CliCommand = {
  name: 'export-svg',
  usage: 'export-svg <file> [-o out.svg] [--construction] [--dimensions] [--margin mm] [--stroke mm]',
  summary: 'export a drawing as SVG at true size (mm), with exact arcs and Béziers',
  help: [
    'Writes the drawing as SVG: width and height in mm, one <g id="…"> per curve, arcs as A, Béziers and splines',
    'as C, traces as paths; the curves stroked 0.25 mm wide (--stroke), every other line in proportion as on',
    'screen. Without -o the SVG goes to standard output.',
    '',
    'Options:',
    '  -o, --out <file>   write the SVG to this file (atomically) and print its size',
    '  --construction     include pins, attachments, beads, distances, springs and motors',
    '  --dimensions       include the dimensions (distances, lengths, radii, angles) as annotations',
    `  --margin <mm>      space around the drawing (default ${DEFAULT_MARGIN_MM})`,
    `  --stroke <mm>      the curves' stroke width, ${STROKE_MM.min} to ${STROKE_MM.max} (default ${DEFAULT_STROKE_MM})`,
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, {
      out: { kind: 'string', aliases: ['-o'] },
      construction: { kind: 'flag' },
      dimensions: { kind: 'flag' },
      margin: { kind: 'number' },
      stroke: { kind: 'number' },
    });
    const file = oneFile(args);
    const margin = numberOption(args, 'margin', { min: 0, max: 1e6 });
    const strokeWidth = numberOption(args, 'stroke', STROKE_MM);
    const out = stringOption(args, 'out');
    const drawing = await loadDrawingFile(file);
    const svg = exportSvg(drawing, {
      includeConstruction: flag(args, 'construction'),
      includeDimensions: flag(args, 'dimensions'),
      margin,
      strokeWidth,
    });
    if (out === undefined) {
      io.write(svg);
      return 0;
    }
    const written = await writeFileAtomic(out, svg);
    const size = /width="([\d.]+)mm" height="([\d.]+)mm"/.exec(svg);
    io.out(`wrote ${written}${size ? ` (${formatNumber(+size[1])} × ${formatNumber(+size[2])} mm)` : ''}`);
    return 0;
  },
};
