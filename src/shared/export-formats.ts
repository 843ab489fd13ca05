// The formats a drawing exports to, written once: the export dialog's list, the save dialog's filter, the file's
// extension, the CLI's `export --format` and its error for an unknown one, the contract's check, and the document
// layer's writers (src/document/exporters.ts, a switch over these names: a new format does not compile until it is
// written).

export const EXPORT_FORMATS = {
  svg: { label: 'SVG', extension: '.svg', filter: 'SVG image', binary: false },
  dxf: { label: 'DXF', extension: '.dxf', filter: 'DXF drawing', binary: false },
  pdf: { label: 'PDF', extension: '.pdf', filter: 'PDF document', binary: true },
  png: { label: 'PNG', extension: '.png', filter: 'PNG image', binary: true },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as ExportFormat[];

export function isExportFormat(name: string): name is ExportFormat {
  return Object.hasOwn(EXPORT_FORMATS, name);
}
