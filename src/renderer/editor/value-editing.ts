// The inline editor of a value on the canvas (panels/dimension-input.ts draws it): open on a dimension's value, or
// on a curve's main value (its radius, length or rx: src/shared/main-value.ts) where the curve was double-clicked;
// and what the user typed there, checked and sent as the `set` edit of that value (a dimension's "= expression" as
// its `expression` edit). The session settles the drawing to it or refuses it (the status bar says why; the value
// stays). Not a number: said, nothing sent.

import { dimensionField, recordValueOf } from '../../shared/dimension-value';
import { UNIT_SYMBOL } from '../../shared/units';
import type { Curve, Vec2 } from '../../shared/drawing';
import { curveFieldSchema, type EditCommand } from '../../shared/edit-commands';
import { fieldUnit } from '../../shared/field-units';
import { mainValue } from '../../shared/main-value';
import { fieldProblem } from '../../shared/user-message';
import { dimensionById } from './dimensions';
import type { ChangePatch } from './editor-change';
import type { Mirror } from './mirror';

export interface ValueEditingHost {
  readonly mirror: Mirror;
  readonly selection: ReadonlySet<string>;
  /** A one-line message for the status bar. */
  notify(message: string): void;
  /** Sends one undoable edit to the session, in its turn. */
  commit(command: EditCommand): void;
  change(patch: ChangePatch): void;
}

/** A value a tool asks for in the inline editor (a fillet's radius): said, where, and what is done with it. */
export interface ValuePrompt {
  caption: string;
  unit: string;
  /** Where the editor opens (mm). */
  at: Vec2;
  initial: number;
  /** The number typed, on Enter. */
  submit(value: number): void;
  /** The editor closed, by Enter, Escape or leaving it. */
  closed(): void;
}

export class ValueEditing {
  /** The dimension whose value the inline editor is open on. */
  dimensionEdit: string | null = null;
  /** The curve whose main value (radius, length, rx) the same inline editor is open on, and where (mm). */
  valueEdit: { id: string; at: Vec2 } | null = null;
  /** A value a tool asks for in the same editor. */
  prompt: ValuePrompt | null = null;

  constructor(private readonly host: ValueEditingHost) {}

  /** Opens the inline editor on a dimension's value. */
  editDimension(id: string): void {
    if (!dimensionById(this.host.mirror, id)) return;
    this.close();
    this.dimensionEdit = id;
    this.host.change({ dimensionEdit: true });
  }

  /**
   * Opens the inline editor on a curve's main value (its radius, length or rx), at `at` (mm); false when the curve
   * has none (a point, a Bézier).
   */
  editCurveValue(id: string, at: Vec2): boolean {
    const curve = this.host.mirror.curve(id);
    if (!curve || !mainValue(curve)) return false;
    this.close();
    this.valueEdit = { id, at };
    this.host.change({ dimensionEdit: true });
    return true;
  }

  /** Opens the inline editor on a value a tool asks for (closing whatever it was open on). */
  ask(prompt: ValuePrompt): void {
    this.close();
    this.prompt = prompt;
    this.host.change({ dimensionEdit: true });
  }

