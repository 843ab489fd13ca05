// An entity's groups read by code, checked: a number that is not one, or beyond what a drawing holds, or a
// required group that is missing, throws one line naming the entity by its type and handle (else its line).

import type { Vec2 } from '../../shared/drawing';
import type { DxfEntity, Group } from './groups';

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Beyond this a number in a DXF is corrupt (the drawing's own limit is ±1e9 mm, checked after the units). */
const HUGE = 1e300;

/** "LINE (handle 1F)", else "LINE on line 120". */
export function entityLabel(e: DxfEntity): string {
  const handle = e.groups.find((g) => g.code === 5)?.value;
  return handle ? `${e.type} (handle ${handle})` : `${e.type} on line ${e.line}`;
}

export class Fields {
  constructor(readonly entity: DxfEntity) {}

  private fail(what: string): never {
    throw new Error(what);
  }

  private parse(g: Group): number {
    if (!NUMBER.test(g.value))
      this.fail(`group ${g.code} (line ${g.line + 1}) is "${g.value.slice(0, 30)}", not a number`);
    const n = Number(g.value);
    if (!(Math.abs(n) <= HUGE)) this.fail(`group ${g.code} (line ${g.line + 1}) is ${g.value.slice(0, 30)}`);
    return n;
  }

  /** The first group `code`'s number; `fallback` when absent, else `what` is missing. */
  number(code: number, what: string, fallback?: number): number {
    const g = this.entity.groups.find((x) => x.code === code);
    if (g) return this.parse(g);
    if (fallback === undefined) this.fail(`its ${what} (group ${code}) is missing`);
    return fallback;
  }

  /** Every group `code`'s number, in order. */
  all(code: number): number[] {
    return this.entity.groups.filter((g) => g.code === code).map((g) => this.parse(g));
  }

  /** A point from its x code and x + 10 for y; missing coordinates name `what`. */
  point(code: number, what: string, fallback?: Vec2): Vec2 {
    return [
      this.number(code, `${what}'s x`, fallback?.[0]),
      this.number(code + 10, `${what}'s y`, fallback?.[1]),
    ];
  }

  string(code: number): string | undefined {
    return this.entity.groups.find((g) => g.code === code)?.value;
  }

  /** Every point x (code), y (code + 10) in order; a count of x and y that differ is an error. */
  points(code: number, what: string): Vec2[] {
    const xs = this.all(code);
    const ys = this.all(code + 10);
    if (xs.length !== ys.length)
      this.fail(`it has ${xs.length} ${what} x (group ${code}) but ${ys.length} y (group ${code + 10})`);
    return xs.map((x, i) => [x, ys[i]]);
  }
}
