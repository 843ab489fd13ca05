// Rewrites docs/editor.md's shortcut table from the action table (src/shared/shortcut-docs.ts):
// `npm run docs:shortcuts` after adding or changing an action's keys.
import { readFileSync, writeFileSync } from 'node:fs';
import { withShortcutTable } from '../src/shared/shortcut-docs';

const path = new URL('../docs/editor.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = withShortcutTable(before);
if (after === before) console.log('docs/editor.md: the shortcut table already agrees with the action table');
else {
  writeFileSync(path, after);
  console.log('docs/editor.md: shortcut table rewritten from src/shared/actions.ts');
}
