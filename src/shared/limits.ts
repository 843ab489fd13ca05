// Numeric limits shared by every layer: the file format, the IPC gate, the session and the engine.

/** Anything bigger than a kilometre-sized sheet is a corrupted number, not a drawing. */
export const MAX_COORDINATE = 1e9;

/**
 * The most parameters one equation definition may declare: the expression compiler keeps a 32-bit set of the
 * parameters each node depends on (src/engine/expr/definition.ts), so this is its capacity, not a taste.
 */
export const MAX_EQUATION_PARAMS = 32;

/** A motor's speed, either way: 1e6 rpm is far beyond any mechanism, and files written so far stay valid. */
export const MAX_RPM = 1e6;

/** The longest error line shown to a user; longer names inside it are cut with "…". */
export const MAX_ERROR_LINE = 200;

/** A constraint holds when its residual is at most this (mm; radians for motors): the engine's and the UI's test. */
export const RESIDUAL_TOLERANCE = 1e-9;

/**
 * How far (mm) a trail's drawn polyline may move when its points are thinned, on load, on add and while it records
 * (trail-decimation.ts): a micrometre, far below anything a screen or a plotter shows.
 */
export const TRACE_TOLERANCE = 1e-3;

/**
 * The most points a trace may keep once thinned: a trail needing more (a long random walk) is refused, naming it
 * (`traces[0].points: …`), rather than thinned unevenly. 100,000 points draw in a frame and cost 1.6 MB.
 */
export const MAX_TRACE_POINTS = 100_000;

/**
 * The most points one spline may have. A spline costs the engine linear time and memory in its points (its drag
 * block is a band: docs/engine.md, "Drag matrices"), so this bounds a frame, not the algebra: at 100,000 points one
 * drag frame takes about 0.4 s (docs/performance.md, "Splines at linear cost"); a longer one is refused at its path.
 */
export const MAX_SPLINE_POINTS = 100_000;

/**
 * The most points one point set may hold: a fit evaluates every point at every step (forces/data-fit.ts), so this
 * bounds a live frame; 100,000 is a dense scan.
 */
export const MAX_POINT_SET_POINTS = MAX_TRACE_POINTS;
