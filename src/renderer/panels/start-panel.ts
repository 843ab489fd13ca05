// The start panel (issue 17): while the drawing is empty, a card over the canvas offers New, Open…, the shipped
// examples and the recent files. Main keeps the paths: the page shows the names it is sent (file:start) and opens
// one by its index (file:open-recent, file:open-example). It goes away as soon as there is something drawn, a
// drawing tool is picked, or its close button is pressed.

import type { StartList } from '../../shared/contract';
import type { Editor } from '../editor/editor';
import { el } from './dom';
import { runFileCommand, type FileApi } from './file-buttons';

export type StartApi = FileApi & Pick<Window['curvewright'], 'startList' | 'openRecent' | 'openExample'>;

export function mountStartPanel(host: HTMLElement, editor: Editor, api: StartApi): void {
  const panel = el('div', { className: 'start-panel' });
  panel.setAttribute('role', 'region');
  panel.setAttribute('aria-label', 'Start');
  panel.hidden = true;
  // Its clicks are its own: the canvas under it would capture the pointer and take them as drawing.
  panel.addEventListener('pointerdown', (e) => e.stopPropagation());
  host.append(panel);
  let dismissed = false;
  const fail = (error: unknown) => editor.notify(error instanceof Error ? error.message : String(error));

  const item = (text: string, detail: string, data: Record<string, string>, open: () => Promise<boolean>) => {
    const button = el(
      'button',
      { data },
      el('span', { text }),
      el('span', { className: 'detail', text: detail }),
    );
    button.title = detail ? `${detail}/${text}` : text;
    button.addEventListener('click', () => void open().catch(fail));
    return button;
  };
  const render = (list: StartList) => {
    const close = el('button', {
      text: '×',
      title: 'Close',
      className: 'close',
      data: { action: 'close-start' },
    });
    close.addEventListener('click', () => {
      dismissed = true;
      update();
    });
    const action = (text: string, command: 'new' | 'open') => {
      const button = el('button', { text, className: 'primary', data: { action: command } });
      button.addEventListener('click', () => runFileCommand(api, command, (m) => editor.notify(m)));
      return button;
    };
    const section = (title: string, items: HTMLElement[]) =>
      items.length ? [el('h3', { text: title }), el('div', { className: 'list' }, ...items)] : [];
    panel.replaceChildren(
      el('header', {}, el('h2', { text: 'Curvewright' }), close),
      el('div', { className: 'actions' }, action('New', 'new'), action('Open…', 'open')),
      ...section(
        'Recent',
        list.recent.map((file, index) =>
          item(file.name, file.folder, { recent: String(index) }, () => api.openRecent({ index })),
        ),
      ),
      ...section(
        'Examples',
        list.examples.map((example, index) =>
          item(example.title, '', { example: String(index) }, () => api.openExample({ index })),
        ),
      ),
    );
  };

  const empty = () => {
    const d = editor.mirror.drawing;
    return d.curves.length === 0 && d.constraints.length === 0;
  };
  function update(): void {
    const show = !dismissed && empty() && editor.tool.id === 'select';
    if (show && panel.hidden) void api.startList().then(render, fail);
    panel.hidden = !show;
  }
  update();
  editor.subscribe((change) => {
    if (change.structure || change.tool || change.status) update();
  });
}
