// DXF text → the curves it draws, in true millimetres, and the attachments that join their ends; or one line
// naming the entity that is wrong (its type and handle, else its line) and why. Pure, as svg-import.ts: nothing is
// read or written, nothing added to a drawing. docs/file-format.md, "DXF import", says what maps to what.
//
// The file is read by our own group reader (dxf-import/groups.ts); each entity becomes subpaths of pieces in its
// own coordinates (dxf-import/shapes.ts, spline.ts), mapped to the drawing by one affine map — the units' scale
// with y negated (the inverse of dxf-export.ts's toDxf), each enclosing INSERT's transform, the entity's object
// coordinates — and made curves by the code the SVG import uses (import-geometry/).

import type { Curve } from '../shared/drawing';
import { errorLine } from '../shared/error-line';
import { DXF_LAYERS } from '../shared/dxf-options';
import { mmPerImportUnit, type ImportOptions, type ImportQuestion } from '../shared/import-choices';
import { apply, compose, rotation, scaling, translation, type Affine } from './import-geometry/affine';
import { subpathCurves } from './import-geometry/curves';
import type { Subpath } from './import-geometry/pieces';
import {
  ImportError,
  checkNumbers,
  importedRecords,
  type ImportedRecords,
  type MadeCurves,
} from './import-geometry/records';
import { countSkipped, emptySummary } from './import-geometry/summary';
import { Fields, entityLabel } from './dxf-import/fields';
import { readDxf, type DxfEntity, type DxfFile } from './dxf-import/groups';
import { NOT_2D, lwPolyline, ocs, polyline2d, simpleShape } from './dxf-import/shapes';
import { splinePieces } from './dxf-import/spline';
import { DXF_UNITLESS, DXF_UNITS } from './dxf-import/units';

/** Layers our DXF export writes that hold no curves of the drawing: their entities are counted and left out. */
const OWN_LAYERS_LEFT_OUT = new Set<string>([DXF_LAYERS.construction, DXF_LAYERS.traces]);
/** The most curves one import makes, and entities it visits (a block inserted in arrays of arrays): beyond, a refusal. */
const MAX_CURVES = 1_000_000;
const MAX_VISITS = 5_000_000;
/** Blocks inside blocks deeper than this are taken for a loop. */
const MAX_DEPTH = 32;

/** The file's $INSUNITS (0, unitless, when absent). Throws for a code that is no DXF unit. */
function insunits(file: DxfFile): number {
  const g = file.header.get('$INSUNITS')?.find((x) => x.code === 70);
  if (!g) return DXF_UNITLESS;
  const code = Number(g.value);
  if (code !== DXF_UNITLESS && !DXF_UNITS[code])
    throw new ImportError(`line ${g.line + 1}: $INSUNITS is "${g.value.slice(0, 20)}", which is no DXF unit`);
  return code;
}

/** What the import asks before reading `text`: the units of a file without its own; null when nothing. */
export function dxfQuestion(text: string): ImportQuestion | null {
  try {
    return insunits(readDxf(text)) === DXF_UNITLESS ? 'units' : null;
  } catch {
    return null; // the reading itself says what is wrong
  }
}

class Walker {
  readonly summary = emptySummary();
  readonly made: MadeCurves[] = [];
  private count = 0;
  private visits = 0;

  constructor(private readonly file: DxfFile) {}

  entities(list: DxfEntity[], m: Affine, blocks: string[]): void {
    for (const e of list) {
      if (++this.visits > MAX_VISITS)
        throw new ImportError(`its blocks insert more than ${MAX_VISITS.toLocaleString('en')} entities`);
      const f = new Fields(e);
      const where = () => entityLabel(e) + (blocks.length ? ` in block "${blocks[blocks.length - 1]}"` : '');
      try {
        this.entity(e, f, m, blocks);
      } catch (error) {
        if (error instanceof ImportError) throw error;
        throw new ImportError(`${where()}: ${errorLine(error)}`);
      }
    }
  }

