import { describe, expect, it } from 'vitest';
import { EQUATION_PRESETS, presetDefinition } from '../../engine/expr';
import {
  CANNOT_MOVE,
  blankForm,
  checkForm,
  errorsByField,
  formatNumber,
  formFromDefinition,
  formFromPreset,
  unusedParamName,
} from './form';
import { previewGeometry } from './preview-geometry';

describe('equation dialog form', () => {
  it('formats multiples of pi the way a person types them', () => {
    expect(formatNumber(2 * Math.PI)).toBe('2*pi');
    expect(formatNumber(Math.PI)).toBe('pi');
    expect(formatNumber(-Math.PI)).toBe('-pi');
    expect(formatNumber(Math.PI / 2)).toBe('pi/2');
    expect(formatNumber((-3 * Math.PI) / 4)).toBe('-3*pi/4');
    expect(formatNumber(4 * Math.PI)).toBe('4*pi');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(0.1)).toBe('0.1');
  });

  it('round-trips every preset through the form unchanged', () => {
    for (const preset of EQUATION_PRESETS) {
      const check = checkForm(formFromDefinition(preset));
      expect(check.errors, preset.id).toEqual([]);
      expect(check.definition).toEqual(preset);
    }
  });

  it('starts a new curve as a valid circle and loads presets under the same id', () => {
    const form = blankForm('mine');
    const check = checkForm(form);
    expect(check.errors).toEqual([]);
    expect(check.definition?.u1).toBe(2 * Math.PI);
    const loaded = formFromPreset(presetDefinition('preset-spiral')!, 'mine');
    expect(loaded.id).toBe('mine');
    expect(loaded.name).toBe('Archimedean spiral');
    expect(loaded.u1).toBe('6*pi');
  });

  it('evaluates constant expressions in the numeric fields', () => {
    const form = blankForm('c');
    form.u1 = 'pi';
    form.closed = false; // half a circle does not close
    form.params[2].value = 'sqrt(2) * 10';
    const check = checkForm(form);
    expect(check.definition?.u1).toBe(Math.PI);
    expect(check.definition?.params[2].value).toBeCloseTo(14.142135623730951, 14);
  });

  it('tags every error with its field and column, without repeats', () => {
    const form = blankForm('c');
    form.name = '  ';
    form.x = 'cx + r * son(u)';
    form.u1 = '2*pi +';
    form.params[2].value = 'u';
    form.params.push({ name: 'cx', value: '1', free: false });
    const check = checkForm(form);
    expect(check.definition).toBeNull();
    expect(check.compiled).toBeNull();
    expect(check.errors).toEqual([
      { field: 'name', column: null, message: 'give the curve a name' },
      { field: 'u1', column: 7, message: 'expression ends too early at column 7' },
      { field: 'params[2].value', column: null, message: 'must be a number, not depend on u' },
      { field: 'params[3].name', column: null, message: "'cx' is already params[0]" },
      { field: 'x', column: 10, message: "unknown function 'son' at column 10" },
    ]);
    expect([...errorsByField(check.errors).keys()]).toEqual([
      'name',
      'u1',
      'params[2].value',
      'params[3].name',
      'x',
    ]);
  });

  it('reports a value that is not finite somewhere along u, and still compiles for the preview', () => {
    const form = blankForm('c');
    form.y = 'cy + r / (u - pi)';
    const check = checkForm(form);
    expect(check.definition).toBeNull();
    expect(check.compiled).not.toBeNull();
    expect(check.errors).toEqual([
      { field: 'y', column: null, message: 'y is not finite at u = 3.14159 for these parameters' },
    ]);
  });

  it('asks a curve marked closed to end where it starts', () => {
    const form = blankForm('c');
    form.u1 = 'pi';
    expect(checkForm(form).errors).toEqual([
      {
        field: 'closed',
        column: null,
        message: 'closed, but the curve ends 40 away from where it starts (u1 should bring it back)',
      },
    ]);
  });

  it('suggests parameter names not yet taken', () => {
    const form = blankForm('c');
    expect(unusedParamName(form)).toBe('a');
    form.params.push({ name: 'a', value: '0', free: false }, { name: 'b', value: '0', free: false });
    expect(unusedParamName(form)).toBe('c');
  });
});

describe('equation dialog preview', () => {
  it('fits the curve into the canvas with its aspect ratio and y down', () => {
    const check = checkForm(formFromDefinition(presetDefinition('preset-superellipse')!));
    const g = previewGeometry(check.compiled!, check.values!, 320, 240, 12)!;
    // 60 × 40 mm into 296 × 216 px: width limits, 296 / 60 px per mm.
    expect(g.scale).toBeCloseTo(296 / 60, 12);
    expect(g.bounds[0]).toBeCloseTo(-30, 9);
    expect(g.bounds[3]).toBeCloseTo(20, 9);
    const xs = g.points.map((p) => p[0]);
    const ys = g.points.map((p) => p[1]);
    expect(Math.min(...xs)).toBeCloseTo(12, 6);
    expect(Math.max(...xs)).toBeCloseTo(308, 6);
    expect(Math.min(...ys)).toBeCloseTo(120 - 20 * g.scale, 6);
    expect(Math.max(...ys)).toBeCloseTo(120 + 20 * g.scale, 6);
    // u = 0 is (a, 0): the right end of the middle row; u grows toward +y, down the canvas.
    expect(g.points[0][0]).toBeCloseTo(308, 6);
    expect(g.points[0][1]).toBeCloseTo(120, 6);
    expect(g.points[1][1]).toBeGreaterThan(120);
    expect(g.closed).toBe(true);
  });

  it('draws a straight line and a single point without dividing by zero', () => {
    const line = blankForm('l');
    line.x = 'u';
    line.y = '5';
    line.u1 = '10';
    line.closed = false;
    const lc = checkForm(line);
    const g = previewGeometry(lc.compiled!, lc.values!, 320, 240)!;
    expect(g.scale).toBeCloseTo(29.6, 12);
    expect(g.points[0]).toEqual([12, 120]);
    const dot = blankForm('d');
    dot.x = '1';
    dot.y = '2';
    const dc = checkForm(dot);
    const gd = previewGeometry(dc.compiled!, dc.values!, 320, 240)!;
    expect(gd.scale).toBe(1);
    expect(gd.points[0]).toEqual([160, 120]);
  });

  it('warns of a definition no free parameter moves (it can be saved, but never dragged)', () => {
    for (const preset of EQUATION_PRESETS) expect(checkForm(formFromDefinition(preset)).warning).toBeNull();
    const still = formFromDefinition(presetDefinition('preset-sine')!);
    still.x = '10 * u';
    still.y = 'sin(u) * amplitude';
    const check = checkForm(still);
    expect(check.definition).not.toBeNull();
    expect(check.warning).toBe(CANNOT_MOVE);
    // A free parameter used as part of a longer name ("cxx") does not count; the one named does.
    still.y = 'cxx + sin(u)';
    still.params.push({ name: 'cxx', value: '0', free: false });
    expect(checkForm(still).warning).toBe(CANNOT_MOVE);
    still.x = '10 * u + cx';
    expect(checkForm(still).warning).toBeNull();
  });
});
