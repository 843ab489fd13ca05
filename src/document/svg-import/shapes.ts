// The basic shapes as subpaths, in their own user units (SVG 2 "Basic Shapes"): line, polyline, polygon, rect
// (rounded: rx, ry each defaulting to the other, clamped to half the side), circle, ellipse. A shape of zero size
// draws nothing (an empty list). `length(name, axis)` reads a length attribute in user units; `points` reads a
// polyline's list. Both throw an Error saying what is wrong, for the caller to name the element.

import type { Vec2 } from '../../shared/drawing';
import type { Piece, Subpath } from '../import-geometry/pieces';

/** Which viewport side a percentage is of: width (x), height (y), or their diagonal over √2 (other). */
export type Axis = 'x' | 'y' | 'other';

export interface ShapeReader {
  /** The attribute as user units; `fallback` when absent (an auto rx, ry: null). */
  length(name: string, axis: Axis, fallback: number | null): number | null;
  attribute(name: string): string | null;
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;

function pointList(text: string): Vec2[] {
  if (!/^[\s,]*$/.test(text.replace(NUMBER, ' '))) throw new Error(`points: bad list "${text.slice(0, 40)}"`);
  const n = (text.match(NUMBER) ?? []).map(Number);
  // An odd count: the last number is ignored, as renderers do (SVG 2 says to render up to the error).
  const points: Vec2[] = [];
  for (let i = 0; i + 1 < n.length; i += 2) points.push([n[i], n[i + 1]]);
  return points;
}

function polyline(points: Vec2[], closed: boolean): Subpath[] {
  const pieces: Piece[] = [];
  const ring = closed && points.length > 2 ? [...points, points[0]] : points;
  for (let i = 1; i < ring.length; i++) {
    const [a, b] = [ring[i - 1], ring[i]];
    if (a[0] !== b[0] || a[1] !== b[1]) pieces.push({ type: 'line', a, b });
  }
  return pieces.length ? [{ pieces, closed: closed && points.length > 2 }] : [];
}

const need = (v: number | null) => v ?? 0;

function nonNegative(value: number, name: string): number {
  if (value < 0) throw new Error(`${name}: must not be negative, got ${value}`);
  return value;
}

function rect(r: ShapeReader): Subpath[] {
  const x = need(r.length('x', 'x', 0));
  const y = need(r.length('y', 'y', 0));
  const w = nonNegative(need(r.length('width', 'x', 0)), 'width');
  const h = nonNegative(need(r.length('height', 'y', 0)), 'height');
  if (w === 0 || h === 0) return [];
  const rxAttr = r.length('rx', 'x', null);
  const ryAttr = r.length('ry', 'y', null);
  const rx = Math.min(w / 2, nonNegative(rxAttr ?? ryAttr ?? 0, 'rx'));
  const ry = Math.min(h / 2, nonNegative(ryAttr ?? rxAttr ?? 0, 'ry'));
  if (rx === 0 || ry === 0)
    return polyline(
      [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ],
      true,
    );
  const pieces: Piece[] = [];
  const side = (a: Vec2, b: Vec2) => {
    if (a[0] !== b[0] || a[1] !== b[1]) pieces.push({ type: 'line', a, b });
  };
  const corner = (cx: number, cy: number, start: number): void => {
    pieces.push({ type: 'arc', center: [cx, cy], rx, ry, phi: 0, start, sweep: Math.PI / 2 });
  };
  // Clockwise on screen (y down) from the top edge's start, as SVG's own equivalent path.
  side([x + rx, y], [x + w - rx, y]);
  corner(x + w - rx, y + ry, -Math.PI / 2);
  side([x + w, y + ry], [x + w, y + h - ry]);
  corner(x + w - rx, y + h - ry, 0);
  side([x + w - rx, y + h], [x + rx, y + h]);
  corner(x + rx, y + h - ry, Math.PI / 2);
  side([x, y + h - ry], [x, y + ry]);
  corner(x + rx, y + ry, Math.PI);
  return [{ pieces, closed: true }];
}

function ellipse(cx: number, cy: number, rx: number, ry: number): Subpath[] {
  if (rx === 0 || ry === 0) return [];
  return [
    {
      pieces: [{ type: 'arc', center: [cx, cy], rx, ry, phi: 0, start: 0, sweep: 2 * Math.PI }],
      closed: true,
    },
  ];
}

export type ShapeTag = 'line' | 'polyline' | 'polygon' | 'rect' | 'circle' | 'ellipse';
export const SHAPE_TAGS: readonly ShapeTag[] = ['line', 'polyline', 'polygon', 'rect', 'circle', 'ellipse'];

export function shapeSubpaths(tag: ShapeTag, r: ShapeReader): Subpath[] {
  switch (tag) {
    case 'line': {
      const a: Vec2 = [need(r.length('x1', 'x', 0)), need(r.length('y1', 'y', 0))];
      const b: Vec2 = [need(r.length('x2', 'x', 0)), need(r.length('y2', 'y', 0))];
      return polyline([a, b], false);
    }
    case 'polyline':
    case 'polygon':
      return polyline(pointList(r.attribute('points') ?? ''), tag === 'polygon');
    case 'rect':
      return rect(r);
    case 'circle': {
      const radius = nonNegative(need(r.length('r', 'other', 0)), 'r');
      return ellipse(need(r.length('cx', 'x', 0)), need(r.length('cy', 'y', 0)), radius, radius);
    }
    case 'ellipse': {
      const rx = nonNegative(need(r.length('rx', 'x', 0)), 'rx');
      const ry = nonNegative(need(r.length('ry', 'y', 0)), 'ry');
      return ellipse(need(r.length('cx', 'x', 0)), need(r.length('cy', 'y', 0)), rx, ry);
    }
  }
}
