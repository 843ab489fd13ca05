// From untrusted file contents to a Drawing: JSON syntax, format name, version (older ones migrated, newer ones
// refused), the shape of every field, every trace thinned and held to its limit (trace-records.ts), then every
// cross-reference. Everything is checked before a Drawing is
// returned, so a caller never sees a half-valid drawing. Every failure is one FormatError naming the first problem
// by its path, e.g. `curves[3].radius: expected a positive number, got -2`.

import { Engine, EngineError } from '../engine';
import type { Drawing } from '../shared/drawing';
import type { Clock } from '../shared/clock';
import { errorLine } from '../shared/error-line';
import { SchemaError, check, describeValue } from '../shared/schema';
import { compactDrawing, plainDrawing } from '../shared/trace-records';
import { CURRENT_VERSION, FORMAT_NAME, fileSchema, migrateV1 } from './format-schema';
import { fileV0, migrateV0 } from './format-v0';
import { JsonSyntaxError, parseJson } from './json-syntax';
import { checkReferences } from '../shared/references';
import { checkDefinitionsCompile } from './definitions';
import { withPositiveSizes } from '../shared/positive-sizes';
import { resolveExpressions } from './parameters';

/** A file's contents are not a valid drawing. The message is one line, without the file name. */
export class FormatError extends Error {
  constructor(
    /** Where in the file, e.g. `curves[3].radius`; empty for the whole file. */
    readonly path: string,
    readonly detail: string,
  ) {
    super(errorLine(path ? `${path}: ${detail}` : detail));
    this.name = 'FormatError';
  }
}

/**
 * Whether a drawing held in memory could be saved and opened again, as the file loader would judge it: every
 * record's shape, every reference, every equation definition. Throws the first problem as a FormatError naming
 * its path (`constraints[4].rpm: …`). The session runs it after every edit, so what it accepts it can save.
 */
export function checkDrawing(drawing: Drawing): void {
  // A trail's points are checked when they come in (a file, an add) and only ever appended to by the recorder,
  // which keeps them finite: checking them again on every edit would make every edit as slow as the longest trail.
  const file = {
    ...plainDrawing(withPositiveSizes(drawing), false),
    format: FORMAT_NAME,
    version: CURRENT_VERSION,
  };
  // The loader's checks, without the copy parse makes: the session keeps its own drawing.
  asFormatErrors(() => {
    check(fileSchema, file);
    checkAcrossRecords(drawing);
  });
}

/** What the records' shapes cannot say alone: every reference, every equation definition compiled. */
function checkAcrossRecords(drawing: Drawing): void {
  checkReferences(drawing);
  checkDefinitionsCompile(drawing);
}

/** Runs a check, turning its SchemaError (or a value nested too deep to walk) into one FormatError. */
function asFormatErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof SchemaError) throw new FormatError(error.path, error.detail);
    // A schema bug or an exotic value must still surface as one line, never as a stack trace.
    if (error instanceof RangeError) throw new FormatError('', 'the file is nested too deeply to read');
    throw error;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates a parsed JSON value as a .curvewright file of any supported version; returns the current Drawing. */
export function validateDrawing(value: unknown): Drawing {
  return asFormatErrors(() => {
    if (!isObject(value))
      throw new SchemaError(
        '',
        `expected a Curvewright drawing (a JSON object), got ${describeValue(value)}`,
      );
    if (value.format !== FORMAT_NAME)
      throw new SchemaError(
        'format',
        `expected "${FORMAT_NAME}" (this is not a Curvewright drawing), got ${describeValue(value.format)}`,
      );
    const version = value.version;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
      throw new SchemaError('version', `expected a version number, got ${describeValue(version)}`);
    if (version > CURRENT_VERSION)
      throw new SchemaError(
        'version',
        `version ${version} is newer than this Curvewright understands (up to ${CURRENT_VERSION}); please update Curvewright`,
      );
    const current =
      version === 0 ? migrateV1(migrateV0(fileV0.parse(value))) : version === 1 ? migrateV1(value) : value;
    const { format: _format, version: _version, ...plain } = fileSchema.parse(current);
    const drawing = compactDrawing(plain);
    // A file's stored values give way to its expressions: what was saved loads back equal.
    resolveExpressions(drawing);
    checkAcrossRecords(drawing);
    return drawing;
  });
}

/**
 * The last gate before a loaded drawing is shown: the engine must be able to build it (an equation curve that
 * is not finite for its parameter values, say). The engine's error keeps its path.
 */
export function checkBuildable(drawing: Drawing): void {
  try {
    // validateDrawing has checked every record and reference with the shared rules: the build need not again.
    checkedEngines.set(drawing, Engine.build(drawing, { checked: true }));
  } catch (error) {
    if (error instanceof EngineError) {
      const prefix = `${error.path}: `;
      const detail = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
      throw new FormatError(error.path, detail);
    }
    throw new FormatError(
      '',
      `the drawing cannot be simulated: ${(error as Error)?.message ?? String(error)}`,
    );
  }
}

/**
 * Text of a .curvewright file → Drawing, or a FormatError (syntax errors carry line and column). Everything is
 * checked, the engine build included, before the drawing is returned.
 */
export function parseDrawingText(text: string): Drawing {
  return parseDrawingDocument(text).drawing;
}

/** A loaded drawing with the version its file was written in (older ones were migrated to the current one). */
export interface ParsedDocument {
  drawing: Drawing;
  version: number;
}

/**
 * The engine checkBuildable built for a drawing, until someone takes it: opening a file then builds its engine once,
 * not once to check and again to use (a 100,000-constraint drawing's build is over a second). Weak: a drawing
 * nobody opens takes its engine with it.
 */
const checkedEngines = new WeakMap<Drawing, Engine>();

/**
 * The engine built while checking `drawing` (parseDrawingDocument, loadDrawingFile), once: the caller must not have
 * changed the drawing since. Undefined if none was built or it was taken.
 */
export function takeCheckedEngine(drawing: Drawing): Engine | undefined {
  const engine = checkedEngines.get(drawing);
  checkedEngines.delete(drawing);
  return engine;
}

/**
 * The engine of a drawing just loaded: the one its check built (taken, its budgets now measured on `clock`), or a
 * new one (a drawing that was not loaded, or whose engine was taken already). A loaded drawing is built once.
 */
export function engineFor(drawing: Drawing, clock?: Clock): Engine {
  const checked = takeCheckedEngine(drawing);
  if (!checked) return Engine.build(drawing, clock ? { clock } : {});
  if (clock) checked.useClock(clock);
  return checked;
}

/** Like parseDrawingText, also saying which version the file was (so the app can say "saving will update it"). */
export function parseDrawingDocument(text: string): ParsedDocument {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new FormatError('', 'the file is empty');
  let value: unknown;
  try {
    value = parseJson(body);
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new FormatError('', error.message);
    throw error;
  }
  const drawing = validateDrawing(value);
  checkBuildable(drawing);
  // validateDrawing accepted it, so version is an integer no newer than the current one.
  return { drawing, version: (value as { version: number }).version };
}
