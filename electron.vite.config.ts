import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

// Three bundles, as in the electron-vite template: main (Node), preload (sandboxed, so CommonJS, one file),
// renderer (browser). Main's bundle has two entries: the main process itself and the session thread it starts
// (src/session/host: the engine, document and session code runs there, off main's event loop).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          'session-process': resolve(__dirname, 'src/session/host/process-entry.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
