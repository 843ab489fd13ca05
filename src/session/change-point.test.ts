// Issue 27 through the session, as the app plays and drags: a parallelogram four-bar (crank 20, coupler 60, rocker
// 20, ground 60) crosses its change point (every link in line) on the branch it came on, and one built there plays
// with no lock to report.
import { describe, expect, it } from 'vitest';
import { polar } from '../mechanisms/assembly';
import { barAngle, fourBarDrawing, offParallel } from '../mechanisms/test-support/four-bar';
import type { Drawing, Vec2 } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { Session } from './session';

const DEG = Math.PI / 180;

function session(degrees: number, motor: boolean): Session {
  const drawing = fourBarDrawing({ ground: 60, crank: 20, coupler: 60, rocker: 20 }, degrees * DEG, {
    side: 1,
    motor,
  });
  return new Session({ clock: testClock(), drawing });
}

const offParallelIn = (d: Drawing) => offParallel((id) => barAngle(d, id));

describe('a parallelogram at its change point, in the session', () => {
  it('played from 30° (frame 25 on 180°), every frame’s drawing is a parallelogram', () => {
    const s = session(30, true);
    s.playControl('play');
    let worst = 0;
    for (let i = 0; i < 45; i++) {
      const play = s.playFrame().play!;
      expect(play.lock).toBe('');
      worst = Math.max(worst, offParallelIn(s.drawing));
    }
    expect(barAngle(s.drawing, 'crank') / DEG).toBeCloseTo(30 + 45 * 6, 6);
    expect(worst).toBeLessThan(1e-7);
  });

  it('built at its folded change point, it plays a whole turn and never reports a lock', () => {
    const s = session(0, true);
    s.playControl('play');
    for (let i = 0; i < 60; i++) {
      const play = s.playFrame().play!;
      expect(play.lock).toBe('');
      expect(play.binding).toEqual([]);
    }
    expect(barAngle(s.drawing, 'crank') / DEG).toBeCloseTo(360, 6);
  });

  it('dragged by its crank’s end to exactly (−20, 0) and on to 210°, it is still a parallelogram', () => {
    const s = session(150, false);
    s.dragStart('crank', 1, polar([0, 0], 20, 150 * DEG));
    const pull = (cursor: Vec2) => {
      for (let i = 0; i < 20; i++) s.dragMove(cursor);
      expect(offParallelIn(s.drawing)).toBeLessThan(1e-7);
    };
    pull(polar([0, 0], 20, 170 * DEG));
    pull([-20, 0]);
    expect(barAngle(s.drawing, 'crank') / DEG).toBeCloseTo(180, 6);
    pull(polar([0, 0], 20, 210 * DEG));
    s.dragEnd();
    expect(barAngle(s.drawing, 'crank') / DEG).toBeCloseTo(210, 6);
    expect(offParallelIn(s.drawing)).toBeLessThan(1e-7);
  });
});
