// What the actions that run in main do (src/shared/actions.ts): the file flow's commands, which need native
// dialogs and the disk, Quit, and About (a native box). A Record over every main action, so one without a binding does not compile.
// Electron-free: the e2e harness binds the very same functions to its scripted file flow.
import type { MainActionName } from '../../src/shared/actions';
import { errorLine } from '../../src/shared/error-line';
import type { FlowCommands } from '../../src/session/host/session-link';

export type MainBindings = Record<MainActionName, () => void>;

export function mainActions(flow: FlowCommands, quit: () => void, about: () => void): MainBindings {
  // The flow shows the user its own failures (FileUi.showError); a menu click has no caller to answer, so anything
  // else (a dialog that could not open) goes to the log rather than becoming an unhandled rejection.
  const run = (command: () => Promise<boolean>) => () =>
    void command().catch((error: unknown) => console.error(`Curvewright: ${errorLine(error)}`));
  return {
    'file:new': run(() => flow.newDrawing()),
    'file:open': run(() => flow.open()),
    'file:save': run(() => flow.save()),
    'file:save-as': run(() => flow.saveAs()),
    'file:revert': run(() => flow.revert()),
    'file:import': run(() => flow.importFile()),
    'file:place-image': run(() => flow.placeImage()),
    'app:quit': quit,
    'help:about': about,
  };
}
