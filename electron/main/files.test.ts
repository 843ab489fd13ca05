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

const { electronRecoveryUi, electronSessionUi } = await import('./files');

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

describe("the session's own messages", () => {
  it('asks Wait or Stop about a call that does not end (Escape waits), and tells without asking', async () => {
    const ui = electronSessionUi(() => null);
    shown.length = 0;
    response = 0;
    expect(await ui.askBusy('an edit', 7)).toBe('wait');
    response = 1;
    expect(await ui.askBusy('an edit', 12)).toBe('stop');
    expect(shown[1].message).toBe('Curvewright has been working on an edit for 12 s.');
    expect(shown[1].buttons).toEqual(['Wait', 'Stop']);
    expect(shown[1].buttons[shown[1].cancelId]).toBe('Wait');
    ui.tell("The drawing's engine stopped (it ran out of memory) and was started again.");
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    expect(shown[2]).toMatchObject({
      message: "The drawing's engine stopped (it ran out of memory) and was started again.",
    });
  });
});
