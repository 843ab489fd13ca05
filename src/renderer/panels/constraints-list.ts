// The constraints list: every constraint with its kind, what it holds and its value ("distance — circle 1, bar 2 ·
// 25 mm"), its state (conflicting, binding, violated, redundant or ok), display name ("distance 3", never the id),
// and, on demand (View ▸ Solver Details), its error and force; problems first (most severe first, then in drawing
// order); a click selects it. Above it, while the status bar says one, what a refusal or a redundancy is about.

import type { Constraint } from '../../shared/drawing';
import type { Editor } from '../editor/editor';
import { CONSTRAINT_STATES, type ConstraintState } from '../editor/mirror';
import { constraintSummary } from './constraint-summary';
import { el } from './dom';
import { constraintTooltip, formatMeasure } from '../editor/constraint-words';
import { rowWindow } from './row-window';

/** Where a state sorts: the most severe first; a constraint the status has not reported on yet, last. */
function severity(state: ConstraintState | null): number {
  return state === null ? CONSTRAINT_STATES.length : CONSTRAINT_STATES.indexOf(state);
}

/**
 * A row's height, px: its two lines of text, as tall as a row laid out on its own was (one truth: the list's CSS
 * reads it as --row-height).
 */
const ROW_HEIGHT = 37;
/** Rows built beyond each edge of the view, so a short scroll shows rows already laid out. */
const OVERSCAN = 10;

/** The nearest ancestor that scrolls (the side panel), or the page's. */
function scrollParent(node: HTMLElement): HTMLElement {
  for (let p = node.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if (overflowY === 'auto' || overflowY === 'scroll') return p;
  }
  return document.documentElement;
}

export function mountConstraintsList(host: HTMLElement, editor: Editor): void {
  const title = el('h2', { text: 'Constraints' });
  const list = el('ul', { className: 'constraints' });
  list.style.setProperty('--row-height', `${ROW_HEIGHT}px`);
  // What the last refusal or redundancy is about (editor.notice: the same constraints highlighted on the canvas),
  // all of them, above the list, until the next action.
  const culpritHeading = el('h3', { className: 'culprits-heading' });
  const culpritList = el('ul', { className: 'culprits', data: { list: 'culprits' } });
  culpritList.style.setProperty('--row-height', `${ROW_HEIGHT}px`);
  const culprits = el('div', { className: 'culprits-box' }, culpritHeading, culpritList);
  culprits.hidden = true;
  host.append(title, culprits, list);
  const scroller = scrollParent(host);
  // Only the rows the side panel shows are in the DOM (row-window.ts): at 10,000 constraints, 10,000 rows cost
  // every frame, drags included, though no frame changed them.
  let rows: { k: Constraint; state: ConstraintState | null }[] = [];
  let names = editor.mirror.names();
  let shownWindow = { first: -1, end: -1 };
  const row = ({ k, state: known }: (typeof rows)[number]) => {
    const s = editor.mirror.constraintStatus(k.id);
    const state = known ?? '';
    // The solver's measures only on demand (View ▸ Solver Details), in words (constraint-words.ts).
    const details = s && editor.viewOps.solverDetails;
    const item = el(
      'li',
      {
        className: `${state}${editor.selection.has(k.id) ? ' selected' : ''}`,
        title: s ? constraintTooltip(names.get(k.id) ?? k.id, known, s, editor.viewOps.solverDetails) : '',
        data: { id: k.id, state },
      },
      el('span', { className: 'kind', text: k.kind }),
      el('span', { className: 'targets', text: constraintSummary(k, editor.mirror.drawing, names) }),
      el('span', { className: 'state', text: state }),
      el('span', { className: 'id', text: names.get(k.id) ?? k.id }),
      el('span', { className: 'residual', text: details ? `error ${formatMeasure(s.residual)}` : '' }),
      el('span', { className: 'tension', text: details ? `force ${formatMeasure(s.tension)}` : '' }),
    );
    item.addEventListener('click', () => editor.setSelection([k.id]));
    return item;
  };
  /** Builds the rows the view meets, unless they are the ones built (`force`: the rows themselves changed). */
  const show = (force: boolean) => {
    const view = scroller.getBoundingClientRect();
    const top = list.getBoundingClientRect().top;
    const w = rowWindow(view.top - top, view.bottom - top, ROW_HEIGHT, rows.length, OVERSCAN);
    if (!force && w.first === shownWindow.first && w.end === shownWindow.end) return;
    shownWindow = w;
    list.style.height = `${w.height}px`;
    list.style.paddingTop = `${w.first * ROW_HEIGHT}px`;
    list.replaceChildren(...rows.slice(w.first, w.end).map(row));
  };
  const refresh = () => {
    names = editor.mirror.names();
    rows = editor.mirror.drawing.constraints
      .map((k, order) => ({ k, order, state: editor.mirror.constraintState(k.id) }))
      .sort((a, b) => severity(a.state) - severity(b.state) || a.order - b.order);
    show(true);
  };
  let shownNotice: Editor['notice'] = null;
  const showCulprits = () => {
    shownNotice = editor.notice;
    const about = shownNotice?.culprits;
    culprits.hidden = !about;
    if (!about) return culpritList.replaceChildren();
    culpritHeading.textContent = about.heading;
    const wanted = new Set(about.constraints);
    culpritList.replaceChildren(
      ...editor.mirror.drawing.constraints
        .filter((k) => wanted.has(k.id))
        .map((k) => row({ k, state: editor.mirror.constraintState(k.id) })),
    );
  };
  scroller.addEventListener('scroll', () => show(false), { passive: true });
  new ResizeObserver(() => show(false)).observe(scroller);
  refresh();
  // Drag and play frames keep the constraint list as it was (same array): rebuild only when it was replaced, or
  // when what a locked mechanism binds on changed.
  let shown = editor.mirror.status.constraints;
  let shownBinding = editor.mirror.play.binding.join(' ');
  let shownDetails = editor.viewOps.solverDetails;
  editor.subscribe((change) => {
    const statuses = editor.mirror.status.constraints;
    const binding = editor.mirror.play.binding.join(' ');
    const details = editor.viewOps.solverDetails;
    if (
      change.structure ||
      change.selection ||
      statuses !== shown ||
      binding !== shownBinding ||
      details !== shownDetails
    ) {
      shown = statuses;
      shownBinding = binding;
      shownDetails = details;
      refresh();
      showCulprits();
    } else if (editor.notice !== shownNotice) showCulprits();
  });
}
