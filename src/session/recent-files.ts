// The files opened or saved lately, newest first (File ▸ Open Recent and the start panel). Main keeps the paths;
// the page sees them only to show them, and asks to open one by its place in the list (file:open-recent), so it
// can never make main open a path of its own choosing.

export const MAX_RECENT = 10;

export class RecentFiles {
  private readonly paths: string[] = [];

  /** Newest first. */
  list(): readonly string[] {
    return this.paths;
  }

  /** `path` was opened or saved: it moves to the front. */
  touch(path: string): void {
    const at = this.paths.indexOf(path);
    if (at >= 0) this.paths.splice(at, 1);
    this.paths.unshift(path);
    this.paths.length = Math.min(this.paths.length, MAX_RECENT);
  }

  /** The path at `index`, or a one-line refusal. */
  at(index: number): string {
    const path = this.paths[index];
    if (path === undefined) throw new Error(`refused: there is no recent file ${index + 1}`);
    return path;
  }
}
