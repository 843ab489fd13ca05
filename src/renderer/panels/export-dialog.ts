// File ▸ Export… (Ctrl+E): an in-window dialog asks for the format (shared/export-formats.ts) and what the file
// draws — the curves' stroke width in mm (the same whatever the zoom; not for DXF), the dimensions, the constraint glyphs; a
// PDF's page (the drawing's size or a paper at 1:1); a PNG's resolution and background — showing only the fields
// the chosen format reads. Export hands the choices to main (file:export), whose save dialog picks where the file
// goes. What was chosen is remembered from one export to the next, across launches too (the page's local storage;
// read back through the contract's own schema, so a stale or hand-edited entry falls back to the defaults). Enter
// exports, Escape cancels; a value out of range is said in the dialog, in one line, and nothing is exported.

import { DEFAULT_EXPORT_CHOICES, exportChoicesSchema, type ExportChoices } from '../../shared/export-choices';
import { EXPORT_FORMATS, EXPORT_FORMAT_NAMES, type ExportFormat } from '../../shared/export-formats';
import {
  DPI,
  dpiSchema,
  PAGE_CHOICES,
  PAPERS,
  PNG_BACKGROUNDS,
  type PageChoice,
} from '../../shared/page-options';
import { accepts } from '../../shared/schema';
import { STROKE_MM, strokeWidthSchema, svgOptionsSchema } from '../../shared/svg-options';
import { el, formatNumber } from './dom';
import { inWindowSheet } from './sheet';

const STORAGE_KEY = 'curvewright.export';
/** Where the SVG-only dialog before File ▸ Export… kept its options: taken up once, as an SVG export's. */
const OLD_SVG_KEY = 'curvewright.export-svg';

function storedJson(storage: Pick<Storage, 'getItem'> | null, key: string): unknown {
  try {
    return JSON.parse(storage?.getItem(key) ?? 'null');
  } catch {
    return null; // Not JSON: as if nothing were remembered.
  }
}

/** The choices of the last export, or the defaults (nothing remembered, or not what the choices can be). */
export function rememberedChoices(storage: Pick<Storage, 'getItem'> | null): ExportChoices {
  const saved = storedJson(storage, STORAGE_KEY);
  if (accepts(exportChoicesSchema, saved)) return saved as ExportChoices;
  const svg = storedJson(storage, OLD_SVG_KEY);
  if (accepts(svgOptionsSchema, svg)) return { ...DEFAULT_EXPORT_CHOICES, ...(svg as object) };
  return { ...DEFAULT_EXPORT_CHOICES };
}

/** A number typed in a field, or the line that says why it is not one in range. */
function parseInRange(
  text: string,
  schema: typeof strokeWidthSchema,
  label: string,
  range: { min: number; max: number },
  unit: string,
): number | string {
  const value = Number(text.trim());
  if (text.trim() !== '' && accepts(schema, value)) return value;
  return `${label}: expected a number from ${range.min} to ${range.max} ${unit}, got '${text.trim()}'`;
}

/** The stroke width typed, in mm, or the line that says why it is not one. */
export function parseStrokeWidth(text: string): number | string {
  return parseInRange(text, strokeWidthSchema, 'Stroke width', STROKE_MM, 'mm');
}

/** The resolution typed, in dpi, or the line that says why it is not one. */
export function parseDpi(text: string): number | string {
  return parseInRange(text, dpiSchema, 'Resolution', DPI, 'dpi');
}

/** The dialog's rows a format reads (the format's own row is always shown). */
type Row = 'stroke' | 'dimensions' | 'construction' | 'images' | 'page' | 'dpi' | 'background';
const ROWS_OF: Record<ExportFormat, readonly Row[]> = {
  svg: ['stroke', 'dimensions', 'construction', 'images'],
  // A DXF has no stroke widths: its lines are the geometry; and no pictures.
  dxf: ['dimensions', 'construction'],
  pdf: ['stroke', 'dimensions', 'construction', 'images', 'page'],
  png: ['stroke', 'dimensions', 'construction', 'images', 'dpi', 'background'],
};

const PAGE_LABELS: Record<PageChoice, string> = {
  drawing: 'The drawing’s size',
  ...(Object.fromEntries(
    Object.entries(PAPERS).map(([name, paper]) => [
      name,
      `${paper.label} (${paper.width} × ${paper.height} mm), 1:1`,
    ]),
  ) as Record<keyof typeof PAPERS, string>),
};

export type ExportApi = Pick<Window['curvewright'], 'exportDrawing'>;

