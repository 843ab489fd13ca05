// Validation of a definition beyond syntax: it must also evaluate to finite numbers (and finite derivatives,
// which the engine's Jacobians are made of) across its u range for the given parameter values.

import type { EquationDefinition } from '../../shared/drawing';
import { compileDefinition, type CompiledDefinition } from './definition';
import type { DefinitionError } from './errors';

/** Samples of u checked: u0, u1, the midpoint and evenly between. */
export const VALIDATION_SAMPLES = 64;

/** "0.5", "3.14159", "-2e-7": short and exact enough to find the spot again. */
export function formatU(u: number): string {
  return String(Number(u.toPrecision(6)));
}

/** The names of the outputs of the `first` tape: x, y, ∂x/∂u, ∂y/∂u, ∂x/∂q, ∂y/∂q, … */
function firstOutputNames(compiled: CompiledDefinition): string[] {
  const names = ['x', 'y', '∂x/∂u', '∂y/∂u'];
  for (const i of compiled.freeParams) {
    const q = compiled.paramNames[i];
    names.push(`∂x/∂${q}`, `∂y/∂${q}`);
  }
  return names;
}

/**
 * The first non-finite output over the sampled u, for the given parameter values (declared order): an error
 * like "x is not finite at u = 0.5 for these parameters", or null. `positionsOnly` checks x and y alone.
 */
export function findNonFinite(
  compiled: CompiledDefinition,
  values: ArrayLike<number>,
  positionsOnly = false,
): DefinitionError | null {
  const ev = compiled.createEvaluator();
  ev.setParams(values);
  const names = positionsOnly ? ['x', 'y'] : firstOutputNames(compiled);
  const out = new Float64Array(names.length);
  const { u0, u1 } = compiled.definition;
  for (let i = 0; i <= VALIDATION_SAMPLES; i++) {
    const u = i === VALIDATION_SAMPLES ? u1 : u0 + ((u1 - u0) * i) / VALIDATION_SAMPLES;
    if (positionsOnly) ev.position(out, u);
    else ev.first(out, u);
    for (let k = 0; k < names.length; k++) {
      if (Number.isFinite(out[k])) continue;
      const field = k % 2 === 0 ? 'x' : 'y';
      return {
        field,
        column: null,
        message: `${names[k]} is not finite at u = ${formatU(u)} for these parameters`,
      };
    }
  }
  return null;
}

/**
 * For a definition marked closed: an error when p(u1) is not p(u0) (to 1e-9 of the curve's size), since a bead on
 * a closed curve wraps from one end to the other. Null when open, or when the ends meet.
 */
export function findOpenEnds(
  compiled: CompiledDefinition,
  values: ArrayLike<number>,
): DefinitionError | null {
  const { u0, u1, closed } = compiled.definition;
  if (!closed) return null;
  const ev = compiled.createEvaluator();
  ev.setParams(values);
  const p = new Float64Array(2);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i <= VALIDATION_SAMPLES; i++) {
    ev.position(p, u0 + ((u1 - u0) * i) / VALIDATION_SAMPLES);
    minX = Math.min(minX, p[0]);
    minY = Math.min(minY, p[1]);
    maxX = Math.max(maxX, p[0]);
    maxY = Math.max(maxY, p[1]);
  }
  ev.position(p, u0);
  const [x0, y0] = p;
  ev.position(p, u1);
  const gap = Math.hypot(p[0] - x0, p[1] - y0);
  const size = Math.max(maxX - minX, maxY - minY, 1e-300);
  if (!(gap > 1e-9 * size)) return null;
  return {
    field: 'closed',
    column: null,
    message: `closed, but the curve ends ${formatU(gap)} away from where it starts (u1 should bring it back)`,
  };
}

/**
 * Every problem of a definition: syntax and names (with columns), parameters and range, then non-finite values
 * or derivatives at sampled u, then ends that do not meet on a curve marked closed. `values` overrides the declared parameter values by name (a curve's own values).
 */
export function validateDefinition(
  def: EquationDefinition,
  values?: Record<string, number>,
): DefinitionError[] {
  const result = compileDefinition(def);
  if (!result.ok) return result.errors;
  const compiled = result.compiled;
  const vector = Float64Array.from(compiled.defaults);
  if (values) {
    compiled.paramNames.forEach((name, i) => {
      // Own keys only: a parameter called 'constructor' must not find Object.prototype's.
      if (Object.hasOwn(values, name)) vector[i] = values[name];
    });
  }
  const problem = findNonFinite(compiled, vector) ?? findOpenEnds(compiled, vector);
  return problem ? [problem] : [];
}
