// The formats a drawing exports to, written once: the CLI's `export --format`, its error for an unknown one, and
// (to come) the export dialog list these. A new format is one entry here; the document layer's table of writers
// (src/document/exporters.ts) is a Record over these names, so it does not compile until the format is written.

export const EXPORT_FORMATS = {
  svg: { label: 'SVG', extension: '.svg' },
  dxf: { label: 'DXF', extension: '.dxf' },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as ExportFormat[];

export function isExportFormat(name: string): name is ExportFormat {
  return Object.hasOwn(EXPORT_FORMATS, name);
}
