// `check <file> [--json]`: validates a drawing as the app would open it, builds the engine and reports the
// counts, the degrees of freedom (of the whole and of each connected component, and which curves still move), the
// largest constraint residual, the redundant and conflicting groups of constraints, and the parameters' values.

import { DocumentError, loadDrawingDocument } from '../../document/file-io';
import { engineFor } from '../../document/validate';
import { CURRENT_VERSION } from '../../document/format-schema';
import type { Diagnostics } from '../../engine';
import { constraintState, type ConstraintState } from '../../shared/constraint-state';
import type { Constraint } from '../../shared/drawing';
import { parameterQuantity, parameterShown } from '../../shared/parameter-units';
import { flag, formatResidual, oneFile, parseArgs } from '../args';
import type { CliCommand } from './command';

function countByKind(items: { kind: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { kind } of items) out[kind] = (out[kind] ?? 0) + 1;
  return out;
}

function describeCounts(total: number, kinds: Record<string, number>): string {
  const parts = Object.entries(kinds).map(([k, n]) => `${k} ${n}`);
  return parts.length ? `${total} (${parts.join(', ')})` : String(total);
}

export interface CheckReport {
  file: string;
  valid: true;
  /** The version the file was written in; below the current one it was migrated. */
  version: number;
  curves: { count: number; kinds: Record<string, number> };
  constraints: { count: number; kinds: Record<string, number> };
  springs: number;
  traces: number;
  equations: number;
  dof: number;
  maxResidual: number;
  /** Every constraint of a redundant (conflicting) group; the groups themselves below. */
  redundant: string[];
  conflicting: string[];
  /** Sets of constraints that depend on each other: any one of a group can go. Redundant ones agree. */
  redundantGroups: string[][];
  conflictingGroups: string[][];
  /** The connected components (curves linked by constraints) and their degrees of freedom. */
  components: { curves: string[]; dof: number }[];
  /** Curves some motion the constraints allow still moves; the others are fully constrained. */
  freeCurves: string[];
  /**
   * Every constraint in declared order with its kind and what the editor's list says of it (ok, redundant,
   * violated, conflicting: src/shared/constraint-state.ts; binding needs a playing mechanism), its residual and
   * its tension.
   */
  constraintStates: { id: string; kind: string; state: ConstraintState; residual: number; tension: number }[];
  /**
   * The parameters (only when the drawing has some): each value as its expression gave it on load, in its unit as
   * the UI shows it (mm, degrees, plain). An expression that fails makes the file invalid, named at its path.
   */
  parameters?: { name: string; value: number; unit: string; expression?: string }[];
}

/** The groups on one line: "a, b; c, d", or "none". */
function describeGroups(groups: string[][]): string {
  return groups.length ? groups.map((g) => g.join(', ')).join('; ') : 'none';
}

/** How many components have each DOF: "3 (DOF 0: 2, DOF 3: 1)". */
function describeComponents(components: { dof: number }[]): string {
  const byDof = new Map<number, number>();
  for (const { dof } of components) byDof.set(dof, (byDof.get(dof) ?? 0) + 1);
  const parts = [...byDof].sort(([a], [b]) => a - b).map(([dof, n]) => `DOF ${dof}: ${n}`);
  return parts.length ? `${components.length} (${parts.join(', ')})` : '0';
}

function constraintStates(constraints: Constraint[], d: Diagnostics): CheckReport['constraintStates'] {
  const redundant = new Set(d.redundant);
  const conflicting = new Set(d.conflicting);
  const measured = new Map(d.constraints.map((k) => [k.id, k]));
  return constraints.map(({ id, kind }) => {
    // A constraint with no rows (a reference dimension) has no measure: it holds by definition.
    const { residual, tension } = measured.get(id) ?? { residual: 0, tension: 0 };
    const findings = { conflicting: conflicting.has(id), redundant: redundant.has(id), residual };
    return { id, kind, state: constraintState(findings), residual, tension };
  });
}

