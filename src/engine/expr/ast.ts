// The syntax tree the parser produces. Names are not resolved yet: that is the compiler's job, so the parser
// stays independent of which parameters a definition declares.

export type BinaryOp = '+' | '-' | '*' | '/' | '^';

export type Ast =
  | { type: 'number'; value: number; column: number }
  | { type: 'name'; name: string; column: number }
  | { type: 'negate'; arg: Ast; column: number }
  | { type: 'binary'; op: BinaryOp; left: Ast; right: Ast; column: number }
  | { type: 'call'; name: string; args: Ast[]; column: number };
