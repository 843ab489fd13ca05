// The Properties panel for a reference image (docs/editor.md, "Reference images"): its name, width (mm), rotation
// (degrees), opacity and lock, each change one undoable `image` edit; Calibrate (two clicks and a distance) and
// Delete. With nothing selected, the panel lists the drawing's images, so a locked one — which the canvas does not
// pick — can be selected and unlocked here.

import type { ReferenceImage } from '../../shared/drawing';
import type { ImageCommand } from '../../shared/edit-commands';
import { imageShape } from '../../shared/records';
import type { Schema } from '../../shared/schema';
import { degrees, formatShown, radians } from '../../shared/units';
import { fieldProblem } from '../../shared/user-message';
import type { Editor } from '../editor/editor';
import { el } from './dom';

type Change = Omit<ImageCommand, 'type' | 'id'>;

interface NumberRow {
  field: 'width' | 'rotation' | 'opacity';
  unit: string;
  shown: number;
  /** The record's value of a typed one (degrees → radians). */
  record(typed: number): number;
  schema: Schema<unknown>;
}

function numberRows(image: ReferenceImage): NumberRow[] {
  const same = (v: number) => v;
  const { width, rotation, opacity } = imageShape.shape;
  return [
    { field: 'width', unit: 'mm', shown: image.width, record: same, schema: width },
    { field: 'rotation', unit: '°', shown: degrees(image.rotation), record: radians, schema: rotation },
    { field: 'opacity', unit: '', shown: image.opacity, record: same, schema: opacity },
  ];
}

export function imageProperties(editor: Editor, image: ReferenceImage): HTMLElement[] {
  const send = (change: Change) => editor.tryCommit({ type: 'image', id: image.id, ...change });
  const problem = el('span', { className: 'field-error', data: { errorFor: 'image' } });
  problem.hidden = true;
  const say = (text: string | null) => {
    problem.textContent = text ?? '';
    problem.hidden = text === null;
  };

  const name = el('input');
  name.type = 'text';
  name.dataset.field = 'name';
  name.value = image.name;
  name.addEventListener('change', () => void send({ name: name.value.trim() || image.name }).then(say));

  const numbers = numberRows(image).map((row) => {
    const box = el('input');
    box.type = 'text';
    box.inputMode = 'decimal';
    box.dataset.field = row.field;
    const shown = formatShown(row.shown, 4);
    box.value = shown;
    box.addEventListener('change', () => {
      const typed = Number(box.value.trim());
      const value = row.record(typed);
      const refused =
        box.value.trim() === '' || !Number.isFinite(typed)
          ? `${row.field} must be a number`
          : fieldProblem(row.field, row.schema, value, 'none');
      if (refused !== null) {
        box.value = shown;
        return say(refused);
      }
      void send({ [row.field]: value }).then(say);
    });
    return el(
      'label',
      {},
      el('span', { text: row.field }),
      box,
      el('span', { className: 'unit', text: row.unit }),
    );
  });

  const locked = el('input');
  locked.type = 'checkbox';
  locked.dataset.field = 'locked';
  locked.checked = image.locked;
  locked.addEventListener('change', () => void send({ locked: locked.checked }).then(say));

  const calibrate = el('button', {
    text: 'Calibrate…',
    title: 'Click two points of the image, type their distance',
  });
  calibrate.dataset.action = 'calibrate-image';
  calibrate.addEventListener('click', () => editor.calibrateImage(image.id));
  const remove = el('button', { text: 'Delete image' });
  remove.dataset.action = 'delete-image';
  remove.addEventListener('click', () => editor.commit({ type: 'delete', ids: [image.id] }));

  return [
    el('p', {
      className: 'heading',
      text: `${image.name} (image, ${image.pixels[0]} × ${image.pixels[1]} px)`,
    }),
    el('label', {}, el('span', { text: 'name' }), name),
    ...numbers,
    el('label', {}, el('span', { text: 'locked' }), locked),
    el('div', { className: 'image-actions' }, calibrate, remove),
    problem,
  ];
}

/** The drawing's images as buttons that select each (a locked one too), for the panel with nothing selected. */
export function imageList(editor: Editor): HTMLElement[] {
  const images = editor.mirror.drawing.images ?? [];
  if (images.length === 0) return [];
  return [
    el('p', { className: 'heading', text: 'Images' }),
    ...images.map((image) => {
      const button = el('button', { text: image.locked ? `${image.name} (locked)` : image.name });
      button.dataset.image = image.id;
      button.addEventListener('click', () => editor.setSelection([image.id]));
      return button;
    }),
  ];
}
