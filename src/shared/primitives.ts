// Exact drawing primitives: what every curve converts itself to, for the canvas (Konva sceneFunc) and for SVG.
// A curve is one Path: a start point and a list of segments, each continuing from the previous end.
// Only curves with no exact form (equation curves) use 'polyline', sampled adaptively within a tolerance.

import type { Vec2 } from './drawing';

export interface LineSegment {
  type: 'line';
  to: Vec2;
}

/**
 * An elliptical (or circular: rx = ry) arc about `center`, radii rx, ry, the ellipse rotated by `rotation`,
 * from parametric angle `start` through signed `sweep` (radians; positive = increasing angle in y-down drawing
 * coordinates, i.e. clockwise on screen). Its start point equals the path's current point.
 */
export interface ArcSegment {
  type: 'arc';
  center: Vec2;
  rx: number;
  ry: number;
  rotation: number;
  start: number;
  sweep: number;
}

export interface CubicSegment {
  type: 'cubic';
  c1: Vec2;
  c2: Vec2;
  to: Vec2;
}

export interface PolylineSegment {
  type: 'polyline';
  points: Vec2[];
}

export type PathSegment = LineSegment | ArcSegment | CubicSegment | PolylineSegment;

export interface Path {
  start: Vec2;
  segments: PathSegment[];
  /** Closed paths end where they start and are written with Z. */
  closed: boolean;
}
