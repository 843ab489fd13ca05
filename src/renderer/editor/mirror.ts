// The renderer's copy of the drawing, kept in step with the session's snapshots. It is never the truth: every edit
// goes to the session, whose answer replaces or patches this copy. Around it, what the tools need to look at the
// drawing cheaply: curves by id, one curve model per curve (its geometry: points, paths, connector positions),
// reused by every redraw and every picking sample until the drawing's structure changes, and per-curve samples of
// p(u) and paths, kept until the curve moves. Each trace's trail is kept compact here too (trail.ts), patched by
// the snapshots' trail deltas: a long trail travels once, then only its new points.

import type { InstantCentre } from '../../shared/analysis-samples';
import { constraintState, type ConstraintState } from '../../shared/constraint-state';
import { displayNames } from '../../shared/display-names';
import { curveGeometry, type CurveGeometry } from '../../engine/pure';
import type {
  AutosaveFailure,
  ConstraintStatus,
  PlayStatus,
  PullStatus,
  Snapshot,
  SessionStatus,
} from '../../shared/contract';
import type { Anchor, Connector, Curve, Drawing, MotorConstraint, Spring, Vec2 } from '../../shared/drawing';
import { emptyDrawing } from '../../shared/drawing';
import { assertNever } from '../../shared/assert-never';
import type { Path } from '../../shared/primitives';
import { emptyTrail, spliceTrail, trailOf, type Trail } from '../../shared/trail';

/** Samples per curve for picking: enough that the chord error is small next to the pick tolerance. */
const SAMPLES = 96;

/** The anchors a tool may snap to on a curve. */
export function snapAnchors(curve: Curve): Anchor[] {
  switch (curve.kind) {
    case 'point':
      return ['start'];
    case 'circle':
    case 'ellipse':
      return ['center'];
    case 'spline':
      return curve.closed ? ['start'] : ['start', 'end', 'center'];
    case 'equation':
      return ['start', 'end'];
    case 'segment':
    case 'bar':
    case 'arc':
    case 'bezier':
      return ['start', 'end', 'center'];
    default:
      return assertNever(curve);
  }
}

export interface MirrorChange {
  /** The drawing was replaced (curves or constraints added/removed, undo, open). */
  structure: boolean;
  /** Curves whose state changed (all of them when structure is true). */
  curves: Set<string>;
}

/** How a constraint is shown: src/shared/constraint-state.ts. */
export { CONSTRAINT_STATES, type ConstraintState } from '../../shared/constraint-state';

export class Mirror {
  drawing: Drawing = emptyDrawing();
  status: Required<SessionStatus> = {
    dof: 0,
    maxResidual: 0,
    frameMs: 0,
    constraints: [],
    curves: [],
    redundantGroups: [],
  };
  title = 'Curvewright';
  dirty = false;
  canUndo = false;
  canRedo = false;
  /** The autosave is failing (every snapshot says so while it lasts): the status bar shows it. */
  autosaveFailure: AutosaveFailure | null = null;
  revision = -1;
  /**
   * Every bar's instant centre at this pose, while the instant centres are shown (the session sends them with
   * each snapshot but a drag frame's); empty otherwise.
   */
  centres: InstantCentre[] = [];
  play: PlayStatus = {
    state: 'stopped',
    time: 0,
    frame: 0,
    speed: 1,
    canReset: false,
    binding: [],
    lock: '',
    notice: '',
  };
  /** The attractors' live run as of the last answer (its readouts, whether at rest); null while none is on. */
  pulls: PullStatus | null = null;
  private byId = new Map<string, Curve>();
  /** displayNames of the drawing, made once per drawing (a structure change brings a new one). */
  private namesOf: { drawing: Drawing; names: Map<string, string> } | null = null;
  /** The drawing's motors by id (a play frame sets their angles: one lookup each, not a search of the list). */
  private motorById = new Map<string, MotorConstraint>();
  private samples = new Map<string, Float64Array>();
  /** Per curve, its path (null: the engine could not build the curve), kept until the curve moves. */
  private paths = new Map<string, Path | null>();
  /** Per curve, its model and state, kept until the drawing's structure changes (a snapshot with a drawing). */
  private geometries = new Map<string, CurveGeometry>();
  /** status.constraints by id (rebuilt when a snapshot brings a new list; drag frames bring none). */
  private statusById = new Map<string, ConstraintStatus>();
  /** The curves the last status called fully constrained (drag frames bring no list: kept). */
  private fixed = new Set<string>();

