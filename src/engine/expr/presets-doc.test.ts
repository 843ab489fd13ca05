// docs/equations.md's preset table says what presets.ts holds: every preset, in the dialog's order, with its u range
// and its parameters (which are free, and the fixed ones' values). A preset added or changed without its row fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EQUATION_PRESETS } from './presets';
import type { EquationDefinition } from '../../shared/drawing';

const doc = readFileSync(new URL('../../../docs/equations.md', import.meta.url), 'utf8');

/** u as the table writes it: a whole multiple of π (4π, 2π) or the number itself. */
function uText(u: number): string {
  const turns = u / Math.PI;
  if (u !== 0 && Number.isInteger(Math.round(turns * 1e9) / 1e9))
    return `${Math.round(turns) === 1 ? '' : Math.round(turns)}π`;
  return String(u);
}

function row(p: EquationDefinition): string[] {
  const free = p.params.filter((q) => q.free).map((q) => q.name);
  const fixed = p.params.filter((q) => !q.free).map((q) => `${q.name} = ${q.value}`);
  return [
    `\`${p.id}\``,
    `${uText(p.u0)} … ${uText(p.u1)}${p.closed ? ', closed' : ''}`,
    `${free.join(', ')} free; ${fixed.join(', ')}`,
  ];
}

describe("docs/equations.md's preset table", () => {
  it('lists every preset in order with its u range and parameters', () => {
    const rows = doc
      .split('\n')
      .filter((line) => line.startsWith('| `preset-'))
      .map((line) => {
        const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
        return [cells[1], cells[4], cells[5]];
      });
    expect(rows).toEqual(EQUATION_PRESETS.map(row));
  });
});
