// Importing an SVG (issue 29's target: a 1 MB SVG of a few thousand paths in under 2 s): the text parsed (XML,
// path data), every element's curves made in mm, the coincident ends attached, and the new drawing checked as the
// loader checks a file — what `curvewright import` does between reading and writing. The SVG: N paths, each a
// closed outline of lines, a cubic, a quadratic, a circular and an elliptical arc, in groups with transforms,
// and a rounded rect and a circle for every tenth path.
import { drawingOfImported } from '../../src/document/import-merge';
import { importSvg } from '../../src/document/svg-import';
import type { BenchCase, CaseResult } from '../types';
import { dragFrames } from './drag-frame';
import { measureImport } from './import-run';

/** N paths on a grid, a few KB per hundred; deterministic. */
export function benchSvg(n: number): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="1000mm" height="1000mm" viewBox="0 0 1000 1000">',
  ];
  const side = Math.ceil(Math.sqrt(n));
  for (let i = 0; i < n; i++) {
    const x = (i % side) * 12.5 + 1.123456;
    const y = Math.floor(i / side) * 12.5 + 2.654321;
    lines.push(
      `  <g transform="translate(${x.toFixed(6)} ${y.toFixed(6)}) rotate(${(i % 360).toFixed(3)} 5 5)" style="fill:none;stroke:#000;stroke-width:0.25">`,
      `    <path id="outline-${i}" d="M 0.000000 0.000000 L 4.125000 0.000000 C 5.250000 0.000000 6.375000 1.125000 6.375000 2.250000 ` +
        `Q 6.375000 4.500000 4.125000 4.500000 A 2.250000 2.250000 0 0 1 1.875000 6.750000 ` +
        `A 3.000000 1.500000 30.000000 0 0 0.000000 4.500000 l -1.125000 -2.250000 h 0.562500 v -1.125000 Z"/>`,
    );
    if (i % 10 === 0)
      lines.push(
        `    <rect x="0.5" y="7.5" width="6.25" height="3.125" rx="0.75"/><circle cx="9.5" cy="9.5" r="1.25"/>`,
      );
    lines.push('  </g>');
  }
  lines.push('</svg>', '');
  return lines.join('\n');
}

function run(n: number): CaseResult {
  return measureImport(benchSvg(n), importSvg, `SVG of ${n} paths`);
}

export const svgImportCase: BenchCase = {
  name: 'svg-import',
  title: 'SVG import of N paths (~1 MB at 3000): parse, curves in mm, ends attached, drawing checked',
  sizes: [3000],
  run,
};

/**
 * The imported drawing dragged (issue 29: "drags within today's frame figures for its size"): the editor's drag
 * frame (drag-frame.ts: IPC, session, snapshot, mirror, paint) with a segment of a middle outline pulled by its
 * end, which its attachments carry round the outline. Compare with drag-frame at 1,000 and 10,000 curves.
 */
function runDrag(n: number): CaseResult {
  const drawing = drawingOfImported(importSvg(benchSvg(n)), 'bench');
  const middle = drawing.curves.length >> 1;
  const free = drawing.curves.find((c, i) => i >= middle && c.kind === 'segment');
  if (!free) throw new Error('svg-import-drag: no segment in the second half of the drawing');
  return dragFrames(drawing, free.id, null);
}

export const svgImportDragCase: BenchCase = {
  name: 'svg-import-drag',
  title: 'Drag frame of the imported SVG of N paths (~N·9 curves): one outline pulled by a segment end',
  sizes: [3000],
  run: runDrag,
};
