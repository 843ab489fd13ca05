// File ▸ Export SVG… (Ctrl+E): an in-window dialog asks what the SVG draws — the curves' stroke width in mm (the
// same whatever the zoom), the dimensions, the constraint glyphs — then Export hands those options to main
// (file:export-svg), whose save dialog picks where the file goes. What was chosen is remembered from one export to
// the next, across launches too (the page's local storage; read back through the contract's own schema, so a stale
// or hand-edited entry falls back to the defaults). Enter exports, Escape cancels; a stroke width out of range is
// said in the dialog, in one line, and nothing is exported.

import { accepts } from '../../shared/schema';
import {
  DEFAULT_SVG_OPTIONS,
  STROKE_MM,
  strokeWidthSchema,
  svgOptionsSchema,
  type SvgOptions,
} from '../../shared/svg-options';
import { el, formatNumber } from './dom';
import { inWindowSheet } from './sheet';

const STORAGE_KEY = 'curvewright.export-svg';

/** The options of the last export, or the defaults (nothing remembered, or not what the options can be). */
export function rememberedSvgOptions(storage: Pick<Storage, 'getItem'> | null): SvgOptions {
  try {
    const saved: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (accepts(svgOptionsSchema, saved)) return saved as SvgOptions;
  } catch {
    // Not JSON: as if nothing were remembered.
  }
  return { ...DEFAULT_SVG_OPTIONS };
}

/** The stroke width typed, in mm, or the line that says why it is not one. */
export function parseStrokeWidth(text: string): number | string {
  const value = Number(text.trim());
  if (text.trim() !== '' && accepts(strokeWidthSchema, value)) return value;
  return `Stroke width: expected a number from ${STROKE_MM.min} to ${STROKE_MM.max} mm, got '${text.trim()}'`;
}

export type ExportApi = Pick<Window['curvewright'], 'exportSvg'>;

export function mountExportDialog(
  host: HTMLElement,
  api: ExportApi,
  fail: (message: string) => void,
  storage: Storage | null = window.localStorage,
): { open: () => void } {
  const sheet = el('form', { className: 'sheet export-dialog' });
  const stroke = el('input', { data: { field: 'stroke-width' } });
  stroke.type = 'text';
  stroke.inputMode = 'decimal';
  stroke.size = 6;
  const check = (field: string) => {
    const box = el('input', { data: { field } });
    box.type = 'checkbox';
    return box;
  };
  const dimensions = check('dimensions');
  const construction = check('construction');
  const problem = el('p', { className: 'problem', data: { field: 'problem' } });
  const cancel = el('button', { text: 'Cancel', className: 'close', data: { action: 'cancel-export' } });
  cancel.type = 'button';
  const submit = el('button', { text: 'Export…', className: 'default', data: { action: 'export' } });
  submit.type = 'submit';
  sheet.append(
    el('header', {}, el('h2', { text: 'Export SVG' })),
    el('label', {}, 'Stroke width ', stroke, ' mm'),
    el('label', {}, dimensions, ' Dimensions'),
    el('label', {}, construction, ' Constraint glyphs (pins, joints, motors, springs)'),
    problem,
    el('footer', {}, cancel, submit),
  );
  const shown = inWindowSheet(host, sheet, 'Export SVG');
  const open = () => {
    const options = rememberedSvgOptions(storage);
    stroke.value = formatNumber(options.strokeWidth);
    dimensions.checked = options.dimensions;
    construction.checked = options.construction;
    problem.textContent = '';
    shown.show(stroke);
    stroke.select();
  };
  sheet.addEventListener('submit', (e) => {
    e.preventDefault();
    const width = parseStrokeWidth(stroke.value);
    if (typeof width === 'string') {
      problem.textContent = width;
      stroke.focus();
      return;
    }
    const options: SvgOptions = {
      strokeWidth: width,
      dimensions: dimensions.checked,
      construction: construction.checked,
    };
    storage?.setItem(STORAGE_KEY, JSON.stringify(options));
    shown.hide();
    api
      .exportSvg(options)
      .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
  });
  cancel.addEventListener('click', shown.hide);
  return { open };
}