/** A select of `values`, each shown as `label(value)`. */
function select<T extends string>(field: string, values: readonly T[], label: (value: T) => string) {
  const box = el('select', { data: { field } });
  for (const value of values) {
    const option = el('option', { text: label(value) });
    option.value = value;
    box.append(option);
  }
  return box;
}

export function mountExportDialog(
  host: HTMLElement,
  api: ExportApi,
  fail: (message: string) => void,
  storage: Storage | null = window.localStorage,
): { open: () => void } {
  const sheet = el('form', { className: 'sheet export-dialog' });
  const format = select('format', EXPORT_FORMAT_NAMES, (f) => EXPORT_FORMATS[f].label);
  const text = (field: string, size: number) => {
    const input = el('input', { data: { field } });
    input.type = 'text';
    input.inputMode = 'decimal';
    input.size = size;
    return input;
  };
  const stroke = text('stroke-width', 6);
  const dpi = text('dpi', 6);
  const check = (field: string) => {
    const box = el('input', { data: { field } });
    box.type = 'checkbox';
    return box;
  };
  const dimensions = check('dimensions');
  const construction = check('construction');
  const images = check('images');
  const page = select('page', PAGE_CHOICES, (p) => PAGE_LABELS[p]);
  const background = select('background', PNG_BACKGROUNDS, (b) => (b === 'white' ? 'White' : 'Transparent'));
  const rows: Record<Row, HTMLElement> = {
    stroke: el('label', {}, 'Stroke width ', stroke, ' mm'),
    dimensions: el('label', {}, dimensions, ' Dimensions'),
    construction: el('label', {}, construction, ' Constraint glyphs (pins, joints, motors, springs)'),
    images: el('label', {}, images, ' Reference images (under the curves)'),
    page: el('label', {}, 'Page ', page),
    dpi: el('label', {}, 'Resolution ', dpi, ' dpi'),
    background: el('label', {}, 'Background ', background),
  };
  const problem = el('p', { className: 'problem', data: { field: 'problem' } });
  const cancel = el('button', { text: 'Cancel', className: 'close', data: { action: 'cancel-export' } });
  cancel.type = 'button';
  const submit = el('button', { text: 'Export…', className: 'default', data: { action: 'export' } });
  submit.type = 'submit';
  sheet.append(
    el('header', {}, el('h2', { text: 'Export' })),
    el('label', {}, 'Format ', format),
    ...Object.values(rows),
    problem,
    el('footer', {}, cancel, submit),
  );
  const chosenFormat = () => format.value as ExportFormat;
  const showRows = () => {
    const shown = ROWS_OF[chosenFormat()];
    for (const [row, node] of Object.entries(rows)) node.hidden = !shown.includes(row as Row);
    problem.textContent = '';
  };
  format.addEventListener('change', showRows);
  const shown = inWindowSheet(host, sheet, 'Export');
  const open = () => {
    const choices = rememberedChoices(storage);
    format.value = choices.format;
    stroke.value = formatNumber(choices.strokeWidth);
    dimensions.checked = choices.dimensions;
    construction.checked = choices.construction;
    images.checked = choices.images ?? false;
    page.value = choices.page;
    dpi.value = formatNumber(choices.dpi);
    background.value = choices.background;
    showRows();
    shown.show(format);
  };
  /** The choices as the fields give them, or null with the first field's problem said (the focus on it). */
  const read = (): ExportChoices | null => {
    const width = parseStrokeWidth(stroke.value);
    const resolution = parseDpi(dpi.value);
    const reads = ROWS_OF[chosenFormat()];
    for (const [row, value, input] of [
      ['stroke', width, stroke],
      ['dpi', resolution, dpi],
    ] as const) {
      if (typeof value === 'string' && reads.includes(row)) {
        problem.textContent = value;
        input.focus();
        return null;
      }
    }
    const remembered = rememberedChoices(storage);
    // A field the format does not read keeps what was remembered (a PNG's resolution while exporting SVG).
    const kept = (value: number | string, before: number) => (typeof value === 'number' ? value : before);
    return {
      format: chosenFormat(),
      strokeWidth: kept(width, remembered.strokeWidth),
      dimensions: dimensions.checked,
      construction: construction.checked,
      images: images.checked,
      page: page.value as PageChoice,
      dpi: kept(resolution, remembered.dpi),
      background: background.value as ExportChoices['background'],
    };
  };
  sheet.addEventListener('submit', (e) => {
    e.preventDefault();
    const choices = read();
    if (!choices) return;
    storage?.setItem(STORAGE_KEY, JSON.stringify(choices));
    shown.hide();
    api
      .exportDrawing(choices)
      .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
  });
  cancel.addEventListener('click', shown.hide);
  return { open };
}