  private entity(e: DxfEntity, f: Fields, m: Affine, blocks: string[]): void {
    const layer = f.string(8) ?? '0';
    if (OWN_LAYERS_LEFT_OUT.has(layer.toLowerCase())) return countSkipped(this.summary, `on layer ${layer}`);
    if (this.file.hiddenLayers.has(layer.toUpperCase())) return countSkipped(this.summary, 'hidden');
    if (!blocks.length && f.string(67) === '1') return countSkipped(this.summary, 'in paper space');
    switch (e.type) {
      case 'LINE':
        return this.subpaths([simpleShape(e.type, f)], m);
      case 'ELLIPSE':
        // In world coordinates, but its minor axis lies in the plane its extrusion says: ±z, or not ours.
        return this.planar(f, m, () => this.subpaths([simpleShape('ELLIPSE', f)], m));
      case 'CIRCLE':
      case 'ARC':
        return this.planar(f, m, (m2) => this.subpaths([simpleShape(e.type as 'ARC', f)], m2));
      case 'LWPOLYLINE':
        return this.planar(f, m, (m2) => this.subpaths([lwPolyline(e, f)], m2));
      case 'POLYLINE':
        if (f.number(70, 'flags', 0) & NOT_2D) return countSkipped(this.summary, 'POLYLINE (3-D or mesh)');
        return this.planar(f, m, (m2) => this.subpaths([polyline2d(e, f, (v) => new Fields(v))], m2));
      case 'SPLINE': {
        const pieces = splinePieces(f);
        if (!pieces) return countSkipped(this.summary, 'SPLINE (fit points only)');
        return this.subpaths([{ pieces, closed: false }], m);
      }
      case 'POINT':
        return this.add([{ kind: 'point', id: '', at: apply(m, f.point(10, 'location')) }]);
      case 'INSERT':
        return this.planar(f, m, (m2) => this.insert(e, f, m2, blocks));
      default:
        countSkipped(this.summary, e.type);
    }
  }

  /** `then` with the entity's object coordinates composed onto `m`; counted and left out if not in the plane. */
  private planar(f: Fields, m: Affine, then: (m: Affine) => void): void {
    const o = ocs(f);
    if (!o) return countSkipped(this.summary, 'not in the drawing plane');
    then(compose(m, o));
  }

  private subpaths(subs: Subpath[], m: Affine): void {
    if (!(Math.abs(m[0] * m[3] - m[1] * m[2]) > 0))
      return countSkipped(this.summary, 'flattened by their transform');
    const curves = subs.flatMap((s) => subpathCurves(s, m));
    if (curves.length) this.add(curves);
    else countSkipped(this.summary, 'empty');
  }

  private add(curves: Curve[]): void {
    checkNumbers(curves);
    this.count += curves.length;
    if (this.count > MAX_CURVES)
      throw new ImportError(`it makes more than ${MAX_CURVES.toLocaleString('en')} curves`);
    this.made.push({ name: undefined, curves });
  }

  /** A block's entities where an INSERT puts them, once per column and row of its array. */
  private insert(e: DxfEntity, f: Fields, m: Affine, blocks: string[]): void {
    for (const child of e.children) countSkipped(this.summary, child.type);
    const name = f.string(2) ?? '';
    const block = this.file.blocks.get(name.toUpperCase());
    if (!block) throw new Error(`its block "${name}" is not in the file`);
    if (blocks.includes(block.name) || blocks.length >= MAX_DEPTH)
      throw new Error(`its block "${name}" inserts itself`);
    const base = new Fields(block.header).point(10, 'base point', [0, 0]);
    const at = f.point(10, 'insertion point');
    const [sx, sy] = [f.number(41, 'x scale', 1), f.number(42, 'y scale', 1)];
    const turn = rotation(f.number(50, 'rotation', 0) * (Math.PI / 180));
    const [columns, rows] = [f.number(70, 'column count', 1), f.number(71, 'row count', 1)];
    const [dx, dy] = [f.number(44, 'column spacing', 0), f.number(45, 'row spacing', 0)];
    for (const n of [columns, rows])
      if (!Number.isInteger(n) || n < 1 || n > 10_000)
        throw new Error(`its column or row count (group 70, 71) is ${n}, not a whole number from 1 to 10000`);
    // In the insert's own frame: the block's base point to the origin, scaled, turned, moved to the insertion
    // point (the array's offsets are turned with it, not scaled).
    const local = compose(turn, compose(scaling(sx, sy), translation(-base[0], -base[1])));
    for (let c = 0; c < columns; c++)
      for (let r = 0; r < rows; r++) {
        const off = apply(turn, [c * dx, r * dy]);
        const place = compose(translation(at[0] + off[0], at[1] + off[1]), local);
        this.entities(block.entities, compose(m, place), [...blocks, block.name]);
      }
  }
}

/**
 * Imports DXF text: in its $INSUNITS, or, for a unitless file, in `options.units` (millimetres by default). Throws
 * ImportError (one line) for text that is not a text DXF or an entity that is broken.
 */
export function importDxf(text: string, options: ImportOptions = {}): ImportedRecords {
  const file = readDxf(text);
  const code = insunits(file);
  const mm = code === DXF_UNITLESS ? mmPerImportUnit(options.units) : DXF_UNITS[code].mm;
  const walker = new Walker(file);
  // DXF's y points up, the drawing's down: the inverse of the export's toDxf.
  walker.entities(file.entities, scaling(mm, -mm), []);
  return importedRecords(walker.made, walker.summary);
}