  /** What was typed for the tool's question: a number goes to it; anything else is said, in its words. */
  submitPrompt(text: string): void {
    const prompt = this.prompt;
    if (!prompt) return;
    this.close();
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(value))
      return this.host.notify(`${prompt.caption} must be a number, not "${text.trim()}"`);
    prompt.submit(value);
  }

  /** Closes the inline editor, whichever value it is open on. */
  close(): void {
    if (this.dimensionEdit === null && this.valueEdit === null && this.prompt === null) return;
    const prompt = this.prompt;
    this.dimensionEdit = null;
    this.valueEdit = null;
    this.prompt = null;
    this.host.change({ dimensionEdit: true });
    prompt?.closed();
  }

  /** Closes the inline editor if what it is open on is gone (deleted, undone). */
  forget(alive: ReadonlySet<string>): void {
    const gone = (id: string | null | undefined) => id != null && !alive.has(id);
    if (gone(this.dimensionEdit) || gone(this.valueEdit?.id)) this.close();
  }

  /**
   * What Edit Value opens: the one selected dimension, or the one selected curve when it has a main value. (The
   * action flags ask on every change: a curve, looked up by id, is asked about before the constraints are searched.)
   */
  selectedValue(): { dimension: string } | { curve: Curve } | null {
    const { selection, mirror } = this.host;
    if (selection.size !== 1) return null;
    const [id] = selection;
    const curve = mirror.curve(id);
    if (curve) return mainValue(curve) ? { curve } : null;
    return dimensionById(mirror, id) ? { dimension: id } : null;
  }

  /** Edit Value: the inline editor on the one selected dimension, or the one selected curve's main value. */
  editValue(at?: Vec2): void {
    if (this.host.selection.size !== 1)
      return this.host.notify('Edit Value: select one dimension or one curve');
    const target = this.selectedValue();
    if (!target) return this.host.notify('Edit Value: this has no value to edit');
    if ('dimension' in target) return this.editDimension(target.dimension);
    this.editCurveValue(target.curve.id, at ?? this.host.mirror.point(target.curve, 0.5));
  }

  /**
   * What the inline editor edits, as the user reads it: the dimension's name ("distance 1", "radius 2 (diameter)")
   * or the curve's and its value's ("circle 1 radius"); `id`: of that dimension or curve (default: what is open).
   */
  caption(id = this.dimensionEdit ?? this.valueEdit?.id ?? ''): string {
    const { mirror } = this.host;
    const name = mirror.names().get(id) ?? id;
    const k = dimensionById(mirror, id);
    if (k) return k.kind === 'radius' && k.diameter ? `${name} (diameter)` : name;
    const curve = mirror.curve(id);
    const main = curve && mainValue(curve);
    return main ? `${name} ${main.field}` : name;
  }

  /** The unit of the value the inline editor edits ("mm", "°"). */
  unit(id = this.dimensionEdit ?? this.valueEdit?.id ?? ''): string {
    const k = dimensionById(this.host.mirror, id);
    return UNIT_SYMBOL[k?.kind === 'angle' ? 'angle' : 'mm'];
  }

  /**
   * What the user typed as a curve's main value (mm), sent as its `set` edit. The field's own rule is checked
   * first, in the Properties panel's words ("radius must be more than 0").
   */
  setCurveValue(id: string, text: string): void {
    const { mirror } = this.host;
    const curve = mirror.curve(id);
    const main = curve && mainValue(curve);
    if (!main) return;
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(value))
      return this.host.notify(`${this.caption(id)} must be a number, not "${text.trim()}"`);
    const schema = curveFieldSchema(curve, main.field, mirror.drawing);
    const problem =
      schema && fieldProblem(main.field, schema, value, fieldUnit({ curve: curve.kind }, main.field));
    if (problem) return this.host.notify(problem);
    this.host.commit({ type: 'set', id, field: main.field, value });
  }

  /**
   * What the user typed into a dimension's inline editor, in the unit it shows (mm; degrees for an angle; a
   * diameter for a radius shown as one), sent as the `set` edit of its value.
   */
  setDimensionValue(id: string, text: string): void {
    const k = dimensionById(this.host.mirror, id);
    if (!k) return;
    // "= 2*crank": the dimension is driven by that expression (the session evaluates it, or says where it fails).
    if (text.trim().startsWith('='))
      return this.host.commit({ type: 'expression', id, expression: text.trim() });
    const shown = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(shown))
      return this.host.notify(`${this.caption(id)} must be a number, not "${text.trim()}"`);
    // A number typed over an expression replaces it (the session drops the expression), one edit, one undo.
    this.host.commit({ type: 'set', id, field: dimensionField(k), value: recordValueOf(k, shown) });
  }
}
