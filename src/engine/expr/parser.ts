// Recursive-descent parser of the expression language.
//
//   sum     := product (('+' | '-') product)*
//   product := unary (('*' | '/') unary)*
//   unary   := ('-' | '+') unary | power
//   power   := primary ('^' unary)?          right-associative; -u^2 is -(u^2), 2^-u is allowed
//   primary := number | name | name '(' sum (',' sum)* ')' | '(' sum ')'
//
// Input length and nesting depth are bounded so a hostile or pasted input fails fast instead of hanging or
// overflowing the stack: sums and products are loops, only nesting recurses.

import type { Ast, BinaryOp } from './ast';
import { ExprSyntaxError } from './errors';
import { tokenize, type Token } from './tokenizer';

/** Longest expression accepted, in characters. Generous for hand-written equations. */
export const MAX_EXPRESSION_LENGTH = 2000;
/** Deepest nesting of parentheses, calls, unary minus and powers. */
export const MAX_NESTING_DEPTH = 64;

function describe(token: Token): string {
  return token.type === 'end' ? 'the end' : `'${token.text}'`;
}

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos];
  }

  private next(): Token {
    return this.tokens[this.pos++];
  }

  private enter(column: number): void {
    if (++this.depth > MAX_NESTING_DEPTH) {
      throw new ExprSyntaxError(`nesting deeper than ${MAX_NESTING_DEPTH} levels`, column);
    }
  }

  parseAll(): Ast {
    const first = this.peek();
    if (first.type === 'end') throw new ExprSyntaxError('empty expression', first.column);
    const ast = this.parseSum();
    const rest = this.peek();
    if (rest.type === ')') throw new ExprSyntaxError('unbalanced parenthesis', rest.column);
    if (rest.type === ',') throw new ExprSyntaxError("unexpected ',' outside a function call", rest.column);
    if (rest.type !== 'end')
      throw new ExprSyntaxError(`missing operator before ${describe(rest)}`, rest.column);
    return ast;
  }

  private parseSum(): Ast {
    let left = this.parseProduct();
    for (;;) {
      const t = this.peek();
      if (t.type !== 'op' || (t.text !== '+' && t.text !== '-')) return left;
      this.next();
      const right = this.parseProduct();
      left = { type: 'binary', op: t.text as BinaryOp, left, right, column: t.column };
    }
  }

  private parseProduct(): Ast {
    let left = this.parseUnary();
    for (;;) {
      const t = this.peek();
      if (t.type !== 'op' || (t.text !== '*' && t.text !== '/')) return left;
      this.next();
      const right = this.parseUnary();
      left = { type: 'binary', op: t.text as BinaryOp, left, right, column: t.column };
    }
  }

  private parseUnary(): Ast {
    const t = this.peek();
    if (t.type !== 'op' || (t.text !== '-' && t.text !== '+')) return this.parsePower();
    this.next();
    this.enter(t.column);
    const arg = this.parseUnary();
    this.depth--;
    return t.text === '-' ? { type: 'negate', arg, column: t.column } : arg;
  }

  private parsePower(): Ast {
    const base = this.parsePrimary();
    const t = this.peek();
    if (t.type === 'op' && t.text === '^') {
      this.next();
      this.enter(t.column);
      const exponent = this.parseUnary();
      this.depth--;
      return { type: 'binary', op: '^', left: base, right: exponent, column: t.column };
    }
    return base;
  }

  private parsePrimary(): Ast {
    const t = this.next();
    switch (t.type) {
      case 'number':
        return { type: 'number', value: t.value, column: t.column };
      case 'name':
        if (this.peek().type === '(') return this.parseCall(t);
        return { type: 'name', name: t.text, column: t.column };
      case '(': {
        this.enter(t.column);
        const inner = this.parseSum();
        this.expectClose(t);
        this.depth--;
        return inner;
      }
      case ')':
        throw new ExprSyntaxError('unbalanced parenthesis', t.column);
      case 'end':
        throw new ExprSyntaxError('expression ends too early', t.column);
      default:
        throw new ExprSyntaxError(`expected a number, a name or '(' but found ${describe(t)}`, t.column);
    }
  }

  private parseCall(name: Token): Ast {
    const open = this.next();
    this.enter(open.column);
    const args: Ast[] = [];
    if (this.peek().type === ')') {
      this.next();
    } else {
      for (;;) {
        args.push(this.parseSum());
        if (this.peek().type === ',') {
          this.next();
          continue;
        }
        this.expectClose(open);
        break;
      }
    }
    this.depth--;
    return { type: 'call', name: name.text, args, column: name.column };
  }

  /** After the contents of a parenthesis: the next token must close it, else report the open one. */
  private expectClose(open: Token): void {
    const t = this.peek();
    if (t.type === ')') {
      this.next();
      return;
    }
    if (t.type === 'end') throw new ExprSyntaxError('unbalanced parenthesis', open.column);
    if (t.type === ',') throw new ExprSyntaxError("unexpected ','", t.column);
    throw new ExprSyntaxError(`missing operator before ${describe(t)}`, t.column);
  }
}

/** Parses one expression; throws ExprSyntaxError (with a column) on any problem. */
export function parseExpression(text: string): Ast {
  if (text.length > MAX_EXPRESSION_LENGTH) {
    throw new ExprSyntaxError(
      `expression too long (${text.length} characters, at most ${MAX_EXPRESSION_LENGTH})`,
      MAX_EXPRESSION_LENGTH + 1,
    );
  }
  return new Parser(tokenize(text)).parseAll();
}
