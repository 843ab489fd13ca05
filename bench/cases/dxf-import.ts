// Importing a big DXF: the group reader, every entity's curves in mm (bulges, splines by blossoming, elliptical
// arcs as Béziers, blocks inserted), the coincident ends attached, the new drawing checked as the loader checks a
// file. The DXF: N outlines, each a closed LWPOLYLINE of four straight and two bulged pieces, a CIRCLE, an ARC, a
// clamped cubic SPLINE of six control points with a double knot and an elliptical arc; a block of a slot (two
// LINEs, two ARCs) inserted, turned and scaled, for every tenth.
import { importDxf } from '../../src/document/dxf-import';
import type { BenchCase, CaseResult } from '../types';
import { measureImport } from './import-run';

const pair = (code: number, value: string | number) =>
  `${code}\n${typeof value === 'number' ? value.toFixed(6) : value}`;

/** N outlines on a grid in a millimetre DXF; deterministic. */
export function benchDxf(n: number): string {
  const out = ['0\nSECTION\n2\nHEADER\n9\n$INSUNITS\n70\n4\n0\nENDSEC\n0\nSECTION\n2\nBLOCKS'];
  out.push('0\nBLOCK\n8\n0\n2\nSLOT\n70\n0\n10\n0\n20\n0');
  out.push('0\nLINE\n10\n0\n20\n0\n11\n4\n21\n0', '0\nLINE\n10\n4\n20\n1\n11\n0\n21\n1');
  out.push(
    '0\nARC\n10\n4\n20\n0.5\n40\n0.5\n50\n270\n51\n90',
    '0\nARC\n10\n0\n20\n0.5\n40\n0.5\n50\n90\n51\n270',
  );
  out.push('0\nENDBLK\n0\nENDSEC\n0\nSECTION\n2\nENTITIES');
  const side = Math.ceil(Math.sqrt(n));
  let handle = 0x100;
  const h = () => pair(5, (handle++).toString(16).toUpperCase());
  for (let i = 0; i < n; i++) {
    const x = (i % side) * 25 + 1.123456;
    const y = Math.floor(i / side) * 25 + 2.654321;
    const lw: string[] = [];
    const vertices: [number, number, number][] = [
      [0, 0, 0],
      [8, 0, 0.4],
      [12, 4, 0],
      [12, 10, -0.3],
      [6, 12, 0],
      [0, 12, 0],
    ];
    for (const [vx, vy, b] of vertices) lw.push(pair(10, x + vx), pair(20, y + vy), pair(42, b));
    out.push(`0\nLWPOLYLINE\n${h()}\n8\n0\n90\n6\n70\n1\n${lw.join('\n')}`);
    out.push(`0\nCIRCLE\n${h()}\n8\n0\n${pair(10, x + 4)}\n${pair(20, y + 4)}\n40\n1.5`);
    out.push(
      `0\nARC\n${h()}\n8\n0\n${pair(10, x + 16)}\n${pair(20, y + 4)}\n40\n3\n${pair(50, i % 360)}\n${pair(51, (i + 200) % 360)}`,
    );
    const ctrl = [0, 3, 6, 9, 12, 15].map(
      (cx, k) => `${pair(10, x + cx)}\n${pair(20, y + 14 + (k % 2) * 4)}`,
    );
    out.push(
      `0\nSPLINE\n${h()}\n8\n0\n70\n8\n71\n3\n72\n10\n73\n6\n` +
        [0, 0, 0, 0, 1, 1, 2, 2, 2, 2].map((k) => pair(40, k)).join('\n') +
        `\n${ctrl.join('\n')}`,
    );
    out.push(
      `0\nELLIPSE\n${h()}\n8\n0\n${pair(10, x + 18)}\n${pair(20, y + 16)}\n11\n4\n21\n1\n40\n0.5\n41\n0.2\n42\n2.9`,
    );
    if (i % 10 === 0)
      out.push(
        `0\nINSERT\n${h()}\n8\n0\n2\nSLOT\n${pair(10, x + 2)}\n${pair(20, y + 20)}\n41\n1.5\n42\n1.5\n50\n${i % 90}`,
      );
  }
  out.push('0\nENDSEC\n0\nEOF\n');
  return out.join('\n');
}

function run(n: number): CaseResult {
  return measureImport(benchDxf(n), (text) => importDxf(text), `DXF of ${n} outlines`);
}

export const dxfImportCase: BenchCase = {
  name: 'dxf-import',
  title: 'DXF import of N outlines (~1.5 MB at 3000): read, curves in mm, ends attached, drawing checked',
  sizes: [3000],
  run,
};
