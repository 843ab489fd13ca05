// Play / Pause, Step, Reset and the speed factor of the mechanism player (src/mechanisms, run in the
// session), with the simulated time.

import type { Editor } from '../editor/editor';
import { el, setText } from './dom';

const SPEEDS = [0.25, 0.5, 1, 2, 4];

export function playControls(editor: Editor): HTMLElement {
  const box = el('span', { className: 'play' });
  const play = el('button', {
    text: 'Play',
    title: 'Play or pause the motors (K)',
    data: { action: 'play' },
  });
  const step = el('button', { text: 'Step', title: 'Advance one frame', data: { action: 'step' } });
  const reset = el('button', { text: 'Reset', title: 'Back to the pose at Play', data: { action: 'reset' } });
  const speed = el('select', { title: 'Speed', data: { field: 'speed' } });
  for (const s of SPEEDS) speed.append(new Option(`${s}×`, String(s), s === 1, s === 1));
  const time = el('span', { className: 'time', data: { status: 'time' } });
  play.addEventListener('click', () => editor.togglePlay());
  step.addEventListener('click', () => editor.playControl('step'));
  reset.addEventListener('click', () => editor.playControl('reset'));
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
