// The Properties panel for fits, snakes, targets and their data (docs/editor.md, "Fits and attractors"): a selected
// attractor's on/off, strength, a fit's loss, a snake's capture range, Delete, and its readout (RMS and largest
// distance in mm, converged or fitting…), kept live as pull frames come; a selected point set's name, size, the fits
// that use it and Delete; and, under a selected curve, what pulls it ("Pulled by: fit 1 (on)"), each a button that
// selects it. Each change is one undoable `attractor` edit; a refused one puts the field back and says why beside it.

import type { PullReadout } from '../../shared/contract';
import { displayName } from '../../shared/display-names';
import { FIT_LOSSES, type Attractor, type Drawing, type FitLoss, type PointSet } from '../../shared/drawing';
import { assertNever } from '../../shared/assert-never';
import type { AttractorCommand } from '../../shared/edit-commands';
import { attractorVariants } from '../../shared/records';
import type { Schema } from '../../shared/schema';
import { formatQuantity, formatShown } from '../../shared/units';
import { fieldProblem } from '../../shared/user-message';
import type { Editor } from '../editor/editor';
import type { Mirror } from '../editor/mirror';
import { el, setText } from './dom';

type Change = Omit<AttractorCommand, 'type' | 'id'>;

/** How the losses read in the select. */
const LOSS_LABELS: Record<FitLoss, string> = { squared: 'Squared', huber: 'Huber (robust)' };

/**
 * "RMS 0.012 mm, max 0.034 mm": a fit's or a target's distances as the UI shows lengths; a snake's mean edge
 * strength under its samples, "edge strength 0.87" (0: no edge, 1: the image's strongest).
 */
export function readoutText(readout: Pick<PullReadout, 'rms' | 'max' | 'edge'>): string {
  if (readout.edge !== undefined) return `edge strength ${formatShown(readout.edge, 2)}`;
  return `RMS ${formatQuantity('mm', readout.rms)}, max ${formatQuantity('mm', readout.max)}`;
}

/** What the panel says of an attractor's run now: its readout and whether it came to rest, or that it is off. */
export function readoutLine(mirror: Mirror, attractor: Attractor): string {
  if (!attractor.on) return 'off';
  const readout = mirror.pulls?.readouts.find((r) => r.id === attractor.id);
  if (!readout) return '';
  return `${readoutText(readout)} · ${mirror.pulls?.done ? 'converged' : 'fitting…'}`;
}

/** The attractors that pull a curve or use a point set, in the drawing's order. */
export function attractorsOf(drawing: Drawing, id: string): Attractor[] {
  return (drawing.attractors ?? []).filter((a) => {
    switch (a.kind) {
      case 'points':
        return a.data === id || a.curves.includes(id);
      case 'edges':
        return a.curves.includes(id);
      case 'target':
        return a.point.curve === id;
      default:
        return assertNever(a);
    }
  });
}

/** Buttons that select each attractor ("fit 1 (on)") under a caption; nothing when there are none. */
export function attractorList(editor: Editor, caption: string, attractors: Attractor[]): HTMLElement[] {
  if (attractors.length === 0) return [];
  const d = editor.mirror.drawing;
  return [
    el('p', { className: 'heading', text: caption }),
    ...attractors.map((a) => {
      const button = el('button', { text: `${displayName(d, a.id)} (${a.on ? 'on' : 'off'})` });
      button.dataset.attractor = a.id;
      button.addEventListener('click', () => editor.setSelection([a.id]));
      return button;
    }),
  ];
}

/** Refreshes every readout line the panel shows (a pull frame changed them). */
export function refreshReadouts(body: HTMLElement, editor: Editor): void {
  for (const line of body.querySelectorAll<HTMLElement>('[data-readout]')) {
    const attractor = editor.mirror.drawing.attractors?.find((a) => a.id === line.dataset.readout);
    if (attractor) setText(line, readoutLine(editor.mirror, attractor));
  }
}

