// JSON.parse's error messages differ between engine versions and often carry no position ("Unexpected token 'N',
// ... is not valid JSON"). When it fails, this small iterative scanner finds the first offending character and
// says where it is by line and column, so a truncated or hand-edited file gets a useful one-line error.

export class JsonSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`not valid JSON: ${detail} at line ${line}, column ${column}`);
    this.name = 'JsonSyntaxError';
  }
}

/** JSON.parse, with a positioned JsonSyntaxError instead of the engine's message. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw locateJsonError(text) ?? new JsonSyntaxError(1, 1, String((error as Error).message).split('\n')[0]);
  }
}

function lineColumn(text: string, offset: number): [number, number] {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return [line, offset - lineStart + 1];
}

function shown(ch: string): string {
  if (ch === '') return 'end of file';
  const code = ch.charCodeAt(0);
  if (code < 32) return `control character U+${code.toString(16).padStart(4, '0').toUpperCase()}`;
  return `'${ch}'`;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];

/** Returns the first syntax error of `text`, or null if it is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxError | null {
  let i = 0;
  const n = text.length;
  // The open containers, and what the scanner expects next.
  const stack: ('{' | '[')[] = [];
  let expect: 'value' | 'key-or-close' | 'key' | 'colon' | 'comma-or-close' | 'value-or-close' | 'end' =
    'value';

  const fail = (at: number, detail?: string) => {
    const [line, column] = lineColumn(text, at);
    return new JsonSyntaxError(line, column, detail ?? `unexpected ${shown(text.charAt(at))}`);
  };
  const skipBlank = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const scanString = (): JsonSyntaxError | null => {
    const start = i;
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return null;
      }
      if (c < 32) return fail(i);
      if (c === 92) {
        const e = text.charAt(i + 1);
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return fail(i, 'bad \\u escape');
          i += 6;
        } else if ('"\\/bfnrt'.includes(e) && e !== '') i += 2;
        else return fail(i, 'bad escape');
      } else i++;
    }
    return fail(start, 'unterminated string');
  };
  const afterValue = () => (stack.length === 0 ? 'end' : 'comma-or-close');

  for (;;) {
    skipBlank();
    const ch = text.charAt(i);
    if (expect === 'end') return i >= n ? null : fail(i);
    if (i >= n) return fail(i, 'unexpected end of file (is the file truncated?)');
    if (expect === 'colon') {
      if (ch !== ':') return fail(i);
      i++;
      expect = 'value';
      continue;
    }
    if (expect === 'comma-or-close') {
      const top = stack[stack.length - 1];
      if (ch === ',') {
        i++;
        expect = top === '{' ? 'key' : 'value';
      } else if ((ch === '}' && top === '{') || (ch === ']' && top === '[')) {
        i++;
        stack.pop();
        expect = afterValue();
      } else return fail(i);
      continue;
    }
    if (expect === 'key' || expect === 'key-or-close') {
      if (ch === '}' && expect === 'key-or-close') {
        i++;
        stack.pop();
        expect = afterValue();
        continue;
      }
      if (ch !== '"') return fail(i, `expected a quoted field name, got ${shown(ch)}`);
      const bad = scanString();
      if (bad) return bad;
      expect = 'colon';
      continue;
    }
    // A value (or, straight after '[', the closing bracket).
    if (ch === ']' && expect === 'value-or-close') {
      i++;
      stack.pop();
      expect = afterValue();
      continue;
    }
    if (ch === '{') {
      stack.push('{');
      i++;
      expect = 'key-or-close';
    } else if (ch === '[') {
      stack.push('[');
      i++;
      expect = 'value-or-close';
    } else if (ch === '"') {
      const bad = scanString();
      if (bad) return bad;
      expect = afterValue();
    } else {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (m) {
        i += m[0].length;
        expect = afterValue();
        continue;
      }
      const word = LITERALS.find((w) => text.startsWith(w, i));
      if (!word) {
        const token = /^-?[A-Za-z]+/.exec(text.slice(i, i + 20))?.[0];
        if (!token) return fail(i);
        const why = /^-?(NaN|Infinity)$/.test(token) ? ' (JSON has no NaN or Infinity)' : '';
        return fail(i, `unexpected '${token}'${why}`);
      }
      i += word.length;
      expect = afterValue();
    }
  }
}
