// Play / Pause, Step, Reset and the speed factor of the mechanism player (src/mechanisms, run in the
// session), with the simulated time.

import { actionTitle, spec, type RendererActionName } from '../../shared/actions';
import type { Editor } from '../editor/editor';
import { ACTION_ICONS } from './action-icons';
import { el, setText } from './dom';
import { iconButton, setIcon, showActionFlags } from './icon-button';

const SPEEDS = [0.25, 0.5, 1, 2, 4];

export function playControls(editor: Editor): HTMLElement {
  const box = el('span', { className: 'play' });
  // Titles from the action table (src/shared/actions.ts), as the menu's items and the keyboard.
  const button = (run: RendererActionName, name: 'play' | 'step' | 'reset', label = spec(run).label) =>
    iconButton(ACTION_ICONS[name], { label, title: actionTitle(run), data: { action: name } });
  const play = button('play:toggle', 'play', 'Play');
  const step = button('play:step', 'step');
  const reset = button('play:reset', 'reset');
  const speed = el('select', { title: 'Speed', data: { field: 'speed' } });
  for (const s of SPEEDS) speed.append(new Option(`${s}×`, String(s), s === 1, s === 1));
  const time = el('span', { className: 'time', data: { status: 'time' } });
  play.addEventListener('click', () => editor.run('play:toggle'));
  step.addEventListener('click', () => editor.run('play:step'));
  reset.addEventListener('click', () => editor.run('play:reset'));
  speed.addEventListener('change', () => {
    const factor = Number(speed.value);
    editor.player.control(editor.mirror.play.state === 'playing' ? 'play' : 'pause', factor);
  });
  box.append(play, step, reset, speed, time);
  const refresh = () => {
    const p = editor.mirror.play;
    if (p.state === 'playing') setIcon(play, ACTION_ICONS.pause, 'Pause');
    else setIcon(play, ACTION_ICONS.play, 'Play');
    play.classList.toggle('active', p.state === 'playing');
    setText(time, `${p.time.toFixed(2)} s`);
  };
  refresh();
  editor.subscribe((change) => {
    if (change.status) refresh();
  });
  editor.actionFlags.watch((flags) => showActionFlags(reset, 'play:reset', flags));
  return box;
}
