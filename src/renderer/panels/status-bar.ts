// The status bar: the tool's hint (or the last message), the cursor's coordinates in mm, degrees of freedom, max residual, the engine's time for
// the last call and the drag frame's round trip; while a mechanism is locked, why ("the crank cannot turn past
// 152°: coupler and rocker are in line"); what the last Play, Step or Reset did that the user would not see ("nothing
// to play: no motor is running…"); and, while autosave is failing, what it could not write and why (until an
// autosave succeeds: a crash meanwhile would lose the unsaved work); while fits run, how near they are
// ("Fitting: RMS 0.012 mm, max 0.034 mm", the farthest of them).

import type { Editor } from '../editor/editor';
import { formatValue } from '../../shared/units';
import { formatMeasure } from '../editor/constraint-words';
import { el, setText } from './dom';
import { readoutText } from './attractor-properties';

/** The status bar's line for the attractors' run: while they move, the farthest one's readout; else nothing. */
export function fittingLine(pulls: Editor['mirror']['pulls']): string {
  if (!pulls || pulls.done || pulls.readouts.length === 0) return '';
  const farthest = pulls.readouts.reduce((a, b) => (b.rms > a.rms ? b : a));
  return `Fitting: ${readoutText(farthest)}`;
}

export function mountStatusBar(host: HTMLElement, editor: Editor): void {
  const hint = el('span', { className: 'hint', data: { status: 'hint' } });
  const cursor = el('span', { className: 'cursor', data: { status: 'cursor' } });
  const dof = el('span', { data: { status: 'dof' } });
  const residual = el('span', { data: { status: 'residual' } });
  const time = el('span', { data: { status: 'time' } });
  const autosave = el('span', { className: 'bad autosave', data: { status: 'autosave' } });
  const lock = el('span', { className: 'bad lock', data: { status: 'lock' } });
  const notice = el('span', { className: 'notice', data: { status: 'play-notice' } });
  const fitting = el('span', { className: 'notice', data: { status: 'fitting' } });
  // A notice's one-click answers (a redundant constraint: Make Reference, Remove), beside its message.
  const offers = el('span', { className: 'offers', data: { status: 'offers' } });
  offers.addEventListener('mousedown', (e) => e.preventDefault());
  const right = el('span', { className: 'right' }, cursor, dof, residual, time);
  host.append(hint, offers, lock, notice, fitting, autosave, right);
  let offered: Editor['notice'] = null;
  const showOffers = () => {
    if (editor.notice === offered) return;
    offered = editor.notice;
    offers.replaceChildren(
      ...(offered?.offers ?? []).map((offer) => {
        const button = el('button', { text: offer.label, data: { offer: offer.name } });
        button.type = 'button';
        button.addEventListener('click', () => editor.takeOffer(offer));
        return button;
      }),
    );
    offers.hidden = offers.childElementCount === 0;
  };
  const showCursor = () => {
    const at = editor.inputs.cursor;
    setText(cursor, at ? `x ${formatValue('mm', at[0])}  y ${formatValue('mm', at[1])} mm` : '');
  };
  const refresh = () => {
    const s = editor.mirror.status;
    setText(hint, editor.message || editor.tool.hint);
    hint.classList.toggle('message', editor.message !== '');
    hint.title = editor.notice?.detail ?? editor.message;
    showOffers();
    setText(dof, `DOF ${s.dof}`);
    // The largest error and the timings are the solver's: shown on demand (View ▸ Solver Details); a drawing
    // whose constraints are not met says so anyway.
    const details = editor.viewOps.solverDetails;
    const unmet = s.maxResidual > 1e-6;
    setText(
      residual,
      details ? `largest error ${formatMeasure(s.maxResidual)}` : unmet ? 'constraints not met' : '',
    );
    residual.classList.toggle('bad', unmet);
    residual.hidden = !details && !unmet;
    const frame = editor.frames.last?.total ?? editor.client.frameRoundTripMs;
    setText(time, details ? `solve ${s.frameMs.toFixed(1)} ms · frame ${frame.toFixed(1)} ms` : '');
    time.hidden = !details;
    // The lock's sentence names records as the user reads them already (lock-reason.ts): shown as it comes.
    setText(lock, editor.mirror.play.lock);
    lock.hidden = editor.mirror.play.lock === '';
    setText(notice, editor.mirror.play.notice);
    notice.hidden = editor.mirror.play.notice === '';
    const fit = fittingLine(editor.mirror.pulls);
    setText(fitting, fit);
    fitting.hidden = fit === '';
    const failure = editor.mirror.autosaveFailure;
    const line = failure ? `Autosave failed: ${failure.reason} — ${failure.path}` : '';
    setText(autosave, line);
    autosave.title = line;
    autosave.hidden = !failure;
  };
  refresh();
  showCursor();
  editor.subscribe((change) => {
    if (change.status || change.tool) refresh();
    if (change.cursor) showCursor();
  });
}
