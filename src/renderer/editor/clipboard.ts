// The in-app clipboard's records: what copying a selection takes along, and the `add` a paste or a duplicate
// sends. Pure functions of the drawing. Copying takes the selected curves and every constraint, spring and trace
// whose referenced curves are all copied (so a pasted four-bar is still a four-bar), and the equation definitions
// the curves use. Pasting gives each record a fresh id, renames the references to match and moves the copy by an
// offset (pins with it, so they hold the copy where it was put, not where the original is).

import { emptyTrail } from '../../shared/trail';
import type {
  Constraint,
  Curve,
  Drawing,
  EquationDefinition,
  Spring,
  Trace,
  Vec2,
} from '../../shared/drawing';
import type { AddCommand } from '../../shared/edit-commands';
import { referencedCurves, renameCurveReferences } from '../../shared/references';
import { translateCurve } from '../../shared/rigid-move';
import { withPositiveSizes } from '../../shared/positive-sizes';

export interface ClipboardRecords {
  curves: Curve[];
  constraints: Constraint[];
  springs: Spring[];
  traces: Trace[];
  equations: EquationDefinition[];
}

/**
 * The records copying `ids` takes (null when no curve is among them: nothing to paste), as a file holds them:
 * positive sizes (a radius the engine took through zero is its size; the same points, positive-sizes.ts), so the
 * paste's `add` is one the records accept.
 */
export function copyRecords(shown: Drawing, ids: Iterable<string>): ClipboardRecords | null {
  const wanted = new Set(ids);
  if (!shown.curves.some((c) => wanted.has(c.id))) return null;
  const drawing = withPositiveSizes(shown);
  const curves = drawing.curves.filter((c) => wanted.has(c.id));
  if (curves.length === 0) return null;
  const copied = new Set(curves.map((c) => c.id));
  const among = (item: Constraint | Spring | Trace) => {
    const refs = referencedCurves(item);
    return refs.length > 0 && refs.every((id) => copied.has(id));
  };
  const definitions = new Set(curves.flatMap((c) => (c.kind === 'equation' ? [c.definition] : [])));
  return structuredClone({
    curves,
    constraints: drawing.constraints.filter(among),
    springs: drawing.springs.filter(among),
    // A trace is copied without its trail (a paste starts it empty): a long trail is not cloned to be dropped.
    traces: drawing.traces.filter(among).map((t) => ({ ...t, points: emptyTrail() })),
    equations: drawing.equations.filter((e) => definitions.has(e.id)),
  });
}

const add = (p: Vec2, by: Vec2): Vec2 => [p[0] + by[0], p[1] + by[1]];

/** Prefixes of the fresh ids (the renderer's IdSource): curves, constraints, springs, traces. */
export type IdPrefix = 'c' | 'k' | 's' | 't';

/**
 * The `add` that pastes `records` into `drawing`, moved by `offset`: fresh ids from `newId`, references renamed.
 * A definition the drawing already has (same id) is used as it is; a missing one comes along.
 */
export function pasteCommand(
  records: ClipboardRecords,
  drawing: Drawing,
  newId: (prefix: IdPrefix) => string,
  offset: Vec2,
): AddCommand {
  const ids = new Map<string, string>();
  for (const c of records.curves) ids.set(c.id, newId('c'));
  const rename = (id: string) => ids.get(id) ?? id;
  const have = new Set(drawing.equations.map((e) => e.id));
  const equations = records.equations.filter((e) => !have.has(e.id));
  const command: AddCommand = {
    type: 'add',
    curves: records.curves.map((c) => ({ ...translateCurve(c, offset), id: rename(c.id) })),
    constraints: records.constraints.map((k) => {
      const copy = { ...renameCurveReferences(k, rename), id: newId('k') };
      if (copy.kind === 'pin') copy.at = add(copy.at, offset);
      // A dimension's name is unique in the drawing (expressions use it): the copy has none; its expression stays.
      if ('name' in copy) delete copy.name;
      return copy;
    }),
    springs: records.springs.map((sp) => ({ ...renameCurveReferences(sp, rename), id: newId('s') })),
    // A trace's recorded trail is the original's: the copy starts empty, recording when the mechanism plays.
    traces: records.traces.map((t) => ({ ...renameCurveReferences(t, rename), id: newId('t'), points: [] })),
  };
  if (equations.length) command.equations = structuredClone(equations);
  return command;
}