/** A number field of an attractor (strength, range): checked by its record's rule, sent as one edit. */
function numberField(
  field: 'strength' | 'range',
  value: number,
  unit: string,
  schema: Schema<unknown>,
  send: (change: Change) => void,
  say: (text: string | null) => void,
): HTMLElement {
  const box = el('input');
  box.type = 'text';
  box.inputMode = 'decimal';
  box.dataset.field = field;
  const shown = formatShown(value, 4);
  box.value = shown;
  box.addEventListener('change', () => {
    const typed = Number(box.value.trim());
    const refused =
      box.value.trim() === '' || !Number.isFinite(typed)
        ? `${field} must be a number`
        : fieldProblem(field, schema, typed, 'none');
    if (refused !== null) {
      box.value = shown;
      return say(refused);
    }
    send({ [field]: typed });
  });
  return el('label', {}, el('span', { text: field }), box, el('span', { className: 'unit', text: unit }));
}

export function attractorProperties(editor: Editor, attractor: Attractor): HTMLElement[] {
  const d = editor.mirror.drawing;
  const problem = el('span', { className: 'field-error', data: { errorFor: 'attractor' } });
  problem.hidden = true;
  const say = (text: string | null) => {
    problem.textContent = text ?? '';
    problem.hidden = text === null;
  };
  const send = (change: Change) =>
    void editor.tryCommit({ type: 'attractor', id: attractor.id, ...change }).then(say);

  const on = el('input');
  on.type = 'checkbox';
  on.dataset.field = 'on';
  on.checked = attractor.on;
  on.addEventListener('change', () => send({ on: on.checked }));
  const rows: HTMLElement[] = [
    el('label', {}, el('span', { text: 'on' }), on),
    numberField('strength', attractor.strength, '', attractorVariants.points.shape.strength, send, say),
  ];
  if (attractor.kind === 'points') {
    const loss = el('select');
    loss.dataset.field = 'loss';
    for (const name of FIT_LOSSES)
      loss.append(new Option(LOSS_LABELS[name], name, false, name === attractor.loss));
    loss.addEventListener('change', () => send({ loss: loss.value as FitLoss }));
    rows.push(el('label', {}, el('span', { text: 'loss' }), loss));
  }
  if (attractor.kind === 'edges')
    rows.push(numberField('range', attractor.range, 'mm', attractorVariants.edges.shape.range, send, say));

  const remove = el('button', { text: 'Delete' });
  remove.dataset.action = 'delete-attractor';
  remove.addEventListener('click', () => editor.commit({ type: 'delete', ids: [attractor.id] }));
  const readout = el('p', { className: 'readout', data: { readout: attractor.id } });
  readout.textContent = readoutLine(editor.mirror, attractor);
  return [
    el('p', { className: 'heading', text: `${displayName(d, attractor.id)} (${pulledWhat(d, attractor)})` }),
    readout,
    ...rows,
    el('div', { className: 'image-actions' }, remove),
    problem,
  ];
}

/** What an attractor pulls, in the user's words: "circle 1 to Scan", "circle 1 to photo's edges". */
function pulledWhat(d: Drawing, attractor: Attractor): string {
  const names = (ids: string[]) => ids.map((id) => displayName(d, id)).join(', ');
  switch (attractor.kind) {
    case 'points':
      return `fits ${names(attractor.curves)} to ${displayName(d, attractor.data)}`;
    case 'edges': {
      const image = d.images?.find((i) => i.id === attractor.image);
      return `pulls ${names(attractor.curves)} to the edges of ${image?.name ?? attractor.image}`;
    }
    case 'target':
      return `pulls ${displayName(d, attractor.point.curve)} toward (${formatShown(attractor.at[0], 3)}, ${formatShown(attractor.at[1], 3)})`;
    default:
      return assertNever(attractor);
  }
}

export function pointSetProperties(editor: Editor, set: PointSet): HTMLElement[] {
  const remove = el('button', { text: 'Delete' });
  remove.dataset.action = 'delete-point-set';
  remove.addEventListener('click', () => editor.commit({ type: 'delete', ids: [set.id] }));
  const n = set.points.length;
  return [
    el('p', { className: 'heading', text: `${set.name} (point set, ${n} point${n === 1 ? '' : 's'})` }),
    ...attractorList(editor, 'Fitted by', attractorsOf(editor.mirror.drawing, set.id)),
    el('div', { className: 'image-actions' }, remove),
  ];
}
