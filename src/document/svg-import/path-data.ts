// A `path` element's `d` as subpaths of pieces. svg-pathdata parses (every command, absolute and relative,
// numbers and flags run together as the grammar allows: "a1 1 0 00 1 1") and normalises: relative to absolute,
// H and V to L, S and T to C and Q with their reflected control points, Q raised exactly to C. Arcs stay arcs
// (endpointArc). Broken data throws an Error saying where in the data.

import { SVGPathData, type SVGCommand } from 'svg-pathdata';
import type { Vec2 } from '../../shared/drawing';
import { endpointArc, type Piece, type Subpath } from '../import-geometry/pieces';

function commands(d: string): SVGCommand[] {
  try {
    return new SVGPathData(d).toAbs().normalizeHVZ(false, true, true).normalizeST().qtToC().commands;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`bad path data: ${message.replace(/\.$/, '')}`);
  }
}

/** The subpaths `d` draws, in order. An empty `d` draws nothing. */
export function pathSubpaths(d: string): Subpath[] {
  const out: Subpath[] = [];
  let current: Subpath | null = null;
  let at: Vec2 = [0, 0];
  let first: Vec2 = [0, 0];
  const add = (piece: Piece | null, to: Vec2) => {
    if (!current) {
      // A drawing command right after Z starts a new subpath at the closed one's first point.
      current = { pieces: [], closed: false };
      out.push(current);
    }
    if (piece) current.pieces.push(piece);
    at = to;
  };
  for (const c of commands(d)) {
    switch (c.type) {
      case SVGPathData.MOVE_TO:
        current = null;
        at = first = [c.x, c.y];
        break;
      case SVGPathData.LINE_TO: {
        const to: Vec2 = [c.x, c.y];
        add(to[0] === at[0] && to[1] === at[1] ? null : { type: 'line', a: at, b: to }, to);
        break;
      }
      case SVGPathData.CURVE_TO: {
        const to: Vec2 = [c.x, c.y];
        add({ type: 'cubic', points: [at, [c.x1, c.y1], [c.x2, c.y2], to] }, to);
        break;
      }
      case SVGPathData.ARC: {
        const to: Vec2 = [c.x, c.y];
        add(endpointArc(at, to, c.rX, c.rY, c.xRot, c.lArcFlag === 1, c.sweepFlag === 1), to);
        break;
      }
      case SVGPathData.CLOSE_PATH: {
        const open = current as Subpath | null; // set inside add(), which TypeScript cannot see
        if (open) {
          if (at[0] !== first[0] || at[1] !== first[1]) open.pieces.push({ type: 'line', a: at, b: first });
          open.closed = true;
        }
        current = null;
        at = first;
        break;
      }
      default:
        // normalizeHVZ, normalizeST and qtToC leave only M, L, C, A and Z.
        throw new Error(`bad path data: unexpected command ${c.type}`);
    }
  }
  return out.filter((s) => s.pieces.length > 0);
}
