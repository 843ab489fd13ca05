// The expression graph: a hash-consed DAG of scalar operations with simplification on construction, and symbolic
// forward-mode differentiation on it.
//
// Why symbolic rather than dual numbers at run time: the derivatives become ordinary nodes of the same graph, so
// common subexpressions (the sin and cos of the same angle, r·cos t in x and in ∂x/∂u, …) are computed once and
// structural zeros (∂x/∂cy of a curve whose x does not mention cy) cost nothing. The compiled tape then does the
// same work a hand-written curve does, instead of carrying a derivative vector through every operation.
//
// Node ids are handed out in creation order and a node's operands always exist before it, so ids are a
// topological order: differentiation and tape compilation are loops, never recursion.

import {
  OP_ABS,
  OP_ACOS,
  OP_ADD,
  OP_ASIN,
  OP_ATAN,
  OP_ATAN2,
  OP_CONST,
  OP_COS,
  OP_DIV,
  OP_DIVZ,
  OP_EXP,
  OP_HYPOT,
  OP_INPUT,
  OP_LOG,
  OP_MAX,
  OP_MIN,
  OP_MUL,
  OP_NEG,
  OP_POW,
  OP_SIGN,
  OP_SIN,
  OP_SQRT,
  OP_SQUARE,
  OP_STEP,
  OP_SUB,
  OP_TAN,
  applyOp,
  isCommutative,
} from './ops';

/** Integer exponents up to this size become products of squares instead of Math.pow. */
const MAX_EXPANDED_POWER = 64;

export class ExprGraph {
  /** Opcode of each node. */
  readonly op: number[] = [];
  /** First operand (node id), or -1. */
  readonly a: number[] = [];
  /** Second operand (node id), or -1. */
  readonly b: number[] = [];
  /** The value of a constant, the input index of an input, else 0. */
  readonly value: number[] = [];
  private readonly index = new Map<string, number>();

  get size(): number {
    return this.op.length;
  }

  private add(key: string, op: number, a: number, b: number, value: number): number {
    const found = this.index.get(key);
    if (found !== undefined) return found;
    const id = this.op.length;
    this.op.push(op);
    this.a.push(a);
    this.b.push(b);
    this.value.push(value);
    this.index.set(key, id);
    return id;
  }

  constant(value: number): number {
    // -0 and 0 are the same constant: no expression of the language tells them apart in a way that matters here.
    const v = value === 0 ? 0 : value;
    return this.add(`c${v}`, OP_CONST, -1, -1, v);
  }

  input(index: number): number {
    return this.add(`i${index}`, OP_INPUT, -1, -1, index);
  }

  isConst(id: number, value?: number): boolean {
    return this.op[id] === OP_CONST && (value === undefined || this.value[id] === value);
  }

  /** A node for `op(a, b)` (b = -1 for unary operators), simplified and shared with an equal existing node. */
  node(op: number, a: number, b = -1): number {
    const unary = b < 0;
    if (this.isConst(a) && (unary || this.isConst(b))) {
      return this.constant(applyOp(op, this.value[a], unary ? 0 : this.value[b]));
    }
    const simpler = this.simplify(op, a, b);
    if (simpler >= 0) return simpler;
    // Canonical operand order for commutative operators: a constant first, else the older node first.
    if (!unary && isCommutative(op) && (this.isConst(b) ? !this.isConst(a) : !this.isConst(a) && b < a)) {
      const t = a;
      a = b;
      b = t;
    }
    return this.add(`${op},${a},${b}`, op, a, b, 0);
  }

