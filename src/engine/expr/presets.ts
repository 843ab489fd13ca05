// Ready-made equation definitions. Each has its position (cx, cy) and a turn about it (rot, radians; the
// involute's phi) as free parameters, so the curve can be dragged, turned and attached; shape parameters are fixed
// (the user edits them in the dialog or makes them free). Lengths in mm, y down: a curve that should bulge up on
// screen uses −y.

import type { EquationDefinition, EquationParam } from '../../shared/drawing';

const TAU = 2 * Math.PI;

function free(name: string, value: number): EquationParam {
  return { name, value, free: true };
}
function fixed(name: string, value: number): EquationParam {
  return { name, value, free: false };
}

/**
 * A shape given in its own frame (X, Y: expressions of u and the shape parameters) turned by `rot` about (cx, cy)
 * and placed there: at rot = 0 it reads x = cx + X, y = cy + Y.
 */
function placed(X: string, Y: string): { x: string; y: string } {
  return {
    x: `cx + cos(rot) * (${X}) - sin(rot) * (${Y})`,
    y: `cy + sin(rot) * (${X}) + cos(rot) * (${Y})`,
  };
}

const PRESET_LIST: readonly EquationDefinition[] = [
  {
    id: 'preset-involute',
    name: 'Involute of a circle',
    // The flank of a gear tooth: unwinding a taut string from a base circle of radius r, starting at angle phi.
    x: 'cx + r * (cos(u + phi) + u * sin(u + phi))',
    y: 'cy + r * (sin(u + phi) - u * cos(u + phi))',
    u0: 0,
    u1: 3,
    closed: false,
    params: [free('cx', 0), free('cy', 0), free('phi', 0), fixed('r', 10)],
  },
  {
    id: 'preset-cycloid',
    name: 'Cycloid',
    // A point on a wheel of radius r rolling along the line y = cy: two arches.
    ...placed('r * (u - sin(u))', '-(r * (1 - cos(u)))'),
    u0: 0,
    u1: 2 * TAU,
    closed: false,
    params: [free('cx', 0), free('cy', 0), free('rot', 0), fixed('r', 10)],
  },
  {
    id: 'preset-epicycloid',
    name: 'Epicycloid',
    // A point on a circle of radius r rolling outside a circle of radius R (R/r = 3: three cusps).
    ...placed('(R + r) * cos(u) - r * cos((R + r) / r * u)', '(R + r) * sin(u) - r * sin((R + r) / r * u)'),
    u0: 0,
    u1: TAU,
    closed: true,
    params: [free('cx', 0), free('cy', 0), free('rot', 0), fixed('R', 30), fixed('r', 10)],
  },
  {
    id: 'preset-hypocycloid',
    name: 'Hypocycloid',
    // A point on a circle of radius r rolling inside a circle of radius R (R/r = 4: the astroid).
    ...placed('(R - r) * cos(u) + r * cos((R - r) / r * u)', '(R - r) * sin(u) - r * sin((R - r) / r * u)'),
    u0: 0,
    u1: TAU,
    closed: true,
    params: [free('cx', 0), free('cy', 0), free('rot', 0), fixed('R', 40), fixed('r', 10)],
  },
  {
    id: 'preset-spiral',
    name: 'Archimedean spiral',
    // Radius a + b·θ: the turns are 2π·b apart (three turns).
    ...placed('(a + b * u) * cos(u)', '(a + b * u) * sin(u)'),
    u0: 0,
    u1: 3 * TAU,
    closed: false,
    params: [free('cx', 0), free('cy', 0), free('rot', 0), fixed('a', 0), fixed('b', 2)],
  },
  {
    id: 'preset-lemniscate',
    name: 'Lemniscate of Bernoulli',
    // The figure eight whose lobes reach ±a along x.
    ...placed('a * cos(u) / (1 + sin(u)^2)', 'a * sin(u) * cos(u) / (1 + sin(u)^2)'),
    u0: 0,
    u1: TAU,
    closed: true,
    params: [free('cx', 0), free('cy', 0), free('rot', 0), fixed('a', 30)],
  },
  {
    id: 'preset-sine',
    name: 'Sine wave',
    // `cycles` periods over `length` mm, amplitude `amplitude` (up on screen first).
    ...placed('length * u', '-(amplitude * sin(2 * pi * cycles * u))'),
    u0: 0,
    u1: 1,
    closed: false,
    params: [
      free('cx', 0),
      free('cy', 0),
      free('rot', 0),
      fixed('length', 60),
      fixed('amplitude', 10),
      fixed('cycles', 2),
    ],
  },
  {
    id: 'preset-superellipse',
    name: 'Superellipse',
    // |x/a|^n + |y/b|^n = 1 in polar form: n = 2 is an ellipse, larger n a rounded rectangle.
    ...placed(
      'cos(u) / (abs(cos(u) / a)^n + abs(sin(u) / b)^n)^(1 / n)',
      'sin(u) / (abs(cos(u) / a)^n + abs(sin(u) / b)^n)^(1 / n)',
    ),
    u0: 0,
    u1: TAU,
    closed: true,
    params: [free('cx', 0), free('cy', 0), free('rot', 0), fixed('a', 30), fixed('b', 20), fixed('n', 4)],
  },
];

/** The presets, in the order the dialog lists them. Read-only: take a copy with `presetDefinition`. */
export const EQUATION_PRESETS: readonly EquationDefinition[] = PRESET_LIST;

/** A fresh, mutable copy of the preset with this id (or null). */
export function presetDefinition(id: string): EquationDefinition | null {
  const preset = PRESET_LIST.find((p) => p.id === id);
  return preset ? structuredClone(preset) : null;
}
