// Snakes on images of known shapes (issue 30): an edge map made from a reference image (edge-map.ts) pulling curves
// by the engine's own steps (forces/edge-fit.ts) onto the shape's true edge — an anti-aliased disc, a rectangle of
// four attached segments, a blurred ellipse — to within half a pixel, and with a constraint on the curve kept exact
// while it is pulled.
import { describe, expect, it } from 'vitest';
import type { Constraint, Curve, ReferenceImage, Vec2 } from '../shared/drawing';
import { emptyDrawing } from '../shared/drawing';
import { imageMatrix } from '../shared/image-geometry';
import { buildModel, type EngineModel } from '../engine/build';
import { EdgeFit } from '../engine/forces/edge-fit';
import { Integrator } from '../engine/integrator/integrator';
import { ConnectorPoint } from '../engine/model/connector';
import { fittedCurves, settleWith } from '../engine/test-support/force-checks';
import { testClock } from '../shared/test-support/clock';
import { edgeField } from './edge-map';
import { imageRecord, inkPng, shapePng } from './test-support/png';

/** The paper point (mm) of the image's pixel-box point (px, py). */
function paperOf(image: ReferenceImage, px: number, py: number): Vec2 {
  const [a, b, c, d, e, f] = imageMatrix(image);
  return [a * px + c * py + e, b * px + d * py + f];
}

/** mm per pixel. */
function mmPerPixel(image: ReferenceImage): number {
  return image.width / image.pixels[0];
}

/**
 * The snake of the model's curves `ids` on `image` at capture range sigmaMm, 200 samples in all, run by the engine
 * until it stops; the model and the snake.
 */
function runSnake(
  image: ReferenceImage,
  curves: Curve[],
  sigmaMm: number,
  constraints: Constraint[] = [],
): { model: EngineModel; snake: EdgeFit; steps: number } {
  const model = buildModel({ ...emptyDrawing(), curves, constraints });
  const ids = curves.map((c) => c.id);
  const snake = new EdgeFit(fittedCurves(model, ids), edgeField(image, { sigmaMm }), 200 / ids.length, 1);
  const steps = settleWith(model, snake, 10);
  return { model, snake, steps };
}

/** The state of curve `id` in the model. */
function stateOf(model: EngineModel, id: string): Float64Array {
  const block = model.curveIndex.get(id)!;
  const off = model.curveOff[block];
  return model.q.subarray(off, off + model.curves[block].size);
}

/** A dark disc, anti-aliased, of radius 52.4 px about (97.3, 103.6) on a 200 × 200 image, 50 mm wide, turned. */
const DISC = { cx: 97.3, cy: 103.6, r: 52.4 };
const discImage = imageRecord(
  shapePng(200, 200, (x, y) => Math.hypot(x - DISC.cx, y - DISC.cy) <= DISC.r),
  { center: [10, -5], width: 50, rotation: 0.25 },
);

