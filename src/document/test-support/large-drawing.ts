// A large, valid drawing whose contents depend only on (tag, size): the kill test compares what is on disk with it.

import { emptyDrawing, type Drawing, type Vec2 } from '../../shared/drawing';
import { trailFromPoints } from '../../shared/trail';
import { decimateTrail } from '../../shared/trail-decimation';

export function largeDrawing(tag: string, points: number): Drawing {
  const d = emptyDrawing();
  d.meta.title = `Large drawing ${tag}`;
  const phase = tag.charCodeAt(0);
  d.curves.push({ kind: 'circle', id: 'wheel', center: [phase, 0], radius: 10 });
  const trail: Vec2[] = [];
  for (let i = 0; i < points; i++)
    // A 0.01 mm zigzag on a smooth curve: most points are corners that thinning keeps, so the file stays large.
    trail.push([Math.cos(i * 0.001 + phase) * 100, Math.sin(i * 0.0013) * 50 + i / 7 + (i % 2) * 0.01]);
  d.traces.push({
    id: 'trail',
    point: { curve: 'wheel', u: 0.25 },
    points: decimateTrail(trailFromPoints(trail).xy, points),
  }); // as loaded
  return d;
}
