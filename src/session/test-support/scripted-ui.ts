// A scripted stand-in for main's native dialogs (the file flow's and the recovery offer's): each question takes
// the next queued answer, and what was asked or shown is recorded.
import type { OverwriteChoice, ReloadChoice, SaveChoice } from '../file-flow';
import type { RecoveryChoice, RecoveryPrompt } from '../recovery-offer';
import type { MainUi } from '../host/protocol';
import type { ImportOptions, ImportQuestion } from '../../shared/import-choices';

export class ScriptedUi implements MainUi {
  saveChoices: SaveChoice[] = [];
  openPaths: (string | null)[] = [];
  savePaths: (string | null)[] = [];
  recovery: RecoveryChoice[] = [];
  /** The document names the unsaved-changes question named. */
  asked: string[] = [];
  /** The recovery questions asked. */
  prompts: RecoveryPrompt[] = [];
  errors: string[] = [];
  async askSaveChanges(name: string): Promise<SaveChoice> {
    this.asked.push(name);
    return this.saveChoices.shift() ?? 'cancel';
  }
  overwriteChoices: OverwriteChoice[] = [];
  reloadChoices: ReloadChoice[] = [];
  /** The questions about a file another program changed: which, and of what. */
  external: string[] = [];
  async askOverwrite(name: string): Promise<OverwriteChoice> {
    this.external.push(`overwrite ${name}`);
    return this.overwriteChoices.shift() ?? 'cancel';
  }
  async askReload(name: string): Promise<ReloadChoice> {
    this.external.push(`reload ${name}`);
    return this.reloadChoices.shift() ?? 'keep';
  }
  async pickOpenPath(): Promise<string | null> {
    return this.openPaths.shift() ?? null;
  }
  importPaths: (string | null)[] = [];
  async pickImportPath(): Promise<string | null> {
    return this.importPaths.shift() ?? null;
  }
  /** The answers to the import's questions, in turn (null: Cancel, also when none is left). */
  importAnswers: (ImportOptions | null)[] = [];
  /** The import questions asked: "points plan.csv". */
  importQuestions: string[] = [];
  async askImportOptions(question: ImportQuestion, name: string): Promise<ImportOptions | null> {
    this.importQuestions.push(`${question} ${name}`);
    return this.importAnswers.shift() ?? null;
  }
  imagePaths: (string | null)[] = [];
  async pickImagePath(): Promise<string | null> {
    return this.imagePaths.shift() ?? null;
  }
  async pickSavePath(): Promise<string | null> {
    return this.savePaths.shift() ?? null;
  }
  async askRecovery(prompt: RecoveryPrompt): Promise<RecoveryChoice> {
    this.prompts.push(prompt);
    return this.recovery.shift() ?? 'later';
  }
  showError(message: string): void {
    this.errors.push(message);
  }
}
