import { describe, expect, it, vi } from 'vitest';

// The recovery question's native dialog, with `electron` mocked: each button is one choice, Escape decides later.
const shown: { message: string; detail: string; buttons: string[]; cancelId: number }[] = [];
let response = 0;
vi.mock('electron', () => ({
  dialog: {
    showMessageBox: vi.fn(async (...args: unknown[]) => {
      shown.push(args.at(-1) as (typeof shown)[number]);
      return { response };
    }),
  },
}));

const { electronRecoveryUi } = await import('./files');

describe('the recovery question', () => {
  it('shows the prompt and answers Restore, Discard or Decide Later (also on Escape)', async () => {
    const ui = electronRecoveryUi(() => null);
    const prompt = { message: 'Recover unsaved work?', detail: '“plan.curvewright” has unsaved changes' };
    const answers = [];
    for (response = 0; response < 3; response++) answers.push(await ui.askRecovery(prompt));
    expect(answers).toEqual(['restore', 'discard', 'later']);
    const [first] = shown;
    expect(first.message).toBe(prompt.message);
    expect(first.detail).toBe(prompt.detail);
    expect(first.buttons[first.cancelId]).toBe('Decide Later');
  });
});
