import { readFileSync } from 'node:fs';
import { trailPoints } from '../shared/trail';
import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../shared/drawing';
import { canonicalFiles, migrationFixtures, validFixtures } from './test-support/fixtures';
import { locateJsonError } from './json-syntax';
import { serializeDrawing } from './serialize';
import { Engine } from '../engine';
import { FormatError, parseDrawingText, takeCheckedEngine, validateDrawing } from './validate';
import { testClock } from '../shared/test-support/clock';

const allKinds = validFixtures().find((f) => f.endsWith('all-kinds.curvewright'))!;
const allKindsText = readFileSync(allKinds, 'utf8');

/** The all-kinds fixture as a plain object, edited by `edit`, then validated: returns the error message. */
function errorOf(edit: (file: Record<string, any>) => void): string {
  const file = JSON.parse(allKindsText);
  edit(file);
  try {
    validateDrawing(file);
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return (error as Error).message;
  }
  throw new Error('expected the edited file to be rejected');
}

function textError(text: string): string {
  try {
    parseDrawingText(text);
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return (error as Error).message;
  }
  throw new Error('expected the text to be rejected');
}

describe('valid files', () => {
  it.each(canonicalFiles())('%s is canonical: parse → serialise gives the same bytes', (path) => {
    const text = readFileSync(path, 'utf8');
    const drawing = parseDrawingText(text);
    expect(serializeDrawing(drawing)).toBe(text);
    expect(parseDrawingText(serializeDrawing(drawing))).toEqual(drawing);
  });

  it('hands the engine built to check a file to whoever opens it, once', () => {
    const d = parseDrawingText(allKindsText);
    const engine = takeCheckedEngine(d);
    expect(engine).toBeInstanceOf(Engine);
    expect(takeCheckedEngine(d)).toBeUndefined();
    // The same state a fresh build of the drawing has.
    const fresh = Engine.build(structuredClone(d), { clock: testClock() });
    for (const c of d.curves) expect(engine!.curveState(c.id)).toEqual(fresh.curveState(c.id));
    expect(takeCheckedEngine(structuredClone(d))).toBeUndefined();
  });

  it('reads every field of every kind', () => {
    const d = parseDrawingText(allKindsText);
    expect(d.curves.map((c) => c.kind)).toEqual([
      'point',
      'segment',
      'bar',
      'circle',
      'arc',
      'ellipse',
      'bezier',
      'spline',
      'spline',
      'equation',
    ]);
    expect(d.curves[3]).toEqual({ kind: 'circle', id: 'c1', center: [100, 40], radius: 15 });
    expect(d.constraints[5]).toEqual({
      kind: 'motor',
      id: 'm2',
      point: { curve: 'z1', anchor: 'end' },
      pivot: { curve: 'z1', anchor: 'start' },
      rpm: -12,
      angle: -7.25,
      running: true,
    });
    expect(trailPoints(d.traces[0].points)[2]).toEqual([-6, 0.007]);
    expect(d.view).toEqual({ center: [90, 90], zoom: 3.5 });
  });

  it('the empty drawing of the data model round-trips', () => {
    const d = emptyDrawing();
    expect(parseDrawingText(serializeDrawing(d))).toEqual(d);
  });

  it('serialisation does not depend on key order, and drops nothing', () => {
    const d = parseDrawingText(allKindsText);
    const shuffled = JSON.parse(JSON.stringify(d), function (this: unknown, _key, value) {
      if (value && typeof value === 'object' && !Array.isArray(value))
        return Object.fromEntries(Object.entries(value).reverse());
      return value;
    });
    expect(serializeDrawing(shuffled)).toBe(allKindsText);
  });

  it('accepts a UTF-8 byte-order mark', () => {
    expect(parseDrawingText('\ufeff' + allKindsText).curves).toHaveLength(10);
  });
});

