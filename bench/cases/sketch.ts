// A sketch of mixed constraints, every kind of the sketcher's (issue 16's speed target: 1,000 of them drag at
// ≤ 16 ms per frame, and their diagnosis stays within issue 15's budget). A grid of cells, each a square bracket
// built exactly assembled: four segments joined at their corners, held by horizontal, vertical, two parallels, a
// length and an equal; a hole (circle) placed by a midpoint point, a distance and a point-line distance, with a
// radius; a concentric arc with its radius; a leg at an angle to the bottom with its length; a line tangent to the
// hole; two points symmetric about the left side; a perpendicular arm. 24 constraints and 12 curves per cell, the
// first corner of each cell pinned (each cell its own component).

import { emptyDrawing, type Connector, type Drawing, type Vec2 } from '../../src/shared/drawing';

export const SKETCH_CELL_CONSTRAINTS = 24;
const SIDE = 40;
const PITCH = 100;

const start = (curve: string): Connector => ({ curve, anchor: 'start' });
const end = (curve: string): Connector => ({ curve, anchor: 'end' });
const center = (curve: string): Connector => ({ curve, anchor: 'center' });
const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));

/** Cells enough for at least `constraints` constraints, in rows of ten. */
export function sketchDrawing(constraints: number): Drawing {
  const d = emptyDrawing();
  const cells = Math.ceil(constraints / SKETCH_CELL_CONSTRAINTS);
  for (let i = 0; i < cells; i++) addCell(d, `c${i}-`, [(i % 10) * PITCH, Math.floor(i / 10) * PITCH]);
  return d;
}

function addCell(d: Drawing, p: string, [ox, oy]: Vec2): void {
  const id = (name: string) => p + name;
  const TL: Vec2 = [ox, oy];
  const TR: Vec2 = [ox + SIDE, oy];
  const BR: Vec2 = [ox + SIDE, oy + SIDE];
  const BL: Vec2 = [ox, oy + SIDE];
  const segment = (name: string, a: Vec2, b: Vec2) =>
    d.curves.push({ kind: 'segment', id: id(name), a: [a[0], a[1]], b: [b[0], b[1]] });
  const k = d.constraints;
  segment('top', TL, TR);
  segment('right', TR, BR);
  segment('bottom', BR, BL);
  segment('left', BL, TL);
  k.push(
    { kind: 'attach', id: id('tr'), a: end(id('top')), b: start(id('right')) },
    { kind: 'attach', id: id('br'), a: end(id('right')), b: start(id('bottom')) },
    { kind: 'attach', id: id('bl'), a: end(id('bottom')), b: start(id('left')) },
    { kind: 'attach', id: id('tl'), a: end(id('left')), b: start(id('top')) },
    { kind: 'pin', id: id('anchor'), point: start(id('top')), at: TL },
    { kind: 'horizontal', id: id('h'), a: start(id('top')), b: end(id('top')) },
    { kind: 'vertical', id: id('v'), a: start(id('left')), b: end(id('left')) },
    { kind: 'parallel', id: id('par-tb'), lines: [id('bottom'), id('top')] },
    { kind: 'parallel', id: id('par-lr'), lines: [id('right'), id('left')] },
    { kind: 'length', id: id('width'), curve: id('top'), length: SIDE },
    { kind: 'equal', id: id('square'), curves: [id('left'), id('top')] },
  );
  // The hole: centre 15 below the top's midpoint, 20 from the left side.
  const hole: Vec2 = [ox + SIDE / 2, oy + 15];
  d.curves.push({ kind: 'circle', id: id('hole'), center: hole, radius: 6 });
  d.curves.push({ kind: 'point', id: id('mid'), at: [ox + SIDE / 2, oy] });
  k.push(
    { kind: 'radius', id: id('r-hole'), curve: id('hole'), radius: 6 },
    { kind: 'midpoint', id: id('m'), point: start(id('mid')), line: id('top') },
    { kind: 'distance', id: id('drop'), a: start(id('mid')), b: center(id('hole')), length: 15 },
    {
      kind: 'point-line-distance',
      id: id('inset'),
      point: center(id('hole')),
      line: id('left'),
      distance: 20,
    },
  );
  d.curves.push({ kind: 'arc', id: id('slot'), center: hole, radius: 10, start: 0, sweep: Math.PI / 2 });
  k.push(
    { kind: 'concentric', id: id('conc'), curves: [id('hole'), id('slot')] },
    { kind: 'radius', id: id('r-slot'), curve: id('slot'), radius: 10 },
  );
  // A 20 mm leg from the bottom-left corner, 60° up from +x; its angle measured from the bottom's direction.
  const legAngle = -Math.PI / 3;
  segment('leg', BL, [BL[0] + 20 * Math.cos(legAngle), BL[1] + 20 * Math.sin(legAngle)]);
  k.push(
    { kind: 'attach', id: id('leg-foot'), a: start(id('leg')), b: end(id('bottom')) },
    { kind: 'angle', id: id('leg-angle'), lines: [id('bottom'), id('leg')], angle: wrap(legAngle - Math.PI) },
    { kind: 'length', id: id('leg-length'), curve: id('leg'), length: 20 },
  );
  // A line touching the hole at its top (u = 0.75: angle −90°, y down).
  segment('touch', [hole[0] - 10, hole[1] - 6], [hole[0] + 10, hole[1] - 6]);
  k.push({ kind: 'tangent', id: id('tan'), curves: [id('touch'), id('hole')], s: 0.75 });
  d.curves.push({ kind: 'point', id: id('q1'), at: [ox - 10, oy + 10] });
  d.curves.push({ kind: 'point', id: id('q2'), at: [ox + 10, oy + 10] });
  k.push({ kind: 'symmetric', id: id('sym'), a: start(id('q1')), b: start(id('q2')), line: id('left') });
  segment('arm', TR, [TR[0] + 15, TR[1]]);
  k.push(
    { kind: 'perpendicular', id: id('perp'), lines: [id('right'), id('arm')] },
    { kind: 'attach', id: id('arm-root'), a: start(id('arm')), b: end(id('top')) },
  );
}
