// What the renderer is sent: a full snapshot (the whole drawing) after a change of structure, or a frame's (the
// states of the curves that moved). The states come from the session's one write-back (Engine.writeMoved, called
// once per engine call that moved something): it writes them into the drawing and into `moved` here in the same
// pass, and the next snapshot carries them. Traces travel as deltas: only what a trail gained since it was sent.

import type {
  AutosaveFailure,
  MovedStates,
  PlayStatus,
  PullStatus,
  SessionStatus,
  Snapshot,
  TrailDelta,
} from '../shared/contract';
import type { InstantCentre } from '../shared/analysis-samples';
import type { Drawing } from '../shared/drawing';
import { cloneData } from '../shared/clone-data';
import type { Trail } from '../shared/trail';
import { trailNumbers } from '../shared/trail';
import { plainDrawing } from '../shared/trace-records';

/** What every snapshot says besides the drawing or its moved states. */
export interface SnapshotHeader {
  revision: number;
  status: SessionStatus;
  title: string;
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  play: PlayStatus;
  autosaveFailure: AutosaveFailure | null;
  /** Every bar's instant centre, while they are shown (absent from a drag frame's). */
  centres?: InstantCentre[];
  /** The attractors' live run, while any is on. */
  pulls?: PullStatus;
}

const noStates = (): MovedStates => ({ curves: [], offsets: [0], values: [] });

export class Snapshots {
  /**
   * What the write-backs since the last snapshot moved: the states the next frame's snapshot carries (a curve moved
   * by two calls between snapshots is listed twice, the later state last).
   */
  moved: MovedStates = noStates();
  /**
   * Each trace's trail as the renderer last received it, by trace id: the trail object, how many of its points and
   * its rewrite count then. A snapshot sends only what differs (trailDeltas).
   */
  private readonly sentTrails = new Map<string, { trail: Trail; length: number; rewrites: number }>();

  /**
   * `sentAtOnce`: every snapshot is sent (structured-cloned or serialised) as soon as it is made and never kept, so
   * a full one may share the drawing's records instead of copying them (SessionOptions.snapshotsSentAtOnce).
   */
  constructor(private readonly sentAtOnce: boolean) {}

  /** The renderer holds nothing yet (a page loaded or reloaded): every trail travels whole in the next one. */
  forgetSent(): void {
    this.sentTrails.clear();
  }

  /** The whole drawing: what a renderer needs after a change of structure. */
  full(header: SnapshotHeader, drawing: Drawing): Snapshot {
    this.moved = noStates();
    const plain = plainDrawing(drawing, false);
    return { ...this.common(header, drawing), drawing: this.sentAtOnce ? plain : cloneData(plain) };
  }

  /** The states the write-backs moved since the last snapshot. */
  frame(header: SnapshotHeader, drawing: Drawing): Snapshot {
    const states = this.moved;
    this.moved = noStates();
    return { ...this.common(header, drawing), states };
  }

  private common(header: SnapshotHeader, drawing: Drawing): Snapshot {
    const { autosaveFailure, centres, pulls, ...rest } = header;
    const snapshot: Snapshot = { ...rest };
    if (autosaveFailure) snapshot.autosaveFailure = { ...autosaveFailure };
    if (centres) snapshot.centres = centres;
    if (pulls) snapshot.pulls = pulls;
    const trails = this.trailDeltas(drawing);
    if (trails.length > 0) snapshot.trails = trails;
    return snapshot;
  }

  /**
   * What each trail gained since the last snapshot (its new points), or the whole of a trail that is not the one
   * sent before (added, cleared, undone, opened) or was thinned since; nothing for a trail unchanged. The cost is
   * one look per trace plus the new points: never a walk of a long trail that did not change.
   */
  private trailDeltas(drawing: Drawing): TrailDelta[] {
    const deltas: TrailDelta[] = [];
    const present = new Set<string>();
    for (const { id, points: trail } of drawing.traces) {
      present.add(id);
      const sent = this.sentTrails.get(id);
      const appended =
        sent !== undefined &&
        sent.trail === trail &&
        sent.rewrites === trail.rewrites &&
        sent.length <= trail.length;
      const from = appended ? sent.length : 0;
      if (appended ? from === trail.length : sent === undefined && trail.length === 0) {
        if (!sent) this.sentTrails.set(id, { trail, length: 0, rewrites: trail.rewrites });
        continue;
      }
      deltas.push({ id, from, xy: trailNumbers(trail, from) });
      this.sentTrails.set(id, { trail, length: trail.length, rewrites: trail.rewrites });
    }
    for (const id of this.sentTrails.keys()) if (!present.has(id)) this.sentTrails.delete(id);
    return deltas;
  }
}