describe('migration', () => {
  it.each(migrationFixtures())('$source migrates to its .migrated fixture', ({ source, expected }) => {
    const migrated = parseDrawingText(readFileSync(source, 'utf8'));
    const want = readFileSync(expected, 'utf8');
    expect(serializeDrawing(migrated)).toBe(want);
  });

  it('version 0 names: circle r, arc from/to, connectors, camera', () => {
    const { source } = migrationFixtures()[0];
    const d = parseDrawingText(readFileSync(source, 'utf8'));
    expect(d.curves[2]).toEqual({ kind: 'circle', id: 'wheel', center: [50, 20], radius: 12 });
    expect(d.curves[3]).toEqual({
      kind: 'arc',
      id: 'hook',
      center: [80, 20],
      radius: 8,
      start: 0.5,
      sweep: 2,
    });
    expect(d.constraints[2]).toEqual({
      kind: 'on-curve',
      id: 'l3',
      point: { curve: 'pt', anchor: 'center' },
      curve: 'hook',
      s: 0.75,
    });
    expect(d.view).toEqual({ center: [40, 30], zoom: 2.5 });
  });

  it('errors in a version-0 file name the version-0 paths', () => {
    const file = JSON.parse(readFileSync(migrationFixtures()[0].source, 'utf8'));
    file.shapes[2].r = -1;
    expect(() => validateDrawing(file)).toThrow('shapes[2].r: expected a positive number, got -1');
    file.shapes[2].r = 1;
    file.links[1].b.shape = 'nope';
    expect(() => validateDrawing(file)).toThrow(`constraints[1].b.curve: unknown curve "nope"`);
  });
});

