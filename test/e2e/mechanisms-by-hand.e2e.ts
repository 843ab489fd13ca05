// Mechanisms by hand (issue 28), with the real mouse in Chromium: a motor that is not running lets its crank be
// posed by dragging the linkage (a running one holds it), and the Motor tool turns a cam (an equation curve, by its
// turn `rot`) and a point about a pivot, not only bars.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDrawingFile } from '../../src/document/file-io';
import { presetDefinition } from '../../src/engine/expr/presets';
import type { Constraint, Curve, Drawing, MotorConstraint, Vec2 } from '../../src/shared/drawing';
import { paper } from './drawings';
import { ROOT, openEditor, shutdown } from './harness';
import { click, drag, idle, press } from './mouse';

afterAll(async () => {
  await shutdown();
});

const EXAMPLE = join(ROOT, 'resources/examples/crank-rocker.curvewright');

function curve<K extends Curve['kind']>(d: Drawing, id: string, kind: K): Extract<Curve, { kind: K }> {
  const c = d.curves.find((k) => k.id === id);
  if (c?.kind !== kind) throw new Error(`no ${kind} '${id}'`);
  return c as Extract<Curve, { kind: K }>;
}
const motors = (d: Drawing) => d.constraints.filter((k): k is MotorConstraint => k.kind === 'motor');

/** The crank-rocker example with its motor running or not, its coupler pulled 12 mm by its middle. */
async function pullCoupler(running: boolean): Promise<{ before: Drawing; after: Drawing }> {
  const before = await loadDrawingFile(EXAMPLE);
  motors(before)[0].running = running;
  const editor = await openEditor({ drawing: structuredClone(before) });
  try {
    const { center } = curve(before, 'coupler', 'bar');
    const steps = Array.from({ length: 20 }, (_, i): Vec2 => [
      center[0] + (4 * (i + 1)) / 20,
      center[1] + (12 * (i + 1)) / 20,
    ]);
    await drag(editor.page, center, steps);
    expect(editor.errors).toEqual([]);
    return { before, after: structuredClone(editor.session.drawing) };
  } finally {
    await editor.close();
  }
}

describe('mechanisms by hand', () => {
  it('a stopped motor lets the crank be posed by dragging the coupler, and its angle follows the crank', async () => {
    const { before, after } = await pullCoupler(false);
    const turned = curve(after, 'crank', 'bar').angle - curve(before, 'crank', 'bar').angle;
    expect(Math.abs(turned)).toBeGreaterThan(0.1);
    expect(motors(after)[0].angle).toBeCloseTo(curve(after, 'crank', 'bar').angle, 9);
    expect(motors(after)[0].running).toBe(false);
  });

  it('a running motor holds its crank where it is', async () => {
    const { before, after } = await pullCoupler(true);
    expect(curve(after, 'crank', 'bar').angle).toBeCloseTo(curve(before, 'crank', 'bar').angle, 9);
  });

  it('the Motor tool turns a cam (an equation curve) by its turn, and Play turns it', async () => {
    const drawing = paper([0, 0], 4);
    const definition = presetDefinition('preset-superellipse')!;
    drawing.equations.push(definition);
    drawing.curves.push({
      kind: 'equation',
      id: 'cam',
      name: 'cam',
      definition: definition.id,
      params: { cx: 0, cy: 0, rot: 0.25, a: 30, b: 20, n: 4 },
    });
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await press(page, 'tool:motor');
      await click(page, [30 * Math.cos(0.25), 30 * Math.sin(0.25)]); // the cam's rim at u = 0
      expect(motors(session.drawing)).toEqual([
        { kind: 'motor', id: expect.any(String), bar: 'cam', rpm: 30, angle: 0.25, running: true },
      ]);
      await page.locator('button[data-action="play"]').click();
      await expect.poll(() => curve(session.drawing, 'cam', 'equation').params.rot).toBeGreaterThan(0.5);
      await page.locator('button[data-action="play"]').click();
      await idle(page);
      const cam = curve(session.drawing, 'cam', 'equation');
      expect(cam.params.rot).toBeCloseTo(motors(session.drawing)[0].angle, 9);
      expect(Math.hypot(cam.params.cx, cam.params.cy)).toBeLessThan(1e-9);
      expect(cam.params.a).toBe(30);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('the Motor tool turns a point about a pivot picked next, and Play turns it round the pivot', async () => {
    const drawing = paper([0, 0], 5);
    drawing.curves.push(
      { kind: 'point', id: 'hub', name: 'hub', at: [0, 0] },
      { kind: 'point', id: 'tip', name: 'tip', at: [20, 0] },
    );
    const hub = { curve: 'hub', anchor: 'start' } as const;
    const tip = { curve: 'tip', anchor: 'start' } as const;
    const held: Constraint[] = [
      { kind: 'pin', id: 'k1', point: hub, at: [0, 0] },
      { kind: 'distance', id: 'k2', a: hub, b: tip, length: 20 },
    ];
    drawing.constraints.push(...held);
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await press(page, 'tool:motor');
      await click(page, [20, 0]);
      expect(motors(session.drawing)).toEqual([]);
      await click(page, [0, 0]);
      const [motor] = motors(session.drawing);
      expect(motor).toMatchObject({
        point: { curve: 'tip' },
        pivot: { curve: 'hub' },
        rpm: 30,
        running: true,
      });
      expect(motor.angle).toBeCloseTo(0, 9);
      await page.locator('button[data-action="play"]').click();
      await expect.poll(() => curve(session.drawing, 'tip', 'point').at[1]).toBeGreaterThan(5);
      await page.locator('button[data-action="play"]').click();
      await idle(page);
      const [x, y] = curve(session.drawing, 'tip', 'point').at;
      expect(Math.hypot(x, y)).toBeCloseTo(20, 6);
      expect(Math.atan2(y, x)).toBeCloseTo(motors(session.drawing)[0].angle, 6);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
