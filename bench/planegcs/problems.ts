// The benchmark's chain and four-bar problems as planegcs sketches (points and distances, the dragged end or the
// crank angle given), with the residual measured the same way as ours: max |length − L| and the driven coordinate.
import type { PlanegcsProblem, SolvedPoint } from '../types';
import { CHAIN_LINK, FOUR_BAR, chainJoints, fourBarJoints } from '../cases/drawings';

/** The chain's free end is moved by DRAG, as in the chain case. */
export const CHAIN_DRAG: [number, number] = [0, 1];
/** Every crank turns by TURN, as in the four-bars case. */
export const CRANK_TURN = Math.PI / 3;

export function planegcsChain(n: number): PlanegcsProblem {
  const joints = chainJoints(n);
  const primitives: object[] = joints.map(([x, y], i) => ({
    id: `p${i}`,
    type: 'point',
    x,
    y,
    fixed: i === 0,
  }));
  for (let i = 1; i <= n; i++) {
    primitives.push({
      id: `d${i}`,
      type: 'p2p_distance',
      p1_id: `p${i - 1}`,
      p2_id: `p${i}`,
      distance: CHAIN_LINK,
    });
  }
  const [ex, ey] = joints[n];
  primitives.push({ id: 'tx', type: 'coordinate_x', p_id: `p${n}`, x: ex + CHAIN_DRAG[0] });
  primitives.push({ id: 'ty', type: 'coordinate_y', p_id: `p${n}`, y: ey + CHAIN_DRAG[1] });
  return {
    primitives,
    residual(points: Map<string, SolvedPoint>) {
      let worst = 0;
      for (let i = 1; i <= n; i++) {
        const a = points.get(`p${i - 1}`)!;
        const b = points.get(`p${i}`)!;
        worst = Math.max(worst, Math.abs(Math.hypot(b.x - a.x, b.y - a.y) - CHAIN_LINK));
      }
      const e = points.get(`p${n}`)!;
      return Math.max(worst, Math.abs(e.x - ex - CHAIN_DRAG[0]), Math.abs(e.y - ey - CHAIN_DRAG[1]));
    },
  };
}

export function planegcsFourBars(n: number): PlanegcsProblem {
  const primitives: object[] = [];
  const target = FOUR_BAR.startAngle + CRANK_TURN;
  for (let m = 0; m < n; m++) {
    const joints = fourBarJoints(m, FOUR_BAR.startAngle);
    joints.forEach(([x, y], k) =>
      primitives.push({ id: `m${m}p${k}`, type: 'point', x, y, fixed: k === 0 || k === 3 }),
    );
    const lengths = [FOUR_BAR.crank, FOUR_BAR.coupler, FOUR_BAR.rocker];
    lengths.forEach((distance, k) =>
      primitives.push({
        id: `m${m}d${k}`,
        type: 'p2p_distance',
        p1_id: `m${m}p${k}`,
        p2_id: `m${m}p${k + 1}`,
        distance,
      }),
    );
    primitives.push({ id: `m${m}a`, type: 'p2p_angle', p1_id: `m${m}p0`, p2_id: `m${m}p1`, angle: target });
  }
  return {
    primitives,
    residual(points: Map<string, SolvedPoint>) {
      let worst = 0;
      for (let m = 0; m < n; m++) {
        const p = [0, 1, 2, 3].map((k) => points.get(`m${m}p${k}`)!);
        const lengths = [FOUR_BAR.crank, FOUR_BAR.coupler, FOUR_BAR.rocker];
        lengths.forEach((len, k) => {
          worst = Math.max(worst, Math.abs(Math.hypot(p[k + 1].x - p[k].x, p[k + 1].y - p[k].y) - len));
        });
        // The crank's angle, as a distance: how far B is from where the angle puts it.
        const bx = p[0].x + FOUR_BAR.crank * Math.cos(target);
        const by = p[0].y + FOUR_BAR.crank * Math.sin(target);
        worst = Math.max(worst, Math.hypot(p[1].x - bx, p[1].y - by));
      }
      return worst;
    },
  };
}