describe('rejected files, one line naming the first problem', () => {
  it('the example of the issue', () => {
    expect(errorOf((f) => (f.curves[3].radius = -2))).toBe(
      'curves[3].radius: expected a positive number, got -2',
    );
  });

  it('format and version', () => {
    expect(errorOf((f) => (f.format = 'inkscape'))).toMatch(
      /^format: expected "curvewright".*got "inkscape"$/,
    );
    expect(errorOf((f) => delete f.format)).toMatch(/^format: .*got nothing$/);
    expect(errorOf((f) => (f.version = 3))).toBe(
      'version: version 3 is newer than this Curvewright understands (up to 2); please update Curvewright',
    );
    expect(errorOf((f) => (f.version = 1.5))).toBe('version: expected a version number, got 1.5');
    expect(errorOf((f) => (f.version = '1'))).toBe('version: expected a version number, got "1"');
    expect(errorOf((f) => (f.version = -1))).toBe('version: expected a version number, got -1');
  });

  it('wrong types', () => {
    expect(errorOf((f) => (f.curves = {}))).toBe('curves: expected an array, got an object');
    expect(errorOf((f) => (f.curves[0].at = [1]))).toBe(
      'curves[0].at: expected an array of 2, got an array of 1',
    );
    expect(errorOf((f) => (f.curves[0].at[1] = '3'))).toBe(
      'curves[0].at[1]: expected a number within ±1e9, got "3"',
    );
    expect(errorOf((f) => (f.curves[8].closed = 'yes'))).toBe(
      'curves[8].closed: expected true or false, got "yes"',
    );
    expect(errorOf((f) => (f.constraints[0].point = null))).toBe(
      'constraints[0].point: expected an object, got null',
    );
    expect(errorOf((f) => delete f.view)).toBe('view: missing');
    expect(errorOf((f) => (f.meta.extra = 1))).toBe('meta.extra: unknown field');
  });

  it('names of Object.prototype are not kinds, fields or parameters', () => {
    expect(errorOf((f) => (f.curves[3].kind = 'constructor'))).toMatch(
      /^curves\[3\]\.kind: "constructor" is not one of point, /,
    );
    expect(errorOf((f) => (f.constraints[0].kind = 'toString'))).toMatch(
      /^constraints\[0\]\.kind: "toString" is not one of /,
    );
    expect(errorOf((f) => (f.curves[5].toString = 1))).toBe('curves[5].toString: unknown field');
    const proto = allKindsText.replace('"params": { "cx": 180', '"params": { "__proto__": 3, "cx": 180');
    expect(textError(proto)).toBe('curves[9].params.__proto__: invalid name');
    const renamed = (f: Record<string, any>) => {
      f.equations[0].params[0].name = 'constructor';
      f.equations[0].x = 'cx + constructor*cos(3*u)';
      f.equations[0].y = 'cy + constructor*sin(2*u)';
    };
    expect(errorOf(renamed)).toBe('curves[9].params.constructor: missing');
  });

  it('unknown kinds', () => {
    expect(errorOf((f) => (f.curves[1].kind = 'hyperbola'))).toMatch(
      /^curves\[1\]\.kind: "hyperbola" is not one of point, segment, /,
    );
    expect(errorOf((f) => (f.constraints[1].kind = 'glue'))).toMatch(
      /^constraints\[1\]\.kind: "glue" is not one of the 18 kinds attach, on-curve, pin, distance, horizontal, …$/,
    );
  });

  it('non-finite and absurd numbers', () => {
    expect(errorOf((f) => (f.curves[3].radius = 1e308))).toBe(
      'curves[3].radius: expected a positive number up to 1e9, got 1e+308',
    );
    expect(errorOf((f) => (f.curves[3].radius = 0))).toBe(
      'curves[3].radius: expected a positive number, got 0',
    );
    expect(errorOf((f) => (f.curves[1].b[0] = 2e9))).toBe(
      'curves[1].b[0]: expected a number within ±1e9, got 2000000000',
    );
    expect(errorOf((f) => (f.view.zoom = 0))).toMatch(/^view\.zoom: expected a zoom/);
    expect(errorOf((f) => (f.constraints[3].a.u = 1.5))).toBe(
      'constraints[3].a.u: expected a number in [0, 1], got 1.5',
    );
    // 1e999 is valid JSON syntax that parses to Infinity.
    expect(textError(allKindsText.replace('"radius": 15', '"radius": 1e999'))).toBe(
      'curves[3].radius: expected a positive number, got Infinity',
    );
    expect(textError(allKindsText.replace('"radius": 15', '"radius": -1e999'))).toBe(
      'curves[3].radius: expected a positive number, got -Infinity',
    );
  });

  it('the literal tokens NaN and Infinity are JSON syntax errors with a position', () => {
    const nan = allKindsText.replace('"radius": 15', '"radius": NaN');
    expect(textError(nan)).toBe(
      "not valid JSON: unexpected 'NaN' (JSON has no NaN or Infinity) at line 28, column 17",
    );
    expect(textError(allKindsText.replace('"zoom": 3.5', '"zoom": -Infinity'))).toBe(
      "not valid JSON: unexpected '-Infinity' (JSON has no NaN or Infinity) at line 160, column 13",
    );
  });

  it('duplicate ids across every collection', () => {
    expect(errorOf((f) => (f.curves[1].id = 'p1'))).toBe(
      'curves[1].id: duplicate id "p1" (also used by curves[0])',
    );
    expect(errorOf((f) => (f.constraints[0].id = 'c1'))).toBe(
      'constraints[0].id: duplicate id "c1" (also used by curves[3])',
    );
    expect(errorOf((f) => (f.springs[0].id = 'k1'))).toMatch(/^springs\[0\]\.id: duplicate id "k1"/);
    expect(errorOf((f) => (f.traces[0].id = 'sp-1'))).toMatch(/^traces\[0\]\.id: duplicate id "sp-1"/);
    expect(errorOf((f) => (f.equations[0].id = 't1'))).toMatch(/^equations\[0\]\.id: duplicate id "t1"/);
  });

  it('dangling references', () => {
    expect(errorOf((f) => (f.constraints[1].b.curve = 'c9'))).toBe(
      'constraints[1].b.curve: unknown curve "c9"',
    );
    expect(errorOf((f) => (f.constraints[2].curve = 'gone'))).toBe(
      'constraints[2].curve: unknown curve "gone"',
    );
    expect(errorOf((f) => (f.constraints[4].bar = 'nobar'))).toBe(
      'constraints[4].bar: unknown curve "nobar"',
    );
    expect(errorOf((f) => (f.constraints[4].bar = 'c1'))).toBe(
      'constraints[4].bar: expected a bar, an ellipse or an equation curve, got the circle "c1"',
    );
    expect(errorOf((f) => (f.curves[9].definition = 'spiral'))).toBe(
      'curves[9].definition: unknown equation "spiral"',
    );
    expect(errorOf((f) => (f.springs[0].b.curve = 'x'))).toBe('springs[0].b.curve: unknown curve "x"');
    expect(errorOf((f) => (f.traces[0].point.curve = 'x'))).toBe('traces[0].point.curve: unknown curve "x"');
  });

  it('connectors, motors and equation parameters must be complete and consistent', () => {
    expect(errorOf((f) => (f.constraints[1].a.u = 0.5))).toBe(
      'constraints[1].a: expected exactly one of u or anchor',
    );
    expect(errorOf((f) => delete f.constraints[1].a.anchor)).toBe(
      'constraints[1].a: expected exactly one of u or anchor',
    );
    expect(errorOf((f) => delete f.constraints[5].pivot)).toBe(
      'constraints[5]: expected either bar or both point and pivot',
    );
    expect(errorOf((f) => (f.constraints[4].point = { curve: 'b1', u: 0 }))).toBe(
      'constraints[4]: expected either bar or point and pivot, not both',
    );
    expect(errorOf((f) => delete f.curves[9].params.cy)).toBe('curves[9].params.cy: missing');
    expect(errorOf((f) => (f.curves[9].params.k = 1))).toBe(
      'curves[9].params.k: not a parameter of equation "lissajous"',
    );
    expect(errorOf((f) => (f.equations[0].u1 = -1))).toBe(
      'equations[0].u1: expected a number greater than u0 (0), got -1',
    );
    expect(errorOf((f) => (f.equations[0].params[2].name = 'r'))).toBe(
      'equations[0].params[2].name: duplicate parameter "r"',
    );
  });

  it('equation definitions are compiled: syntax errors name the field and column', () => {
    expect(errorOf((f) => (f.equations[0].x = 'cx + r*son(3*u)'))).toBe(
      "equations[0].x: unknown function 'son' at column 8",
    );
    expect(errorOf((f) => (f.equations[0].y = 'cy + (r'))).toMatch(/^equations\[0\]\.y: .* at column \d+$/);
  });

  it('the engine must be able to build what is loaded (checked on load, keeping the engine path)', () => {
    const text = allKindsText.replace('"x": "cx + r*cos(3*u)"', '"x": "cx + r*sqrt(u - 7)"');
    expect(textError(text)).toMatch(/^curves\[9\]: .*x is not finite at u = 0 for these parameters$/);
  });

  it('whole-file problems', () => {
    expect(textError('')).toBe('the file is empty');
    expect(textError(' \n\t')).toBe('the file is empty');
    expect(textError('[1, 2]')).toBe('expected a Curvewright drawing (a JSON object), got an array of 2');
    expect(textError('"x"')).toBe('expected a Curvewright drawing (a JSON object), got "x"');
    expect(textError(allKindsText.slice(0, 500))).toMatch(
      /^not valid JSON: unexpected end of file \(is the file truncated\?\) at line \d+, column \d+$/,
    );
  });
});

