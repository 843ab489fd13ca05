// Where a drawing's connectors are, for the SVG export's glyphs and dimensions: each curve's geometry built once
// (engine/pure.ts's curveGeometry), looked up by id, and a connector that cannot be located (an unknown curve, a
// centre without a direction, a curve its engine rejects) null rather than an exception, so one bad record leaves
// out its own mark and no other.
import { curveGeometry, type CurveGeometry } from '../engine';
import type { Connector, Curve, Drawing, Vec2 } from '../shared/drawing';

export interface DrawingLocator {
  /** The connector's point, or null. */
  locate(c: Connector): Vec2 | null;
  /** The curve's direction at the connector, or null. */
  orient(c: Connector): Vec2 | null;
  kindOf(id: string): Curve['kind'] | undefined;
}

export function drawingLocator(drawing: Drawing): DrawingLocator {
  const byId = new Map(drawing.curves.map((c) => [c.id, c]));
  const geometries = new Map<string, CurveGeometry | null>();
  const geometry = (id: string): CurveGeometry | null => {
    let g = geometries.get(id);
    if (g === undefined) {
      const curve = byId.get(id);
      try {
        g = curve ? curveGeometry(curve, drawing) : null;
      } catch {
        g = null;
      }
      geometries.set(id, g);
    }
    return g;
  };
  const safely = <T>(read: () => T | null): T | null => {
    try {
      return read();
    } catch {
      return null;
    }
  };
  return {
    locate: (c) => safely(() => geometry(c.curve)?.connectorPoint(c) ?? null),
    orient: (c) => safely(() => geometry(c.curve)?.connectorDirection(c) ?? null),
    kindOf: (id) => byId.get(id)?.kind,
  };
}
