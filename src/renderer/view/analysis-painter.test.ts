import { describe, expect, it } from 'vitest';
import { Engine } from '../../engine';
import { EXAMPLES, analyzeFourBar, instantCentres } from '../../mechanisms';
import { setupEditor } from '../test-support/editor-harness';
import { drawAnalysis } from './analysis-painter';
import { recordingContext } from './recording-context';
import { THEME } from './theme';
import { testClock } from '../../shared/test-support/clock';

const crankRocker = () => EXAMPLES.find((e) => e.name === 'crank-rocker')!.build();

describe('the analysis layer', () => {
  it('View ▸ Instant Centres: the session’s centres at the stepped pose, drawn where they are; off again: none', async () => {
    const { session, editor, user } = await setupEditor(crankRocker());
    user.shortcut('Shift+I');
    await editor.client.idle();
    expect(editor.viewOps.showCentres).toBe(true);
    for (let i = 0; i < 5; i++) editor.player.control('step');
    await editor.client.idle();
    expect(session.playStatus().frame).toBe(5);
    const engine = Engine.build(structuredClone(session.drawing), { clock: testClock() });
    const want = instantCentres(engine, session.drawing);
    expect(editor.mirror.centres).toEqual(want);

    const { ctx, ops, texts } = recordingContext();
    const drawn = drawAnalysis(ctx, editor);
    const centres = want.filter((c) => c.at !== null);
    expect(drawn.map((d) => d.label)).toEqual(centres.map((c) => c.bar));
    drawn.forEach((d, i) => {
      const at = editor.view.toScreen(centres[i].at!);
      expect(d.kind).toBe('centre');
      expect(d.at[0]).toBeCloseTo(at[0], 9);
      expect(d.at[1]).toBeCloseTo(at[1], 9);
      // The ring's centre and the label beside it.
      expect(ops[i].points[0]).toEqual(d.at);
      expect(ops[i].style).toBe(THEME.analysis.centre);
    });
    expect(texts.map((t) => t.text)).toEqual(['IC crank', 'IC coupler', 'IC rocker']);

    user.shortcut('Shift+I');
    await editor.client.idle();
    expect(editor.mirror.centres).toEqual([]);
    expect(drawAnalysis(recordingContext().ctx, editor)).toEqual([]);
  });

  it('a four-bar’s toggles and dead centres: a diamond where the crank’s joint is, on a line from its pivot', async () => {
    const drawing = crankRocker();
    const { editor } = await setupEditor(drawing);
    const { marks } = analyzeFourBar(
      Engine.build(structuredClone(drawing), { clock: testClock() }),
      structuredClone(drawing),
    )!;
    const changes: boolean[] = [];
    editor.subscribe((change) => changes.push(change.analysis));
    editor.viewOps.setFourBarMarks(marks);
    expect(changes).toEqual([true]); // the analysis layer redraws
    const { ctx, ops } = recordingContext();
    const drawn = drawAnalysis(ctx, editor);
    expect(drawn.map((d) => d.kind)).toEqual(marks.map((m) => m.kind));
    marks.forEach((m, i) => {
      const at = editor.view.toScreen(m.at);
      expect(drawn[i].at).toEqual(at);
      const line = ops[2 * i];
      expect(line.points).toEqual([editor.view.toScreen(m.pivot), at]);
      expect(line.style).toBe(THEME.analysis.mark);
    });
  });
});
