// The table of shortcuts in docs/editor.md ("## Keys"), made from the action table (actions.ts): one row per action
// that has a key, with its keys and its menu place, laid out as Prettier lays out a Markdown table. The fourth
// column, a note, is the docs' own and is kept by action. `npm run docs:shortcuts` rewrites the docs;
// actions.test.ts fails while they differ, so the docs cannot drift from the table.

import { ACTION_NAMES, shortcutText, spec } from './actions';

const HEADER = ['action', 'keys', 'menu', ''];

/** Each action's note, from the table as the docs have it now. */
function notesOf(table: string[]): Map<string, string> {
  const notes = new Map<string, string>();
  for (const line of table) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (name && cells[4]) notes.set(name, cells[4]);
  }
  return notes;
}

function rowsOf(notes: Map<string, string>): string[][] {
  return ACTION_NAMES.filter((name) => spec(name).shortcuts?.length).map((name) => {
    const { shortcuts, menu, label } = spec(name);
    const place = menu ? `${menu[0]} ▸ ${label}` : `${label} (no menu item)`;
    return [`\`${name}\``, shortcuts!.map(shortcutText).join(', '), place, notes.get(name) ?? ''];
  });
}

/** Lines of a Markdown table padded to each column's width, as Prettier writes it. */
function layout(rows: string[][]): string[] {
  const width = HEADER.map((_, i) => Math.max(3, ...rows.map((row) => [...row[i]].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell + ' '.repeat(width[i] - [...cell].length)).join(' | ')} |`;
  return [line(rows[0]), line(width.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)];
}

/** docs/editor.md with its shortcut table made anew from the action table (the same text when it agrees). */
export function withShortcutTable(doc: string): string {
  const lines = doc.split('\n');
  const keys = lines.indexOf('## Keys');
  const start = lines.findIndex((line, i) => i > keys && line.startsWith('| action'));
  if (keys < 0 || start < 0) throw new Error("docs/editor.md: no '## Keys' section with a '| action' table");
  let end = start;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  const table = layout([HEADER, ...rowsOf(notesOf(lines.slice(start, end)))]);
  return [...lines.slice(0, start), ...table, ...lines.slice(end)].join('\n');
}
