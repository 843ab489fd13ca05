// The dimensions layer of the DXF export: each dimension (distance, length, point to line, radius or diameter,
// angle) as a DIMENSION entity — its kind's definition points, so a CAD program knows what it measures — with its
// picture in its own anonymous block (*D1, *D2, …), which is what most readers draw: the lines, arc, arrowheads
// (outlines, filled by SOLID hatches) and value (MTEXT, the text as the UI shows it: `40`, `R 12.5`, `⌀ 25`,
// `30°`, a reference one in parentheses) laid out as the canvas and the SVG export lay them out
// (src/shared/dimension-layout.ts), at the SVG export's default scale. Linear dimensions are rotated ones (type 0)
// turned to the direction they measure (so every reader measures the true distance, as an aligned one), radii
// radial (4), diameters diametric (3), angles 3-point angular (5). In DXF coordinates (y up, dxf-curves.ts). A
// dimension whose references cannot be located, or whose layout is not finite, is left out, as in the SVG export.

import {
  BlockFlags,
  HatchBoundaryPaths,
  HatchPolylineBoundary,
  HatchPredefinedPatterns,
  MTextAttachmentPoint,
  pattern,
  point3d,
  vertex,
  type DxfBlock,
  type DxfWriter,
} from '@tarikjabiri/dxf';
import { curvePath } from '../engine';
import { addPoint, emptyBounds } from '../shared/bounds';
import {
  dimensionGeometry,
  layoutDimension,
  type DimensionGeometry,
  type DimensionLayout,
} from '../shared/dimension-layout';
import { isDimension } from '../shared/dimension-value';
import type { Drawing, Vec2 } from '../shared/drawing';
import { DXF_LAYERS } from '../shared/dxf-options';
import { CURVE_STROKE, DIMENSION_STYLE } from '../shared/style';
import { DEFAULT_STROKE_MM } from '../shared/svg-options';
import { tracePath } from '../shared/trace-path';
import { drawingLocator } from './drawing-locator';
import { addPathBounds } from './svg-path';
import { assertNever } from '../shared/assert-never';
import { dxfArc, toDxf } from './dxf-curves';
import { addDxfEntities } from './dxf-entities';

/** The SVG export's scale at its default stroke: a dimension's arrows and text are the size they are there. */
const MM_PER_PX = DEFAULT_STROKE_MM / CURVE_STROKE.width;
/** A reference dimension's colour (AutoCAD colour index 8, grey), as it is greyed on screen. */
const REFERENCE_COLOR = 8;

/** The middle of what the drawing draws (its curves and traces): dimensions keep away from it, as on screen. */
function drawingMiddle(drawing: Drawing): Vec2 | null {
  const bounds = emptyBounds();
  for (const curve of drawing.curves) {
    if (curve.kind === 'point') addPoint(bounds, curve.at[0], curve.at[1]);
    else addPathBounds(bounds, curvePath(curve, drawing));
  }
  for (const trace of drawing.traces) {
    const path = tracePath(trace);
    if (path) addPathBounds(bounds, path);
  }
  return bounds[0] <= bounds[2] ? [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2] : null;
}

/** The DIMENSION's definition points, in DXF coordinates (group code → point). */
type DefinitionPoints = { type: 0 | 3 | 4 | 5; points: Record<10 | 13 | 14 | 15, Vec2 | undefined> };

function definitionPoints(
  k: { kind: string; diameter?: boolean },
  g: DimensionGeometry,
  l: DimensionLayout,
): DefinitionPoints {
  const tip = (i: number) => toDxf(l.arrows[i][0]);
  switch (g.type) {
    case 'linear':
      // The two measured points, and where the dimension line passes (its second arrow's tip).
      return { type: 0, points: { 10: tip(1), 13: toDxf(g.a), 14: toDxf(g.b), 15: undefined } };
    case 'radial':
      return k.kind === 'radius' && k.diameter
        ? { type: 3, points: { 10: tip(1), 13: undefined, 14: undefined, 15: tip(0) } }
        : { type: 4, points: { 10: toDxf(g.center), 13: undefined, 14: undefined, 15: tip(0) } };
    case 'angular': {
      // DXF measures counter-clockwise (y up) from 13 to 14: a positive sweep, clockwise on screen, from its end.
      const arc = l.arcs[0];
      const ray = (angle: number): Vec2 =>
        toDxf([g.vertex[0] + arc.radius * Math.cos(angle), g.vertex[1] + arc.radius * Math.sin(angle)]);
      const [first, second] = g.sweep > 0 ? [g.start + g.sweep, g.start] : [g.start, g.start + g.sweep];
      return {
        type: 5,
        points: { 10: ray(g.start + g.sweep / 2), 13: ray(first), 14: ray(second), 15: toDxf(g.vertex) },
      };
    }
  }
}