  curve(id: string): Curve | undefined {
    return this.byId.get(id);
  }
  /**
   * The names the user reads for the drawing's records (shared/display-names.ts), made once per drawing: names only
   * change with the structure, which replaces the drawing, while a redraw may ask every frame.
   */
  names(): Map<string, string> {
    if (this.namesOf?.drawing !== this.drawing)
      this.namesOf = { drawing: this.drawing, names: displayNames(this.drawing) };
    return this.namesOf.names;
  }

  /** Whether the session's last report called the curve fully constrained. */
  curveFixed(id: string): boolean {
    return this.fixed.has(id);
  }

  /** The session's last report on a constraint (residual, tension, state), if it has made one. */
  constraintStatus(id: string): ConstraintStatus | undefined {
    return this.statusById.get(id);
  }

  /**
   * How a constraint is shown: conflicting first, then binding (a locked mechanism holds against it while it
   * plays), then redundant; null before the session has reported on it (and it is not binding).
   */
  constraintState(id: string): ConstraintState | null {
    const s = this.constraintStatus(id);
    // Binding comes from the play status, which may name a constraint the last status list did not have yet.
    const binding = this.play.binding.includes(id);
    if (!s) return binding ? 'binding' : null;
    return constraintState(
      { conflicting: s.conflicting === true, redundant: s.redundant === true, residual: s.residual },
      binding,
    );
  }

  /** How many snapshots this mirror has applied: what is laid out from it (sketch glyphs) is kept until it moves. */
  applied = 0;

  apply(snapshot: Snapshot): MirrorChange {
    this.applied++;
    this.centres = snapshot.centres ?? [];
    // A drag frame's status carries no constraint list: keep the last one.
    const list = snapshot.status.constraints;
    if (list) this.statusById = new Map(list.map((c) => [c.id, c]));
    const curveList = snapshot.status.curves;
    if (curveList) this.fixed = new Set(curveList.filter((c) => c.fixed).map((c) => c.id));
    this.status = {
      ...snapshot.status,
      constraints: list ?? this.status.constraints,
      curves: curveList ?? this.status.curves,
      redundantGroups: snapshot.status.redundantGroups ?? (list ? [] : this.status.redundantGroups),
    };
    this.title = snapshot.title;
    this.dirty = snapshot.dirty;
    this.canUndo = snapshot.canUndo;
    this.canRedo = snapshot.canRedo;
    this.autosaveFailure = snapshot.autosaveFailure ?? null;
    this.revision = snapshot.revision;
    if (snapshot.play) this.play = snapshot.play;
    this.pulls = snapshot.pulls ?? null;
    const changedTrails = this.applyTrails(snapshot);
    // A play frame's motor angles (its states are the curves' only): the Plot panel's marker follows them.
    for (const { id, angle } of snapshot.motors ?? []) {
      const motor = this.motorById.get(id);
      if (motor) motor.angle = angle;
    }
    if (snapshot.drawing) {
      const { traces, ...rest } = snapshot.drawing;
      this.drawing = { ...rest, traces: traces.map((t) => ({ ...t, points: this.trail(t.id) })) };
      for (const id of this.trails.keys())
        if (!this.drawing.traces.some((t) => t.id === id)) this.trails.delete(id);
      this.byId = new Map(this.drawing.curves.map((c) => [c.id, c]));
      this.motorById = new Map(
        this.drawing.constraints.flatMap((k) => (k.kind === 'motor' ? [[k.id, k] as const] : [])),
      );
      this.samples.clear();
      this.paths.clear();
      this.geometries.clear();
      return { structure: true, curves: new Set(this.byId.keys()) };
    }
    for (const trace of this.drawing.traces)
      if (changedTrails.has(trace.id)) trace.points = this.trail(trace.id);
    const curves = new Set<string>();
    const moved = snapshot.states;
    if (moved)
      for (let i = 0; i < moved.curves.length; i++) {
        const curve = this.drawing.curves[moved.curves[i]];
        if (!curve) continue;
        const from = moved.offsets[i];
        this.geometry(curve).write(moved.values, from, moved.offsets[i + 1] - from);
        this.samples.delete(curve.id);
        this.paths.delete(curve.id);
        curves.add(curve.id);
      }
    return { structure: false, curves };
  }

  /** The curve's model and state (built on first use after a structural change). */
  geometry(curve: Curve): CurveGeometry {
    let geometry = this.geometries.get(curve.id);
    if (!geometry || geometry.curve !== curve)
      this.geometries.set(curve.id, (geometry = curveGeometry(curve, this.drawing)));
    return geometry;
  }

  point(curve: Curve, u: number): Vec2 {
    return this.geometry(curve).point(u);
  }

