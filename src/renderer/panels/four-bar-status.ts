// Whenever the drawing is a four-bar (four revolute links, one driven: src/mechanisms/four-bar.ts recognises it),
// the status bar names its Grashof class and its transmission angle's range over the cycle, and the canvas marks
// its toggle and dead-centre positions — not only while the Plot panel is open. Asked of the session
// (`analysis:four-bar`, on a copy of the drawing, in slices beside the user's calls) after every change of structure
// of a drawing with a motor; the answer to an older question is dropped. This module owns the editor's four-bar
// marks.

import type { Api } from '../../../electron/preload/api';
import type { FourBarAnalysis } from '../../shared/analysis-samples';
import type { Editor } from '../editor/editor';
import { el, setText } from './dom';
import { fourBarSummary } from './plot-panel';

export function mountFourBarStatus(
  status: HTMLElement,
  editor: Editor,
  api: Pick<Api, 'analyzeFourBar'>,
): void {
  const line = el('span', { className: 'four-bar-status', data: { status: 'four-bar' } });
  line.hidden = true;
  // Before the status bar's right part (the cursor, DOF…), which keeps its width: this line wraps instead.
  status.insertBefore(line, status.querySelector('.right'));
  let asked = 0;
  const show = (analysis: FourBarAnalysis | null) => {
    setText(line, analysis ? fourBarSummary(analysis) : '');
    line.hidden = analysis === null;
    if (analysis) line.dataset.grashof = analysis.grashof;
    else delete line.dataset.grashof;
    editor.viewOps.setFourBarMarks(analysis?.marks ?? []);
  };
  const ask = () => {
    const question = ++asked;
    if (!editor.mirror.drawing.constraints.some((k) => k.kind === 'motor')) return show(null);
    // A refusal (no running motor, a pose the analysis cannot sample) shows nothing: it is not an error here.
    void editor.client.aside(
      api.analyzeFourBar({}).then(
        (analysis) => question === asked && show(analysis),
        () => question === asked && show(null),
      ),
    );
  };
  ask();
  editor.subscribe((change) => {
    if (change.structure) ask();
  });
}
