import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve } from './drawing';
import { CONSTRAINT_FIELD_SCHEMAS, curveFieldSchema } from './edit-commands';
import { spring } from './records';
import { fieldProblem, userMessage } from './user-message';

describe('user messages', () => {
  it("say a field's rule in words, from the field's own schema", () => {
    const d = emptyDrawing();
    const circle: Curve = { kind: 'circle', id: 'c4', center: [0, 0], radius: 25 };
    d.curves.push(circle);
    const radius = curveFieldSchema(circle, 'radius', d)!;
    expect(fieldProblem('radius', radius, -10, 'mm')).toBe('radius must be more than 0');
    expect(fieldProblem('radius', radius, 0, 'mm')).toBe('radius must be more than 0');
    expect(fieldProblem('radius', radius, 10, 'mm')).toBeNull();
    expect(fieldProblem('radius', radius, 2e9, 'mm')).toBe('radius must be at most 1000000000 mm');
    expect(fieldProblem('rest', spring.shape.rest, -1, 'mm')).toBe('rest must be at least 0');
    const rpm = CONSTRAINT_FIELD_SCHEMAS.motor.rpm;
    expect(fieldProblem('rpm', rpm, 5e6, 'rpm')).toBe('rpm must be at most 1000000 rpm');
    expect(fieldProblem('rpm', rpm, NaN, 'rpm')).toBe('rpm must be a number');
  });

  it("drop the channel's name and the command's path, and name records as the user knows them", () => {
    const d = emptyDrawing();
    d.curves.push(
      { kind: 'bar', id: 'c1', center: [0, 0], angle: 0, length: 10, name: 'crank' },
      { kind: 'segment', id: 'c2', a: [0, 0], b: [1, 0] },
    );
    const end = { curve: 'c2', anchor: 'start' } as const;
    d.constraints.push(
      { kind: 'pin', id: 'k1', point: end, at: [0, 0] },
      { kind: 'distance', id: 'k2', a: end, b: end, length: 1 },
    );
    const line =
      'edit:apply: c1 length 200: the constraints cannot all be met: crank, c2 cannot close (k1, k2)';
    expect(userMessage(new Error(line), d)).toBe(
      'crank length 200: the constraints cannot all be met: crank, segment 1 cannot close (pin 1, distance 1)',
    );
    // Beside the field that asked, the subject goes too.
    expect(userMessage(line, d, { type: 'set', id: 'c1', field: 'length', value: 200 })).toBe(
      'the constraints cannot all be met: crank, segment 1 cannot close (pin 1, distance 1)',
    );
    expect(userMessage("edit:apply: delete: unknown id 'k2'", d)).toBe("unknown id 'distance 1'");
    // An angle is sent in radians and named in degrees, as its field shows it; beside the field, it goes too.
    d.constraints.push({ kind: 'angle', id: 'k4', lines: ['c1'], angle: 0 });
    const tilt =
      'edit:apply: k4 angle 30°: the constraints cannot all be met: crank cannot get there (k1, k4)';
    expect(userMessage(tilt, d)).toBe(
      'angle 1 angle 30°: the constraints cannot all be met: crank cannot get there (pin 1, angle 1)',
    );
    expect(userMessage(tilt, d, { type: 'set', id: 'k4', field: 'angle', value: Math.PI / 6 })).toBe(
      'the constraints cannot all be met: crank cannot get there (pin 1, angle 1)',
    );
    expect(userMessage('edit:apply: set c2.ax: expected a number within ±1e9, got 2e9', d)).toBe(
      'expected a number within ±1e9, got 2e9',
    );
  });

  it('name a record quoted by id, and drop the path of a record being added', () => {
    const d = emptyDrawing();
    d.curves.push({ kind: 'circle', id: 'c7', center: [0, 0], radius: 5, name: 'Cam' });
    // The engine refuses a motor added on a curve that cannot turn: the user asked for that motor, so its path
    // inside the command says nothing to them; the curve is named as the canvas names it.
    expect(
      userMessage(
        'edit:apply: add.constraints[0].bar: a motor cannot turn "c7": it has no free turn (rot or phi)',
        d,
      ),
    ).toBe('a motor cannot turn Cam: it has no free turn (rot or phi)');
  });
});