  /** The curve's exact path, or null when the engine cannot build the curve (cached until the curve moves). */
  path(curve: Curve): Path | null {
    let path = this.paths.get(curve.id);
    if (path === undefined) {
      try {
        path = this.geometry(curve).path();
      } catch {
        path = null;
      }
      this.paths.set(curve.id, path);
    }
    return path;
  }

  /** Where a spring's two ends are: its `a`, and its `b` or the paper point `at` it is anchored to. */
  springEnds(sp: Spring): [Vec2, Vec2] | null {
    const a = this.connectorPosition(sp.a);
    const b = sp.b ? this.connectorPosition(sp.b) : (sp.at ?? null);
    return a && b ? [a, b] : null;
  }

  connectorPosition(connector: Connector): Vec2 | null {
    const curve = this.byId.get(connector.curve);
    if (!curve) return null;
    const { u, anchor } = connector;
    return this.geometry(curve).connectorPoint(
      typeof u === 'number' ? { curve: curve.id, u } : { curve: curve.id, anchor: anchor ?? 'start' },
    );
  }

  /** The curve's direction ∂p/∂u at a connector (null: no such curve, or an off-curve centre). */
  connectorDirection(connector: Connector): Vec2 | null {
    const curve = this.byId.get(connector.curve);
    return curve ? this.geometry(curve).connectorDirection(connector) : null;
  }

  /**
   * p(u) at curveSampleCount(curve) + 1 evenly spaced u, as x0, y0, x1, y1, … (cached until the curve moves): the
   * chords picking, box selection and the view's fit start from.
   */
  curveSamples(curve: Curve): Float64Array {
    let out = this.samples.get(curve.id);
    if (!out) {
      const count = curveSampleCount(curve);
      out = new Float64Array(2 * (count + 1));
      const geometry = this.geometry(curve);
      const p = new Float64Array(2);
      for (let i = 0; i <= count; i++) {
        geometry.position(p, i / count);
        out[2 * i] = p[0];
        out[2 * i + 1] = p[1];
      }
      this.samples.set(curve.id, out);
    }
    return out;
  }

  /** Each trace's trail by trace id, as the snapshots' deltas built it. */
  private readonly trails = new Map<string, Trail>();

  private trail(id: string): Trail {
    let trail = this.trails.get(id);
    if (!trail) this.trails.set(id, (trail = emptyTrail()));
    return trail;
  }

  /** Applies the snapshot's trail deltas; returns the ids whose trail is a new object (a delta from 0). */
  private applyTrails(snapshot: Snapshot): Set<string> {
    const replaced = new Set<string>();
    for (const { id, from, xy } of snapshot.trails ?? []) {
      if (from === 0) {
        this.trails.set(id, trailOf(xy));
        replaced.add(id);
      } else spliceTrail(this.trail(id), from, xy);
    }
    return replaced;
  }

  /** The bounding box of all curves (of their samples) and traces, or null for an empty drawing. */
  /** The box [minX, minY, maxX, maxY] (mm) of the curves' samples (±Infinity for none). */
  curveBounds(curves: Iterable<Curve>): [number, number, number, number] {
    const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const curve of curves) {
      const s = this.curveSamples(curve);
      for (let i = 0; i < s.length; i += 2) {
        box[0] = Math.min(box[0], s[i]);
        box[1] = Math.min(box[1], s[i + 1]);
        box[2] = Math.max(box[2], s[i]);
        box[3] = Math.max(box[3], s[i + 1]);
      }
    }
    return box;
  }

  bounds(): [number, number, number, number] | null {
    if (this.drawing.curves.length === 0) return null;
    const box = this.curveBounds(this.drawing.curves);
    for (const { points: trail } of this.drawing.traces)
      for (let i = 0; i < 2 * trail.length; i += 2) {
        box[0] = Math.min(box[0], trail.xy[i]);
        box[1] = Math.min(box[1], trail.xy[i + 1]);
        box[2] = Math.max(box[2], trail.xy[i]);
        box[3] = Math.max(box[3], trail.xy[i + 1]);
      }
    return box;
  }
}

/** Chords per spline piece: a piece (one cubic between two knots) bends at most as a cubic does. */
const SAMPLES_PER_PIECE = 4;

/**
 * How many chords sample a curve: SAMPLES, or for a spline of many knots SAMPLES_PER_PIECE per piece — its wiggles
 * between knots would otherwise fall between the samples (a 100,000-knot spline has ~1,000 pieces per chord of 96),
 * and a point there could not be picked.
 */
export function curveSampleCount(curve: Curve): number {
  if (curve.kind !== 'spline') return SAMPLES;
  const pieces = curve.closed ? curve.points.length : curve.points.length - 1;
  return Math.max(SAMPLES, SAMPLES_PER_PIECE * pieces);
}
