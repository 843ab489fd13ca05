// The tokenizer of the expression language: numbers, names, operators and parentheses, each with its column.
// It accepts the typographic minus (−), times (×, ·) and division (÷) signs so text pasted from a document works.

import { ExprSyntaxError } from './errors';

export type TokenType = 'number' | 'name' | 'op' | '(' | ')' | ',' | 'end';

export interface Token {
  type: TokenType;
  /** The operator after normalisation ('+', '-', '*', '/', '^'), the name, or the number's source text. */
  text: string;
  /** Numeric value of a number token. */
  value: number;
  /** 1-based column of the token's first character. */
  column: number;
}

const OPERATORS: Record<string, string> = {
  '+': '+',
  '-': '-',
  '\u2212': '-', // − minus sign
  '*': '*',
  '\u00d7': '*', // ×
  '\u00b7': '*', // ·
  '/': '/',
  '\u00f7': '/', // ÷
  '^': '^',
};

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}
function isNameStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}
function isNameChar(c: string): boolean {
  return isNameStart(c) || isDigit(c);
}

/** Reads the number starting at i; returns the index after it. `e` without digits after it is not consumed. */
function scanNumber(text: string, i: number): number {
  let j = i;
  while (j < text.length && isDigit(text[j])) j++;
  if (text[j] === '.') {
    j++;
    while (j < text.length && isDigit(text[j])) j++;
  }
  if (text[j] === 'e' || text[j] === 'E') {
    let k = j + 1;
    if (text[k] === '+' || text[k] === '-') k++;
    if (isDigit(text[k] ?? '')) {
      while (k < text.length && isDigit(text[k])) k++;
      j = k;
    }
  }
  return j;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const column = i + 1;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      const end = scanNumber(text, i);
      const source = text.slice(i, end);
      tokens.push({ type: 'number', text: source, value: Number(source), column });
      i = end;
    } else if (isNameStart(c)) {
      let j = i + 1;
      while (j < text.length && isNameChar(text[j])) j++;
      tokens.push({ type: 'name', text: text.slice(i, j), value: NaN, column });
      i = j;
    } else if (c in OPERATORS) {
      // '**' is a common spelling of the power operator.
      if (c === '*' && text[i + 1] === '*') {
        tokens.push({ type: 'op', text: '^', value: NaN, column });
        i += 2;
      } else {
        tokens.push({ type: 'op', text: OPERATORS[c], value: NaN, column });
        i++;
      }
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ type: c, text: c, value: NaN, column });
      i++;
    } else {
      throw new ExprSyntaxError(`unexpected character '${c}'`, column);
    }
  }
  tokens.push({ type: 'end', text: '', value: NaN, column: text.length + 1 });
  return tokens;
}
