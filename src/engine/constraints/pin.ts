// Pin: a connector fixed in the page. C = p − x₀ (2 rows).
import { ConnectorPoint } from '../model/connector';
import type { ConstraintTerm, StackKey } from './constraint';

/** The position residual() reads, shared by every pin (as attach.ts's: a typed array per pin was 100,000 objects). */
const p = new Float64Array(2);

export class PinTerm implements ConstraintTerm {
  readonly rows = 2;
  readonly blocks: number[];

  constructor(
    readonly id: string,
    readonly point: ConnectorPoint,
    readonly x: number,
    readonly y: number,
  ) {
    this.blocks = [point.block];
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    this.point.position(p, q);
    c[cOff] = p[0] - this.x;
    c[cOff + 1] = p[1] - this.y;
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.point.addPosition(J, jOff[jBase], 1, q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
    out[cOff + 1] = 0;
  }
  /** p − x₀: pins of one point differ by their targets only. */
  stackKey(): StackKey {
    return { key: `pin|${this.point.key}`, sign: 1 };
  }
}
