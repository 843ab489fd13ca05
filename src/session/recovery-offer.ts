// At start-up, every drawing left by an instance that crashed is offered, one question each (newest first), with
// its name and when it was written: Restore, Discard, or Decide Later. Restore goes through the file flow (the
// unsaved-changes question first, so a second Restore never silently drops the first); the copy then belongs to
// this window until the drawing is saved. Discard deletes the copy. Decide Later leaves it for the next start.
import type { RecoveryCopy } from '../document/recovery';
import { errorLine } from '../shared/error-line';
import type { FileFlow, FileUi } from './file-flow';

export type RecoveryChoice = 'restore' | 'discard' | 'later';

export interface RecoveryPrompt {
  message: string;
  detail: string;
}

export interface RecoveryUi extends Pick<FileUi, 'showError'> {
  askRecovery(prompt: RecoveryPrompt): Promise<RecoveryChoice>;
}

/** The recovery folder, as far as offering goes (src/document/recovery.ts: RecoveryFolder). */
export interface RecoveryShelf {
  orphans(): Promise<RecoveryCopy[]>;
  /** The copy becomes this window's copy under `key`. */
  adopt(copy: RecoveryCopy, key: string): Promise<void>;
  discard(copy: RecoveryCopy): Promise<void>;
}

export interface OfferOutcome {
  restored: number;
  discarded: number;
  kept: number;
}

function when(copy: RecoveryCopy): string {
  return new Date(copy.savedAt).toLocaleString();
}

/** The question about `copies[index]`, naming every drawing there is to recover. */
export function recoveryPrompt(copies: readonly RecoveryCopy[], index: number): RecoveryPrompt {
  const copy = copies[index];
  const counter = copies.length > 1 ? ` (${index + 1} of ${copies.length})` : '';
  const lines = [
    `Curvewright did not close cleanly. “${copy.name}” has unsaved changes from ${when(copy)}.`,
    ...(copies.length > 1
      ? [
          '',
          'Drawings to recover:',
          ...copies.map((c, i) => `${i === index ? '▸' : '•'} ${c.name} — ${when(c)}`),
        ]
      : []),
    '',
    'Decide Later keeps the copy for the next start.',
  ];
  return { message: `Recover unsaved work${counter}?`, detail: lines.join('\n') };
}

/** Offers every orphaned copy in turn; `key` is this window's autosave key, which a restored copy takes. */
export async function offerRecovery(
  shelf: RecoveryShelf,
  ui: RecoveryUi,
  flow: FileFlow,
  key: string,
): Promise<OfferOutcome> {
  const outcome: OfferOutcome = { restored: 0, discarded: 0, kept: 0 };
  let copies: RecoveryCopy[];
  try {
    copies = await shelf.orphans();
  } catch (error) {
    ui.showError(errorLine(`Could not look for recovery copies: ${errorLine(error)}`));
    return outcome;
  }
  for (let i = 0; i < copies.length; i++) {
    const copy = copies[i];
    const choice = await ui.askRecovery(recoveryPrompt(copies, i));
    if (
      choice === 'restore' &&
      (await flow.restore(copy.drawing, copy.document, () => shelf.adopt(copy, key)))
    ) {
      outcome.restored++;
    } else if (choice === 'discard') {
      try {
        await shelf.discard(copy);
        outcome.discarded++;
      } catch (error) {
        ui.showError(errorLine(`Could not discard the recovery copy: ${errorLine(error)}`));
        outcome.kept++;
      }
    } else outcome.kept++;
  }
  return outcome;
}
