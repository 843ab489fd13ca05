// A motor turns the curve its `bar` names by that curve's turn (shared/motor-turn.ts): a bar's angle, an ellipse's
// rotation, a cam's `rot`. An equation curve without a free turn is refused in one line; a stopped motor holds
// nothing.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve, type Drawing } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { presetDefinition } from './expr/presets';
import { Engine } from './engine';

const RPM = 60; // one turn a second

function driven(curve: Curve, drawing: Drawing = emptyDrawing(), running = true): Drawing {
  drawing.curves.push(curve);
  drawing.constraints.push({ kind: 'motor', id: 'm', bar: curve.id, rpm: RPM, angle: 0.2, running });
  return drawing;
}

function turned(drawing: Drawing): Drawing {
  const engine = Engine.build(drawing, { clock: testClock() });
  engine.advanceMotors(0.125, 1e9);
  const out = structuredClone(drawing);
  engine.writeBack(out);
  engine.dispose();
  return out;
}

describe('what a motor turns', () => {
  it('an ellipse by its rotation: an eighth of a second at 60 rpm is a quarter turn', () => {
    const out = turned(driven({ kind: 'ellipse', id: 'e', center: [1, 2], rx: 5, ry: 3, rotation: 0.2 }));
    const e = out.curves[0] as Extract<Curve, { kind: 'ellipse' }>;
    expect(e.rotation).toBeCloseTo(0.2 + Math.PI / 4, 9);
    expect([e.center[0], e.center[1], e.rx, e.ry]).toEqual([1, 2, 5, 3].map((v) => expect.closeTo(v, 9)));
  });

  it('a cam (an equation curve) by its rot, its shape and place kept', () => {
    const drawing = emptyDrawing();
    drawing.equations.push(presetDefinition('preset-superellipse')!);
    const params = { cx: 3, cy: -4, rot: 0.2, a: 30, b: 20, n: 4 };
    const out = turned(
      driven({ kind: 'equation', id: 'cam', definition: 'preset-superellipse', params }, drawing),
    );
    const cam = out.curves[0] as Extract<Curve, { kind: 'equation' }>;
    expect(cam.params.rot).toBeCloseTo(0.2 + Math.PI / 4, 9);
    expect(cam.params.cx).toBeCloseTo(3, 9);
    expect(cam.params.cy).toBeCloseTo(-4, 9);
    expect((out.constraints[0] as { angle: number }).angle).toBeCloseTo(cam.params.rot, 9);
  });

  it('an equation curve with no free turn is refused in one line', () => {
    const drawing = emptyDrawing();
    const definition = presetDefinition('preset-superellipse')!;
    definition.params = definition.params.map((p) => (p.name === 'rot' ? { ...p, free: false } : p));
    drawing.equations.push(definition);
    const params = { cx: 0, cy: 0, rot: 0, a: 30, b: 20, n: 4 };
    expect(() =>
      Engine.build(driven({ kind: 'equation', id: 'cam', definition: definition.id, params }, drawing), {
        clock: testClock(),
      }),
    ).toThrow('constraints[0].bar: a motor cannot turn "cam": it has no free turn (rot or phi)');
  });
});