export const checkCommand: CliCommand = {
  name: 'check',
  usage: 'check <file> [--json]',
  summary: 'validate a drawing and report its degrees of freedom, residual and constraint problems',
  help: [
    'Validates the file exactly as the app does when opening it, then builds the engine and prints the curves,',
    'constraints, degrees of freedom (and per connected component), the curves still free to move, the largest',
    'constraint residual, the redundant and conflicting groups of constraints (any one of a group can go), and',
    'each constraint with its kind and state (ok, redundant, violated, conflicting), and each parameter with its',
    'value (as its expression gives it) and expression.',
    '',
    'Options:',
    '  --json   print one JSON object instead of text (on an invalid file: {"file", "valid": false, "error", "path"})',
    '',
    'Exit status: 0 valid, 1 invalid (the first problem on one line on stderr), 2 bad usage.',
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, { json: { kind: 'flag' } });
    const file = oneFile(args);
    const json = flag(args, 'json');
    let drawing;
    let version;
    try {
      ({ drawing, version } = await loadDrawingDocument(file));
    } catch (error) {
      if (json && error instanceof DocumentError)
        io.out(JSON.stringify({ file, valid: false, error: error.message, path: error.path }));
      throw error;
    }
    const d = engineFor(drawing).diagnostics();
    const report: CheckReport = {
      file,
      valid: true,
      version,
      curves: { count: drawing.curves.length, kinds: countByKind(drawing.curves) },
      constraints: { count: drawing.constraints.length, kinds: countByKind(drawing.constraints) },
      springs: drawing.springs.length,
      traces: drawing.traces.length,
      equations: drawing.equations.length,
      dof: d.dof,
      maxResidual: d.maxResidual,
      redundant: d.redundant,
      conflicting: d.conflicting,
      redundantGroups: d.redundantGroups,
      conflictingGroups: d.conflictingGroups,
      components: d.components,
      freeCurves: d.freeCurves,
      constraintStates: constraintStates(drawing.constraints, d),
      ...(drawing.parameters?.length && {
        parameters: drawing.parameters.map((p) => ({
          name: p.name,
          value: parameterShown(p),
          unit: p.unit,
          ...(p.expression !== undefined && { expression: p.expression }),
        })),
      }),
    };
    if (json) {
      io.out(JSON.stringify(report));
      return 0;
    }
    io.out(
      version < CURRENT_VERSION
        ? `${file}: valid (version ${version}, read as version ${CURRENT_VERSION}: saving will update it)`
        : `${file}: valid`,
    );
    io.out(`curves: ${describeCounts(report.curves.count, report.curves.kinds)}`);
    io.out(`constraints: ${describeCounts(report.constraints.count, report.constraints.kinds)}`);
    io.out(`springs: ${report.springs}`);
    io.out(`traces: ${report.traces}`);
    io.out(`equations: ${report.equations}`);
    io.out(`degrees of freedom: ${report.dof}`);
    io.out(`components: ${describeComponents(report.components)}`);
    io.out(`free curves: ${report.freeCurves.length ? report.freeCurves.join(', ') : 'none'}`);
    io.out(`max residual: ${formatResidual(report.maxResidual)}`);
    io.out(`redundant: ${describeGroups(report.redundantGroups)}`);
    io.out(`conflicting: ${describeGroups(report.conflictingGroups)}`);
    const problems = report.constraintStates.filter((k) => k.state !== 'ok');
    io.out(
      `constraint states: ${report.constraintStates.length - problems.length} ok` +
        problems.map((k) => `; ${k.id} (${k.kind}) ${k.state}`).join(''),
    );
    if (drawing.parameters?.length)
      io.out(
        `parameters: ${drawing.parameters
          .map(
            (p) => `${p.name} = ${parameterQuantity(p, p.value)}${p.expression ? ` (${p.expression})` : ''}`,
          )
          .join(', ')}`,
      );
    return 0;
  },
};
