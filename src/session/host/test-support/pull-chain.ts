// Pulls a chain's last bar by its end through main's end of the session's channel, as the editor does: drag:start,
// the cursor sent again while the answer says it is catching up, drag:end. Answers each bar's two ends after.
import type { Snapshot } from '../../../shared/contract';
import type { Vec2 } from '../../../shared/drawing';
import type { SessionLink } from '../session-link';

type Bar = { id: string; kind: string; center: Vec2; angle: number; length: number };

export async function pullChainEnd(
  client: SessionLink,
  last: string,
  from: Vec2,
  cursor: Vec2,
): Promise<[Vec2, Vec2][]> {
  const start = await client.invoke('drag:start', { curve: last, u: 1, cursor: from });
  if (!start.ok) throw new Error(start.error);
  for (let frame = 0; frame < 2000; frame++) {
    const moved = await client.invoke('drag:move', { cursor });
    if (!moved.ok) throw new Error(moved.error);
    if (frame > 0 && !(moved.value as Snapshot).catchingUp) break;
  }
  await client.invoke('drag:end', undefined);
  const snapshot = await client.invoke('session:snapshot', undefined);
  if (!snapshot.ok) throw new Error(snapshot.error);
  const bars = (snapshot.value as Snapshot).drawing!.curves as unknown as Bar[];
  return bars.map(({ center: [x, y], angle, length }) => {
    const dx = (Math.cos(angle) * length) / 2;
    const dy = (Math.sin(angle) * length) / 2;
    return [
      [x - dx, y - dy],
      [x + dx, y + dy],
    ];
  });
}