/** The dimension's picture, into its block (entities on layer 0, coloured by the DIMENSION: BYBLOCK). */
function drawLayout(block: DxfBlock, l: DimensionLayout, textHeight: number): void {
  const byBlock = { layerName: '0', colorNumber: 0 };
  addDxfEntities(
    block,
    [
      ...l.lines.map(([p, q]) => ({ type: 'LINE' as const, start: toDxf(p), end: toDxf(q) })),
      ...l.arcs.map((a) => dxfArc(a.center, a.radius, a.start, a.sweep)),
      ...l.arrows.map((t) => ({ type: 'LWPOLYLINE' as const, points: t.map(toDxf), closed: true })),
    ],
    byBlock,
  );
  // Each arrowhead filled too (a SOLID hatch of its outline), as on screen; readers that skip hatches keep the outline.
  for (const triangle of l.arrows) {
    const boundary = new HatchBoundaryPaths();
    boundary.addPolylineBoundary(new HatchPolylineBoundary(triangle.map((p) => vertex(...toDxf(p)))));
    block.addHatch(boundary, pattern({ name: HatchPredefinedPatterns.SOLID }), byBlock);
  }
  const [x, y] = toDxf(l.at);
  block.addMText(point3d(x, y, 0), textHeight, l.text, {
    ...byBlock,
    attachmentPoint: MTextAttachmentPoint.MiddleCenter,
  });
}

const finite = (ps: (Vec2 | undefined)[]) =>
  ps.every((p) => !p || (Number.isFinite(p[0]) && Number.isFinite(p[1])));

type DimensionOptions = Parameters<DxfWriter['addAlignedDim']>[2] & object;

/** The DIMENSION entity of its kind, with its definition points. */
function addDimension(dxf: DxfWriter, { type, points }: DefinitionPoints, options: DimensionOptions): void {
  const at = (code: 10 | 13 | 14 | 15) => {
    const p = points[code];
    if (!p) throw new Error(`a type-${type} dimension has no point ${code}`);
    return point3d(p[0], p[1], 0);
  };
  switch (type) {
    case 0: {
      // Rotated to the direction it measures (what an aligned one is; readers measure type 0 by its angle).
      const [a, b] = [at(13), at(14)];
      const angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
      dxf.addLinearDim(a, b, { ...options, angle, definitionPoint: at(10) });
      return;
    }
    case 3:
      dxf.addDiameterDim(at(15), at(10), options);
      return;
    case 4:
      dxf.addRadialDim(at(15), at(10), options);
      return;
    case 5:
      dxf.modelSpace.addAngularPointsDim(at(15), at(13), at(14), { ...options, definitionPoint: at(10) });
      return;
    default:
      assertNever(type);
  }
}

/** Writes every dimension of the drawing into `dxf` (see the header). */
export function dxfDimensions(dxf: DxfWriter, drawing: Drawing): void {
  const { locate, orient } = drawingLocator(drawing);
  const away = drawingMiddle(drawing);
  const textHeight = DIMENSION_STYLE.fontSize * MM_PER_PX;
  let count = 0;
  for (const k of drawing.constraints) {
    if (!isDimension(k)) continue;
    const g = dimensionGeometry(k, locate, orient);
    if (!g) continue;
    const layout = layoutDimension(k, g, { mmPerPx: MM_PER_PX, away });
    const defs = definitionPoints(k, g, layout);
    const all = [...Object.values(defs.points), layout.at, ...layout.lines.flat(), ...layout.arrows.flat()];
    if (!finite(all) || !layout.arcs.every((a) => finite([a.center]) && Number.isFinite(a.radius))) continue;

    const name = `*D${++count}`;
    // The library strips '*' from the names it is given: an anonymous block is added past that.
    const block = dxf.blocks.addBlock(name, dxf.document.objects, false);
    block.flags = BlockFlags.AnonymousBlock;
    drawLayout(block, layout, textHeight);

    const options = {
      layerName: DXF_LAYERS.dimensions,
      blockName: name,
      middlePoint: point3d(...toDxf(layout.at), 0),
      text: layout.text,
      ...(k.reference ? { colorNumber: REFERENCE_COLOR } : {}),
    };
    addDimension(dxf, defs, options);
  }
}
