// The files the OS asks us to open, and which one is opened when. They come from this launch's command line
// (Windows, Linux: a double-clicked drawing, `curvewright a.curvewright`), from a second launch that handed its
// files over (`second-instance`), and from macOS's `open-file`, which may come before the app is ready. Electron-free
// (instance.ts wires Electron's events to it), so what is opened is tested directly.

import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorLine } from '../../src/shared/error-line';

export interface CommandLine {
  /** The arguments, the executable first (process.argv, or a second launch's). */
  argv: readonly string[];
  /** The folder relative paths are relative to: the launching shell's. */
  cwd: string;
  /** process.defaultApp: started as `electron <app>`, so the first argument that is no flag is the app, not a file. */
  defaultApp: boolean;
}

/** What a launch hands the running instance (app.requestSingleInstanceLock's additionalData). */
export interface Handover {
  files: string[];
}

function asPath(arg: string): string | null {
  // Linux launchers pass files as URLs (a desktop entry's %U).
  if (/^file:/i.test(arg)) {
    try {
      return fileURLToPath(arg);
    } catch {
      return null;
    }
  }
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(arg)) return null; // another scheme: not a file
  return arg;
}

/**
 * The files named on a command line, as absolute paths: every argument after the executable that is no flag
 * (Electron's and Chromium's switches, `--inspect=…`, macOS's `-psn_…`; all of the `--name=value` form), the app's
 * own path left out when started as `electron <app>`.
 */
export function filesInArgv({ argv, cwd, defaultApp }: CommandLine): string[] {
  const files: string[] = [];
  let appSkipped = !defaultApp;
  for (const arg of argv.slice(1)) {
    if (arg === '' || arg.startsWith('-')) continue;
    if (!appSkipped) {
      appSkipped = true;
      continue;
    }
    const path = asPath(arg);
    if (path !== null) files.push(resolve(cwd, path));
  }
  return files;
}

/**
 * The files a second launch asks for: the ones it handed over (its own command line, read by itself: Electron may
 * reorder or add to the argv the first instance is given), or, when the handover is not ours, its argv.
 */
export function filesOfSecondLaunch(line: CommandLine, handover: unknown): string[] {
  const files = (handover as Partial<Handover> | null)?.files;
  if (Array.isArray(files) && files.every((f) => typeof f === 'string' && isAbsolute(f))) return files;
  return filesInArgv(line);
}

/** The window the requests are for. */
export interface OpenTarget {
  /** Brings the window to the front. */
  front(): void;
  /** Opens the file through the file flow, which asks about unsaved changes first and shows its own failures. */
  open(path: string): Promise<unknown>;
}

/**
 * The queue between the OS and the window. One drawing per window: of the files one request names, the first is
 * opened. Requests are served one at a time, so two never stack their unsaved-changes questions; a request that
 * arrives while another waits its turn replaces it (the user's last double-click wins). Until the window is there
 * (macOS sends open-file before `ready`), requests wait; every later one also brings the window to the front, with
 * or without a file (a second launch of the app shows the running one).
 */
export class OpenRequests {
  private target: OpenTarget | null = null;
  private waiting: string | null = null;
  private serving: Promise<void> | null = null;

  request(files: readonly string[]): void {
    this.target?.front();
    if (files.length === 0) return;
    this.waiting = files[0];
    this.serve();
  }

  /** The window is ready: the waiting request (a launch file) is opened. */
  attach(target: OpenTarget): void {
    this.target = target;
    this.serve();
  }

  /** Resolves once every request made so far has been served. */
  async settled(): Promise<void> {
    while (this.serving) await this.serving;
  }

  private serve(): void {
    if (!this.target || this.serving || this.waiting === null) return;
    const path = this.waiting;
    this.waiting = null;
    this.serving = this.target
      .open(path)
      // The flow shows its own failures; anything else (a dialog that could not open) has no one to answer.
      .then(
        () => undefined,
        (error: unknown) => console.error(`Curvewright: could not open ${path}: ${errorLine(error)}`),
      )
      .finally(() => {
        this.serving = null;
        this.serve();
      });
  }
}
