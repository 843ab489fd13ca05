// The messages between Electron's main process and the session process (docs/architecture.md, "The session
// process"). The session — the drawing, its engine, the file flow, the autosave — runs in a process of its own so
// that a big drag never stalls main's event loop and nothing it does (running out of memory, a crash) can take main
// down; main keeps what needs Electron: the window, the menu, native dialogs. (The same host also runs on a
// MessagePort in the tests and the e2e harness.)
// One typed truth for both ends: main asks the session to carry out a contract channel (as the window sent it) or a
// file command (from the menu, the OS, the window's close); the session asks main for a native dialog, pushes events
// for the window, and reports each file opened or saved. Every answer carries the session's title and unsaved
// flag, so main's window title and close question never ask the session synchronously.
import type { RecoveryInstance } from '../../document/recovery';
import type { Result } from '../../shared/contract';
import type { PlainDrawing } from '../../shared/drawing';
import type { FileUi } from '../file-flow';
import type { RecoveryUi } from '../recovery-offer';

/** What main shows of the session without asking: the window title and the unsaved marker. */
export interface SessionState {
  title: string;
  dirty: boolean;
  /** The drawing's own file (null: never saved): what a restarted session takes the drawing up under. */
  path: string | null;
  /** What the unsaved-changes question calls the drawing (FileFlow.documentName): main may ask it itself. */
  name: string;
}

/**
 * The file commands main starts (the menu, files from the OS, closing the window, start-up's recovery offer, quit).
 * Each answers whether it went through. `path` comes from main (a menu entry, the OS), never from the window.
 */
export const THREAD_COMMANDS = [
  'new',
  'open',
  'open-example',
  'save',
  'save-as',
  'revert',
  // File ▸ Import…: a file of another format (SVG) added to the drawing.
  'import',
  // File ▸ Place Image…: a PNG or JPEG placed under the curves to trace over.
  'place-image',
  'confirm-discard',
  'offer-recovery',
  'close',
  // After a restart (supervisor.ts): the drawing the page showed, or failing that this window's recovery copy.
  'restore',
  'restore-recovery',
  // The window regained focus: has another program changed the drawing's file? (FileFlow.checkExternal)
  'check-external',
] as const;
export type ThreadCommand = (typeof THREAD_COMMANDS)[number];

/** The native dialogs the session's file flow and recovery offer ask main for. */
export type MainUi = FileUi & RecoveryUi;
export type UiQuestion = keyof MainUi;
export const UI_QUESTIONS: readonly UiQuestion[] = [
  'askSaveChanges',
  'askOverwrite',
  'askReload',
  'pickOpenPath',
  'pickImportPath',
  'askImportOptions',
  'pickImagePath',
  'pickSavePath',
  'showError',
  'askRecovery',
];

/** Main → session. */
export type ToSession =
  | { kind: 'invoke'; id: number; channel: string; payload: unknown }
  | { kind: 'command'; id: number; command: ThreadCommand; path?: string; drawing?: PlainDrawing }
  | { kind: 'answer'; id: number; result: Result<unknown> };

/** Session → main. */
export type ToMain =
  | { kind: 'reply'; id: number; result: Result<unknown>; state: SessionState }
  | { kind: 'ask'; id: number; question: UiQuestion; args: unknown[] }
  | { kind: 'event'; channel: string; payload: unknown; state: SessionState }
  | { kind: 'touched'; path: string; recent: string[] }
  /** The session is up (its first message): the empty drawing's state. */
  | { kind: 'ready'; state: SessionState };

/** Either end of the session's channel: a child process's or utility process's, or a MessagePort's. */
export interface ThreadPort<In, Out> {
  postMessage(message: Out): void;
  on(event: 'message', listener: (message: In) => void): unknown;
}

/** What the session is started with (its process's first argument, as JSON). */
export interface SessionConfig {
  /** This instance's recovery folder (docs/recovery.md). */
  recoveryDir: string;
  /** The shipped examples (File ▸ Open Example, the start panel). */
  examples: { title: string; path: string }[];
  /** This window's autosave key. */
  autosaveKey: string;
  /** Between autosaves, ms (tests shorten it). */
  autosaveIntervalMs?: number;
  /**
   * The app instance's recovery folder (its id and main's identity): every session process main starts writes
   * there, so a restarted one keeps the copies. Absent: a folder of the host's own process.
   */
  instance?: RecoveryInstance;
}