  /** Algebraic identities that keep derivative graphs small; -1 when none applies. */
  private simplify(op: number, a: number, b: number): number {
    const like = op === OP_ADD || op === OP_SUB ? this.likeTerms(a, b, op === OP_ADD ? 1 : -1) : -1;
    switch (op) {
      case OP_ADD:
        if (this.isConst(a, 0)) return b;
        if (this.isConst(b, 0)) return a;
        if (like >= 0) return like;
        if (this.op[b] === OP_NEG) return this.node(OP_SUB, a, this.a[b]);
        if (this.op[a] === OP_NEG) return this.node(OP_SUB, b, this.a[a]);
        if (a === b) return this.node(OP_MUL, this.constant(2), a);
        return -1;
      case OP_SUB:
        if (this.isConst(b, 0)) return a;
        if (this.isConst(a, 0)) return this.node(OP_NEG, b);
        if (a === b) return this.constant(0);
        if (like >= 0) return like;
        if (this.op[b] === OP_NEG) return this.node(OP_ADD, a, this.a[b]);
        return -1;
      case OP_MUL:
        if (this.isConst(a, 0) || this.isConst(b, 0)) return this.constant(0);
        if (this.isConst(a, 1)) return b;
        if (this.isConst(b, 1)) return a;
        if (this.isConst(a, -1)) return this.node(OP_NEG, b);
        if (this.isConst(b, -1)) return this.node(OP_NEG, a);
        if (this.op[a] === OP_NEG) return this.node(OP_NEG, this.node(OP_MUL, this.a[a], b));
        if (this.op[b] === OP_NEG) return this.node(OP_NEG, this.node(OP_MUL, a, this.a[b]));
        if (this.isConst(b)) return this.node(OP_MUL, b, a);
        if (this.isConst(a) && this.op[b] === OP_MUL && this.isConst(this.a[b])) {
          return this.node(OP_MUL, this.constant(this.value[a] * this.value[this.a[b]]), this.b[b]);
        }
        if (a === b) return this.node(OP_SQUARE, a);
        // x·(c·x) → c·x²: what differentiating x² or x³ leaves behind.
        if (this.op[b] === OP_MUL && this.isConst(this.a[b]) && this.b[b] === a) {
          return this.node(OP_MUL, this.a[b], this.node(OP_SQUARE, a));
        }
        if (this.op[a] === OP_MUL && this.isConst(this.a[a]) && this.b[a] === b) {
          return this.node(OP_MUL, this.a[a], this.node(OP_SQUARE, b));
        }
        return -1;
      case OP_DIV:
        if (this.isConst(a, 0)) return this.constant(0);
        if (this.isConst(b, 1)) return a;
        if (this.isConst(b, -1)) return this.node(OP_NEG, a);
        return -1;
      case OP_DIVZ:
        if (this.isConst(a, 0)) return this.constant(0);
        return -1;
      case OP_NEG:
        if (this.op[a] === OP_NEG) return this.a[a];
        if (this.op[a] === OP_SUB) return this.node(OP_SUB, this.b[a], this.a[a]);
        // −(c·x) → (−c)·x: the sign joins the constant, where later constants can collect it.
        if (this.op[a] === OP_MUL && this.isConst(this.a[a])) {
          return this.node(OP_MUL, this.constant(-this.value[this.a[a]]), this.b[a]);
        }
        return -1;
      case OP_POW:
        if (this.isConst(b, 1)) return a;
        if (this.isConst(b, 0)) return this.constant(1);
        if (
          this.isConst(b) &&
          Number.isInteger(this.value[b]) &&
          Math.abs(this.value[b]) <= MAX_EXPANDED_POWER
        ) {
          // Small integer powers as products: exact to rounding, and a multiply is far cheaper than Math.pow.
          const n = this.value[b];
          const positive = this.integerPower(a, Math.abs(n));
          return n > 0 ? positive : this.node(OP_DIV, this.constant(1), positive);
        }
        return -1;
      case OP_SQUARE:
        if (this.op[a] === OP_NEG) return this.node(OP_SQUARE, this.a[a]);
        return -1;
      default:
        return -1;
    }
  }

  /**
   * Like terms: a ± b where both are multiples of the same node (c₁·x ± c₂·x, x ± c·x, −x ± c·x) become
   * (c₁ ± c₂)·x. Differentiating a polynomial leaves such pairs (−u² − 2·u² from (u³)′ by the product rule); one
   * multiply instead of three instructions. -1 when a and b are not multiples of one node.
   */
  private likeTerms(a: number, b: number, sign: number): number {
    const base = this.termBase(a);
    if (base !== this.termBase(b) || this.isConst(base)) return -1;
    const c = this.termCoefficient(a) + sign * this.termCoefficient(b);
    return this.node(OP_MUL, this.constant(c), base);
  }

  /** x of a term c·x, −x, −(c·x) or x. */
  private termBase(id: number): number {
    if (this.op[id] === OP_NEG) id = this.a[id];
    return this.op[id] === OP_MUL && this.isConst(this.a[id]) ? this.b[id] : id;
  }

  /** c of a term c·x, −x, −(c·x) or x. */
  private termCoefficient(id: number): number {
    let sign = 1;
    if (this.op[id] === OP_NEG) {
      sign = -1;
      id = this.a[id];
    }
    return sign * (this.op[id] === OP_MUL && this.isConst(this.a[id]) ? this.value[this.a[id]] : 1);
  }

  /** a^n for an integer n ≥ 1 by repeated squaring. */
  private integerPower(a: number, n: number): number {
    if (n === 1) return a;
    const half = this.node(OP_SQUARE, this.integerPower(a, n >> 1));
    return n & 1 ? this.node(OP_MUL, half, a) : half;
  }