describe('locateJsonError', () => {
  it('finds the first error by line and column, and accepts what JSON.parse accepts', () => {
    expect(locateJsonError('{"a": [1, 2,]}')?.message).toBe(
      "not valid JSON: unexpected ']' at line 1, column 13",
    );
    expect(locateJsonError('{\n  "a": 1\n  "b": 2}')?.message).toBe(
      `not valid JSON: unexpected '"' at line 3, column 3`,
    );
    expect(locateJsonError('{"a": tru}')?.message).toBe(
      "not valid JSON: unexpected 'tru' at line 1, column 7",
    );
    expect(locateJsonError("{'a': 1}")?.message).toBe(
      `not valid JSON: expected a quoted field name, got ''' at line 1, column 2`,
    );
    expect(locateJsonError('{"a": "x\ny"}')?.message).toBe(
      'not valid JSON: unexpected control character U+000A at line 1, column 9',
    );
    expect(locateJsonError('{} x')?.message).toBe("not valid JSON: unexpected 'x' at line 1, column 4");
    expect(locateJsonError('{"a":"\\q"}')?.message).toBe('not valid JSON: bad escape at line 1, column 7');
    for (const ok of ['{}', '[]', '[[],{}]', '{"a":[1,-2.5e-3,true,false,null,"\\u00e9\\n"]}', ' 0 ']) {
      expect(() => JSON.parse(ok)).not.toThrow();
      expect(locateJsonError(ok)).toBeNull();
    }
  });
});
