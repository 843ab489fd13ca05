// The packages a bundle of our Node code (the CLI, the session process's test bundles) leaves to node_modules:
// they load native code (resvg) or read their own data files at run time (PDFKit's font metrics), so they cannot
// be inlined. The app's own build leaves every dependency to node_modules anyway (electron-vite's externalizeDeps).
export const BUNDLE_EXTERNALS: readonly string[] = ['pdfkit', 'svg-to-pdfkit', '@resvg/resvg-js'];
