// The formats a drawing exports to, written once: the export dialog's list, the save dialog's filter, the file's
// extension, the contract's check, and the document layer's writers (src/document/exporters.ts, a switch over
// these names: a new format does not compile until it is written).

export const EXPORT_FORMATS = {
  svg: { label: 'SVG', extension: '.svg', filter: 'SVG image' },
  pdf: { label: 'PDF', extension: '.pdf', filter: 'PDF document' },
  png: { label: 'PNG', extension: '.png', filter: 'PNG image' },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as ExportFormat[];

export function isExportFormat(name: string): name is ExportFormat {
  return Object.hasOwn(EXPORT_FORMATS, name);
}