  /**
   * The derivatives with respect to input `inputIndex` of the nodes 0 … upTo: result[id] is the node id of
   * ∂(node id)/∂input. New nodes are appended for them; the loop runs only over nodes that existed before.
   */
  derivative(inputIndex: number, upTo = this.size - 1): Int32Array {
    const n = upTo + 1;
    const d = new Int32Array(n);
    const zero = this.constant(0);
    const one = this.constant(1);
    const two = this.constant(2);
    for (let i = 0; i < n; i++) {
      const op = this.op[i];
      const a = this.a[i];
      const b = this.b[i];
      const da = a >= 0 ? d[a] : zero;
      const db = b >= 0 ? d[b] : zero;
      d[i] = this.derive(i, op, a, b, da, db, zero, one, two, inputIndex);
    }
    return d;
  }

  private derive(
    i: number,
    op: number,
    a: number,
    b: number,
    da: number,
    db: number,
    zero: number,
    one: number,
    two: number,
    inputIndex: number,
  ): number {
    const n = (o: number, x: number, y = -1): number => this.node(o, x, y);
    // Nothing below a node depends on the variable: its derivative is a structural zero.
    if (op !== OP_INPUT && da === zero && db === zero) return zero;
    switch (op) {
      case OP_CONST:
        return zero;
      case OP_INPUT:
        return this.value[i] === inputIndex ? one : zero;
      case OP_ADD:
        return n(OP_ADD, da, db);
      case OP_SUB:
        return n(OP_SUB, da, db);
      case OP_NEG:
        return n(OP_NEG, da);
      case OP_MUL:
        return n(OP_ADD, n(OP_MUL, da, b), n(OP_MUL, a, db));
      case OP_DIV:
        // d(a/b) = (da − (a/b)·db) / b reuses the quotient itself.
        return n(OP_DIV, n(OP_SUB, da, n(OP_MUL, i, db)), b);
      case OP_DIVZ:
        return n(OP_DIVZ, n(OP_SUB, da, n(OP_MUL, i, db)), b);
      case OP_SQUARE:
        return n(OP_MUL, n(OP_MUL, two, a), da);
      case OP_POW:
        if (this.isConst(b)) {
          // a^c: c·a^(c−1)·da, exact at a = 0 where the general form would give 0·∞.
          const c = this.value[b];
          return n(OP_MUL, n(OP_MUL, this.constant(c), n(OP_POW, a, this.constant(c - 1))), da);
        }
        // a^b: b·a^(b−1)·da + a^b·ln(a)·db. Written this way (not a^b·(b·da/a + …)) so a base of 0 with a
        // parameter exponent (|cos u|^n at cos u = 0) gives 0, not 0/0; each term vanishes when its da or db does.
        return n(
          OP_ADD,
          n(OP_MUL, n(OP_MUL, b, n(OP_POW, a, n(OP_SUB, b, one))), da),
          n(OP_MUL, n(OP_MUL, i, n(OP_LOG, a)), db),
        );
      case OP_SIN:
        return n(OP_MUL, n(OP_COS, a), da);
      case OP_COS:
        return n(OP_NEG, n(OP_MUL, n(OP_SIN, a), da));
      case OP_TAN:
        return n(OP_MUL, n(OP_ADD, one, n(OP_SQUARE, i)), da);
      case OP_ASIN:
        return n(OP_DIV, da, n(OP_SQRT, n(OP_SUB, one, n(OP_SQUARE, a))));
      case OP_ACOS:
        return n(OP_NEG, n(OP_DIV, da, n(OP_SQRT, n(OP_SUB, one, n(OP_SQUARE, a)))));
      case OP_ATAN:
        return n(OP_DIV, da, n(OP_ADD, one, n(OP_SQUARE, a)));
      case OP_ATAN2:
        // atan2(a, b) is the angle of (b, a): (b·da − a·db) / (a² + b²).
        return n(
          OP_DIV,
          n(OP_SUB, n(OP_MUL, b, da), n(OP_MUL, a, db)),
          n(OP_ADD, n(OP_SQUARE, a), n(OP_SQUARE, b)),
        );
      case OP_EXP:
        return n(OP_MUL, i, da);
      case OP_LOG:
        return n(OP_DIV, da, a);
      case OP_SQRT:
        return n(OP_DIV, da, n(OP_MUL, two, i));
      case OP_ABS:
        return n(OP_MUL, n(OP_SIGN, a), da);
      case OP_MIN:
        // min(a, b)' is da where a < b, db where a > b (at a tie: db).
        return n(OP_ADD, da, n(OP_MUL, n(OP_STEP, n(OP_SUB, a, b)), n(OP_SUB, db, da)));
      case OP_MAX:
        return n(OP_ADD, da, n(OP_MUL, n(OP_STEP, n(OP_SUB, b, a)), n(OP_SUB, db, da)));
      case OP_HYPOT:
        return n(OP_DIVZ, n(OP_ADD, n(OP_MUL, a, da), n(OP_MUL, b, db)), i);
      case OP_SIGN:
      case OP_STEP:
        return zero;
      default:
        throw new Error(`no derivative for opcode ${op}`);
    }
  }
}