describe('a snake on an anti-aliased disc', () => {
  const k = mmPerPixel(discImage);
  const centre = paperOf(discImage, DISC.cx, DISC.cy);

  it('a circle started off centre and too small ends on the disc’s edge within half a pixel', () => {
    const start: Curve = {
      kind: 'circle',
      id: 'c',
      center: [centre[0] + 3 * k, centre[1] - 2 * k],
      radius: (DISC.r - 3.5) * k,
    };
    const { model, snake, steps } = runSnake(discImage, [start], 1);
    // Newton-like steps onto the ridge (the stiffness: the ridge's curvature across it): 43 without any, 44 with a
    // bound of the field's curvature over the whole image.
    expect(steps).toBeLessThan(15);
    const [cx, cy, r] = stateOf(model, 'c');
    expect(Math.hypot(cx - centre[0], cy - centre[1]) / k).toBeLessThan(0.5);
    expect(Math.abs(r - DISC.r * k) / k).toBeLessThan(0.5);
    const readout = snake.measure(model.q);
    expect(readout.offImage).toBe(0);
    expect(readout.meanEdge).toBeGreaterThan(0.9);
  });

  it('with its radius dimensioned: the radius kept exact while the centre is pulled onto the disc’s', () => {
    const radius = (DISC.r + 1) * k;
    const { model } = runSnake(
      discImage,
      [{ kind: 'circle', id: 'c', center: [centre[0] - 2.5 * k, centre[1] + 3 * k], radius }],
      1,
      [{ kind: 'radius', id: 'k', curve: 'c', radius }],
    );
    const [cx, cy, r] = stateOf(model, 'c');
    expect(Math.abs(r - radius)).toBeLessThan(1e-9);
    expect(Math.hypot(cx - centre[0], cy - centre[1]) / k).toBeLessThan(0.5);
  });

  it('with its centre pinned off the disc’s: the pin kept exact, the radius pulled to the edge', () => {
    const at: Vec2 = [centre[0] + 1.5 * k, centre[1]];
    const { model } = runSnake(
      discImage,
      [{ kind: 'circle', id: 'c', center: at, radius: (DISC.r + 3) * k }],
      1,
      [{ kind: 'pin', id: 'k', point: { curve: 'c', anchor: 'center' }, at }],
    );
    const [cx, cy, r] = stateOf(model, 'c');
    expect(Math.hypot(cx - at[0], cy - at[1])).toBeLessThan(1e-9);
    // A circle 1.5 px off centre best follows the edge at about its radius.
    expect(Math.abs(r - DISC.r * k) / k).toBeLessThan(0.5);
  });
});

describe('a snake the user grabs', () => {
  const k = mmPerPixel(discImage);
  const centre = paperOf(discImage, DISC.cx, DISC.cy);

  it('pulled by its centre it gives way to the mouse against the edge’s pull; let go, it locks back on', () => {
    const model = buildModel({
      ...emptyDrawing(),
      curves: [{ kind: 'circle', id: 'c', center: [centre[0] + 2 * k, centre[1]], radius: (DISC.r - 2) * k }],
    });
    const term = new EdgeFit(fittedCurves(model, ['c']), edgeField(discImage, { sigmaMm: 1 }), 200, 1);
    model.fits.push({ term, attractor: 0 });
    const integrator = new Integrator(model, testClock());
    integrator.setPulling(true);
    const rest = () => {
      for (let call = 0; call < 10; call++) if (integrator.run(integrator.clock.now(), 20).done) return;
      throw new Error('the snake did not come to rest');
    };
    const offCentre = () => Math.hypot(model.q[0] - centre[0], model.q[1] - centre[1]) / k;
    rest();
    expect(offCentre()).toBeLessThan(0.5);
    integrator.grab(new ConnectorPoint(model.curves[0], 0, 0, 0, true));
    integrator.aim(centre[0], centre[1] + 4 * k);
    rest();
    // Held between the edge and the cursor 4 px away: pulled off the edge, not all the way.
    const held = offCentre();
    expect(held).toBeGreaterThan(0.5);
    expect(held).toBeLessThan(3.5);
    expect(model.q[1]).toBeGreaterThan(centre[1]);
    integrator.release();
    rest();
    expect(offCentre()).toBeLessThan(0.5);
  });
});

