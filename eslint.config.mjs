// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

// The layers, bottom to top; a row's layers sit side by side. A layer is a folder (matched from the project root, so
// a folder of that name deeper down never counts). Each lists what its code may import: layers, Node's modules
// (`node`), packages. Test code in a layer may import its own row, every row below it, any Node module or package.
/** @typedef {{ pattern: string, imports: string[] | 'all', node?: boolean, packages?: string[] }} Layer */
/** @type {Record<string, Layer>[]} */
const LAYERS = [
  { shared: { pattern: 'src/shared', imports: [] } },
  { engine: { pattern: 'src/engine', imports: ['shared'] } },
  {
    document: {
      pattern: 'src/document',
      imports: ['engine', 'shared'],
      node: true,
      // The exports' writers (pdf-export.ts, png-export.ts, dxf-export.ts), the SVG import's XML and path-data
      // parsers (src/document/svg-import*) and the edge map's image decoder (edge-map.ts).
      packages: [
        'pdfkit',
        'svg-to-pdfkit',
        '@resvg/resvg-js',
        '@tarikjabiri/dxf',
        '@xmldom/xmldom',
        'svg-pathdata',
        'image-js',
      ],
    },
  },
  { mechanisms: { pattern: 'src/mechanisms', imports: ['document', 'engine', 'shared'], node: true } },
  {
    session: { pattern: 'src/session', imports: ['mechanisms', 'document', 'engine', 'shared'], node: true },
  },
  {
    cli: {
      pattern: 'src/cli',
      imports: ['session', 'mechanisms', 'document', 'engine', 'shared'],
      node: true,
      packages: ['esbuild'],
    },
    main: {
      pattern: 'electron/main',
      imports: ['session', 'mechanisms', 'document', 'engine', 'shared'],
      node: true,
      packages: ['electron'],
    },
    preload: { pattern: 'electron/preload', imports: ['shared'], packages: ['electron'] },
    // The page: the shared types and the PAGE_SAFE modules; never the session, the document layer or Electron.
    renderer: {
      pattern: 'src/renderer',
      imports: ['shared'],
      packages: ['konva', 'lucide', 'uplot', 'fit-curve'],
    },
  },
  // Test and measuring harnesses, on top of everything.
  { tests: { pattern: 'test', imports: 'all' }, bench: { pattern: 'bench', imports: 'all' } },
];

// Modules of other layers that the page may import: the engine's pure functions on drawing data, its equation
// language and nearest-point search (not the Engine class: the solver runs in the main process), and the bridge's
// pure half (the preload builds the window API with it, the e2e harness injects the same code into Chromium).
// They import no Node module and no package.
const PAGE_SAFE = [
  'src/engine/pure.ts',
  'src/engine/expr/index.ts',
  'src/engine/curves/nearest.ts',
  'electron/preload/api.ts',
  'electron/preload/methods.ts',
];

// Test code: tests, their helpers and harnesses. Only test code imports it.
const TEST_CODE = ['**/*.test.ts', '**/test-support/**', 'test/**', 'bench/**'];

const layers = LAYERS.flatMap((row) => Object.entries(row));
const ANY_NODE_MODULE = { module: { origin: 'core' } };
const ANY_PACKAGE = { module: { origin: 'external' } };

/** What a layer's code may import, as `to` selectors. */
function codeImports(/** @type {string} */ name, /** @type {Layer} */ layer) {
  if (layer.imports === 'all') return [{ element: { type: '*' } }, ANY_NODE_MODULE, ANY_PACKAGE];
  return [
    { element: { type: [name, ...layer.imports] } },
    ...(name === 'renderer' ? [{ file: { path: PAGE_SAFE } }] : []),
    ...(layer.node ? [ANY_NODE_MODULE] : []),
    ...(layer.packages ?? []).map((source) => ({ module: { origin: 'external', source } })),
  ];
}

// Policies are read in order; the last one that matches an import decides.
const boundaryPolicies = [
  ...layers.map(([name, layer]) => ({
    from: { element: { type: name } },
    allow: { to: codeImports(name, layer) },
  })),
  { from: { file: { path: PAGE_SAFE } }, disallow: { to: [ANY_NODE_MODULE, ANY_PACKAGE] } },
  // Nothing but test code imports test code.
  { disallow: { to: { file: { categories: 'test' } } } },
  ...LAYERS.map((row, i) => ({
    from: { element: { type: Object.keys(row) }, file: { categories: 'test' } },
    allow: {
      to: [{ element: { type: LAYERS.slice(0, i + 1).flatMap(Object.keys) } }, ANY_NODE_MODULE, ANY_PACKAGE],
    },
  })),
];

// Globals that exist only in a browser page (the DOM) or only in Node: each is a global only where that code runs.
const onlyIn = (/** @type {Record<string, unknown>} */ env, /** @type {Record<string, unknown>} */ other) =>
  Object.keys(env).filter((name) => !(name in other) && !(name in globals.es2021));
const BROWSER_ONLY = onlyIn(globals.browser, globals.node);
const NODE_ONLY = onlyIn(globals.node, globals.browser);
const restrict = (/** @type {string[]} */ names, /** @type {string} */ message) =>
  names.map((name) => ({ name, message }));

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', '.cache/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    // Plain JS files (configs, scripts, bin) run in Node; TypeScript files are checked by the compiler, and the
    // layers' globals by the rules below.
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='eval']", message: 'eval is forbidden' },
        { selector: "NewExpression[callee.name='Function']", message: 'new Function is forbidden' },
      ],
    },
  },
  {
    // Mocks of Electron's objects in tests are loosely typed on purpose.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The layers: imports only downward, whatever the depth of the importing file (see LAYERS).
    files: ['src/**/*.ts', 'electron/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { node: { extensions: ['.ts', '.mjs', '.js', '.json'] } },
      'boundaries/elements': layers.map(([type, { pattern }]) => ({ type, pattern, partialMatch: false })),
      'boundaries/files': [{ category: 'test', pattern: TEST_CODE }],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          checkUnknownLocals: true,
          checkInternals: true,
          policies: boundaryPolicies,
        },
      ],
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // The DOM exists only in the page: the renderer, and the e2e code that the harness runs in Chromium.
    files: ['**/*.ts'],
    ignores: ['src/renderer/**', 'test/e2e/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...restrict(BROWSER_ONLY, 'a browser global: only the page has a DOM'),
      ],
    },
  },
  {
    // Code that runs in the page has no Node globals.
    files: ['src/renderer/**/*.ts', ...PAGE_SAFE],
    rules: {
      'no-restricted-globals': ['error', ...restrict(NODE_ONLY, 'a Node global: this code runs in the page')],
    },
  },
  {
    // The shared types and the engine run in both the main process and the page: neither's globals.
    files: ['src/shared/**/*.ts', 'src/engine/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...restrict(BROWSER_ONLY, 'a browser global: this code also runs in the main process'),
        ...restrict(NODE_ONLY, 'a Node global: this code also runs in the page'),
      ],
    },
  },
);
