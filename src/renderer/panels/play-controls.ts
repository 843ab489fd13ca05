// Play / Pause, Step, Reset and the speed factor of the mechanism player (src/mechanisms, run in the
// session), with the simulated time.

import { actionTitle } from '../../shared/actions';
import type { Editor } from '../editor/editor';
import { el, setText } from './dom';

const SPEEDS = [0.25, 0.5, 1, 2, 4];

export function playControls(editor: Editor): HTMLElement {
  const box = el('span', { className: 'play' });
  // Titles from the action table (src/shared/actions.ts), as the menu's items and the keyboard.
  const play = el('button', { text: 'Play', title: actionTitle('play:toggle'), data: { action: 'play' } });
  const step = el('button', { text: 'Step', title: actionTitle('play:step'), data: { action: 'step' } });
  const reset = el('button', { text: 'Reset', title: actionTitle('play:reset'), data: { action: 'reset' } });
  const speed = el('select', { title: 'Speed', data: { field: 'speed' } });
  for (const s of SPEEDS) speed.append(new Option(`${s}×`, String(s), s === 1, s === 1));
  const time = el('span', { className: 'time', data: { status: 'time' } });
  play.addEventListener('click', () => editor.run('play:toggle'));
  step.addEventListener('click', () => editor.run('play:step'));
  reset.addEventListener('click', () => editor.run('play:reset'));
  speed.addEventListener('change', () => {
    const factor = Number(speed.value);
    editor.playControl(editor.mirror.play.state === 'playing' ? 'play' : 'pause', factor);
  });
  box.append(el('span', { className: 'separator' }), play, step, reset, speed, time);
  const refresh = () => {
    const p = editor.mirror.play;
    setText(play, p.state === 'playing' ? 'Pause' : 'Play');
    play.classList.toggle('active', p.state === 'playing');
    reset.disabled = !p.canReset;
    setText(time, `t = ${p.time.toFixed(2)} s`);
  };
  refresh();
  editor.subscribe((change) => {
    if (change.status) refresh();
  });
  return box;
}
