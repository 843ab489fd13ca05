// What the status bar says after an action, beyond the tool's hint, and what goes with it: the gist in one short
// line, the whole of it (the line's tooltip), the constraints and curves it is about — highlighted on the canvas
// and listed in full in the constraints panel — and one-click answers. Two come from the session's answers: a
// refusal by the constraints ("distance 1 cannot be 100 mm: segment 1, segment 2, segment 3 cannot close — 8
// constraints in the way…"), and a constraint just added that says what others already say ("horizontal 2 is
// redundant: horizontal 1 already fixes it", with Make Reference for a dimension, and Remove). A notice belongs to
// the action and the drawing that caused it: the editor drops it at the next action (editor.ts, clearMessage).

import { dimensionQuantity, isDimension } from '../../shared/dimension-value';
import type { Drawing, Vec2 } from '../../shared/drawing';
import type { EditCommand } from '../../shared/edit-commands';
import { errorLine } from '../../shared/error-line';
import { fieldUnit } from '../../shared/field-units';
import { refusalCulprits, type Culprits } from '../../shared/refusal';
import { formatQuantity, formatShown } from '../../shared/units';
import { userMessage } from '../../shared/user-message';
import { referencedCurves } from '../../shared/references';

export interface NoticeOffer {
  /** The button's text, and its data-offer name (what the tests click). */
  label: string;
  name: string;
  /** The one undoable edit the button sends. */
  command: EditCommand;
}

export interface Notice {
  /** The status line: the gist, short enough to read whole. */
  text: string;
  /** All of it, in the user's words (the status line's tooltip). */
  detail: string;
  /** What it is about, highlighted on the canvas and listed in the constraints panel under `heading`. */
  culprits: (Culprits & { heading: string }) | null;
  offers: NoticeOffer[];
}

/** How many names a status line lists before "and N more" (the panel lists them all). */
const NAMES_IN_LINE = 3;

/** "a, b, c and 5 more". */
export function nameList(names: readonly string[], most = NAMES_IN_LINE): string {
  if (names.length <= most) return names.join(', ');
  return `${names.slice(0, most).join(', ')} and ${names.length - most} more`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What an action was, as the gist begins it: "distance 1 cannot be 100 mm", "crank length cannot be 200 mm",
 * "segment 1 cannot move 1 mm right"; null when there is nothing better to say than the session's line.
 */
export type Subject = { command: EditCommand } | { move: { ids: readonly string[]; by: Vec2 } };

function subjectText(subject: Subject, drawing: Drawing, names: Map<string, string>): string | null {
  if ('move' in subject) {
    const { ids, by } = subject.move;
    const what = nameList(ids.map((id) => names.get(id) ?? id));
    return `${what} cannot move by (${formatShown(by[0], 3)}, ${formatShown(by[1], 3)}) mm`;
  }
  const { command } = subject;
  if (command.type === 'add') {
    const kinds = [...new Set((command.constraints ?? []).map((k) => k.kind))];
    return kinds.length === 1 ? `the ${kinds[0]} cannot be added` : 'that cannot be added';
  }
  if (command.type !== 'set' || typeof command.value !== 'number') return null;
  const name = names.get(command.id) ?? command.id;
  const k = drawing.constraints.find((c) => c.id === command.id);
  if (k && isDimension(k)) return `${name} cannot be ${dimensionQuantity(k, command.value)}`;
  const curve = drawing.curves.find((c) => c.id === command.id);
  const owner = curve ? { curve: curve.kind } : k ? { constraint: k.kind } : null;
  if (!owner) return null;
  return `${name} ${command.field} cannot be ${formatQuantity(fieldUnit(owner, command.field), command.value)}`;
}

/**
 * A refusal as the status bar says it: the gist (what could not be done, which curves cannot close, how many
 * constraints are in the way), the whole line as its tooltip, and the culprits to highlight and list.
 */
export function refusalNotice(
  error: unknown,
  drawing: Drawing,
  names: Map<string, string>,
  subject: Subject | null,
): Notice {
  const raw = error instanceof Error ? error.message : String(error);
  const command = subject && 'command' in subject ? subject.command : undefined;
  const detail = errorLine(userMessage(error, drawing, command));
  const culprits = refusalCulprits(raw, drawing);
  const lead = subject && subjectText(subject, drawing, names);
  if (!culprits || culprits.constraints.length === 0) {
    // Said whole, its subject in the user's words where there is one (the session's "k5 length 35" is noise).
    const text = lead ? `${lead}: ${userMessage(error, drawing, command ?? undefined)}` : detail;
    return { text: errorLine(text), detail, culprits: null, offers: [] };
  }
  const curves = culprits.curves.map((id) => names.get(id) ?? id);
  const n = culprits.constraints.length;
  const listed = 'listed under Constraints';
  // A move is held; a value or an addition leaves curves that cannot close, or one that cannot get there.
  const text =
    subject && 'move' in subject
      ? `${lead}: held by ${plural(n, 'constraint')}, ${listed}`
      : `${lead ?? 'Refused'}: ${
          curves.length > 1 ? `${nameList(curves)} cannot close` : `${curves[0] ?? 'it'} cannot get there`
        } — ${plural(n, 'constraint')} in the way, ${listed}`;
  return {
    text,
    detail,
    culprits: { ...culprits, heading: `In the way (${n})` },
    offers: [],
  };
}

/**
 * A constraint just added that is redundant (another constraint, or a group of them, already says what it says):
 * what already fixes it, highlighted and listed, and the offers — a dimension can become a reference dimension
 * (it then measures instead of driving), any can be removed. Null when none of `added` is redundant.
 */
export function redundancyNotice(
  added: readonly string[],
  groups: readonly (readonly string[])[],
  drawing: Drawing,
  names: Map<string, string>,
): Notice | null {
  for (const id of added) {
    const group = groups.find((g) => g.includes(id));
    const k = drawing.constraints.find((c) => c.id === id);
    if (!group || !k) continue;
    const others = group.filter((other) => !added.includes(other));
    if (others.length === 0) continue;
    const name = names.get(id) ?? id;
    const otherNames = others.map((other) => names.get(other) ?? other);
    const verb = others.length === 1 ? 'fixes' : 'fix';
    const held = new Set(
      drawing.constraints.filter((c) => others.includes(c.id)).flatMap((c) => referencedCurves(c)),
    );
    const offers: NoticeOffer[] = [];
    if (isDimension(k) && !k.reference)
      offers.push({
        label: 'Make Reference',
        name: 'reference',
        command: { type: 'set', id, field: 'reference', value: true },
      });
    offers.push({ label: 'Remove', name: 'remove', command: { type: 'delete', ids: [id] } });
    return {
      text: `${name} is redundant: ${nameList(otherNames)} already ${verb} it`,
      detail: `${name} is redundant: ${otherNames.join(', ')} already ${verb} it`,
      culprits: {
        constraints: others,
        curves: drawing.curves.filter((c) => held.has(c.id)).map((c) => c.id),
        heading: `${name} is already fixed by`,
      },
      offers,
    };
  }
  return null;
}