describe('a snake on a rectangle: four segments attached at their corners', () => {
  // Sides at x = 45.5 and 151.7, y = 38.2 and 117.9 px on a 200 × 160 image, 50 mm wide.
  const box = { x0: 45.5, x1: 151.7, y0: 38.2, y1: 117.9 };
  const image = imageRecord(
    shapePng(200, 160, (x, y) => x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1),
    { center: [0, 0], width: 50 },
  );
  const k = mmPerPixel(image);

  it('ends within half a pixel of the true sides', () => {
    // The corners, each started 2–3 px away from the true one.
    const corner = (px: number, py: number, dx: number, dy: number) => paperOf(image, px + dx, py + dy);
    const a = corner(box.x0, box.y0, 2.5, -2);
    const b = corner(box.x1, box.y0, -2, 2.5);
    const c = corner(box.x1, box.y1, 3, 2);
    const d = corner(box.x0, box.y1, -2, -3);
    const sides: Curve[] = [
      { kind: 'segment', id: 'top', a, b },
      { kind: 'segment', id: 'right', a: b, b: c },
      { kind: 'segment', id: 'bottom', a: c, b: d },
      { kind: 'segment', id: 'left', a: d, b: a },
    ];
    const ids = sides.map((s) => s.id);
    const attached: Constraint[] = ids.map((id, i) => ({
      kind: 'attach',
      id: `j${i}`,
      a: { curve: id, anchor: 'end' },
      b: { curve: ids[(i + 1) % 4], anchor: 'start' },
    }));
    const { model } = runSnake(image, sides, 0.75, attached);
    // Each side's ends against its true line (in px; the image is not turned: paper x and y are the pixels').
    const [left, top] = paperOf(image, box.x0, box.y0);
    const [right, bottom] = paperOf(image, box.x1, box.y1);
    const off = (id: string, axis: 0 | 1, want: number) => {
      const q = stateOf(model, id);
      return Math.max(Math.abs(q[axis] - want), Math.abs(q[2 + axis] - want)) / k;
    };
    expect(off('top', 1, top)).toBeLessThan(0.5);
    expect(off('bottom', 1, bottom)).toBeLessThan(0.5);
    expect(off('left', 0, left)).toBeLessThan(0.5);
    expect(off('right', 0, right)).toBeLessThan(0.5);
    // The attachments held.
    const [tx, ty] = stateOf(model, 'top').subarray(2, 4);
    const [rx, ry] = stateOf(model, 'right').subarray(0, 2);
    expect(Math.hypot(tx - rx, ty - ry)).toBeLessThan(1e-9);
  });
});

describe('a snake on a blurred ellipse', () => {
  // Centre (108.4, 92.1) px, semi-axes 70.3 and 42.6 px, turned 0.35 rad; its edge blurred over about 2 px.
  const E = { cx: 108.4, cy: 92.1, a: 70.3, b: 42.6, t: 0.35 };
  const image = imageRecord(
    inkPng(220, 180, (x, y) => {
      const dx = x - E.cx;
      const dy = y - E.cy;
      const lx = Math.cos(E.t) * dx + Math.sin(E.t) * dy;
      const ly = -Math.sin(E.t) * dx + Math.cos(E.t) * dy;
      const rho = Math.hypot(lx / E.a, ly / E.b);
      // The signed distance to the ellipse to first order, (ρ − 1)/|∇ρ|, through a logistic step of scale 2 px.
      const distance = (rho - 1) / (Math.hypot(lx / (E.a * E.a), ly / (E.b * E.b)) / rho);
      return 1 / (1 + Math.exp((1.702 * distance) / 2));
    }),
    { center: [5, 5], width: 50 },
  );
  const k = mmPerPixel(image);

  it('an ellipse curve started off ends within half a pixel of it: centre, axes, turn', () => {
    const centre = paperOf(image, E.cx, E.cy);
    const start: Curve = {
      kind: 'ellipse',
      id: 'e',
      center: [centre[0] + 2.5 * k, centre[1] - 1.5 * k],
      rx: (E.a - 4) * k,
      ry: (E.b + 3) * k,
      rotation: E.t - 0.04,
    };
    // σ = 3 px: a blurred edge's ridge moves toward the centre of curvature by about σ²/2ρ, and at the major axis's
    // ends ρ = b²/a ≈ 26 px (at σ = 4 px rx came 0.35 px short, at 3 px 0.20).
    const { model, steps } = runSnake(image, [start], 0.75);
    expect(steps).toBeLessThan(30); // (364 steps without a stiffness, 187 with a bound over the whole image)
    const [cx, cy, rx, ry, rotation] = stateOf(model, 'e');
    expect(Math.hypot(cx - centre[0], cy - centre[1]) / k).toBeLessThan(0.5);
    expect(Math.abs(rx - E.a * k) / k).toBeLessThan(0.5);
    expect(Math.abs(ry - E.b * k) / k).toBeLessThan(0.5);
    // The turn, as how far the major axis's end is from the true one's.
    expect((Math.abs(rotation - E.t) * E.a * k) / k).toBeLessThan(0.5);
  });
});
