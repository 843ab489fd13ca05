// A constraint's state and the solver's measures of it in words a user reads: the tooltip on the canvas and the
// constraints list say whether it holds ("holds", "holds; others already fix it", "conflicts with other
// constraints"); the residual and the tension — what someone debugging a drawing wants — are shown only on demand
// (View ▸ Solver Details), as "error" (how far it is from holding, in its own unit) and "force" (how hard it pulls
// to hold).

import type { ConstraintState } from '../../shared/constraint-state';
import type { ConstraintStatus } from '../../shared/contract';

export const STATE_WORDS: Record<ConstraintState, string> = {
  ok: 'holds',
  redundant: 'holds; others already fix it',
  violated: 'not met',
  binding: 'holds the locked mechanism still',
  conflicting: 'conflicts with other constraints',
};

/** A measure, short: exponent form for the very small and the very large, two decimals between; 0 as "0". */
export function formatMeasure(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  return abs >= 1000 || abs < 0.01 ? value.toExponential(1) : value.toFixed(2);
}

/** The solver's measures of one constraint: "error 1.0e+1 · force 0". */
export function measuresText(status: Pick<ConstraintStatus, 'residual' | 'tension'>): string {
  return `error ${formatMeasure(status.residual)} · force ${formatMeasure(status.tension)}`;
}

/** The tooltip of a hovered constraint: "radius 1: holds", and its measures when asked for. */
export function constraintTooltip(
  name: string,
  state: ConstraintState | null,
  status: Pick<ConstraintStatus, 'residual' | 'tension'>,
  details: boolean,
): string {
  const said = `${name}: ${STATE_WORDS[state ?? 'ok']}`;
  return details ? `${said} · ${measuresText(status)}` : said;
}
