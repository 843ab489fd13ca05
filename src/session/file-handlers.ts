// The file channels of the contract, carried out by the file flow. (File ▸ Save As, Revert … are not channels: the
// native menu runs them in main, electron/main/main-actions.ts.) The page never names a path: it opens a file the
// user dropped on the window by the token main issued for it, and a recent file or an example by its place in
// main's own lists (the start panel).
import { basename, dirname } from 'node:path';
import type { FileCommand, StartList } from '../shared/contract';
import { DropTokens } from './drop-tokens';
import type { FileHandlers } from './dispatch';
import type { FileFlow } from './file-flow';
import type { RecentFiles } from './recent-files';

/** What main lists for the start panel: its recent files and the shipped examples. */
export interface FileLists {
  recent: RecentFiles;
  examples: () => readonly { title: string; path: string }[];
}

export function createFileHandlers(
  flow: FileFlow,
  lists: FileLists,
  drops: DropTokens = new DropTokens(),
): FileHandlers {
  const commands: Record<FileCommand, () => Promise<boolean>> = {
    new: () => flow.newDrawing(),
    open: () => flow.open(),
    save: () => flow.save(),
  };
  const example = (index: number) => {
    const found = lists.examples()[index];
    if (!found) throw new Error(`refused: there is no example ${index + 1}`);
    return found.path;
  };
  return {
    // The preload's own channel (contract.ts preloadChannels): the path of a File dropped on the window.
    'file:drop-token': ({ path }) => drops.issue(path),
    'file:open-dropped': ({ token }) => flow.open(drops.take(token)),
    'file:start': (): StartList => ({
      recent: lists.recent.list().map((path) => ({ name: basename(path), folder: dirname(path) })),
      examples: lists.examples().map(({ title }) => ({ title })),
    }),
    'file:command': ({ command }) => commands[command](),
    'file:export': (choices) => flow.exportDrawing(choices),
    'file:open-recent': ({ index }) => flow.open(lists.recent.at(index)),
    'file:open-example': ({ index }) => flow.openExample(example(index)),
  };
}
