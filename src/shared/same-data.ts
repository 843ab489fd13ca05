// Whether two values of plain data (records of a drawing, their fields) are equal: what comparing their JSON texts
// says, without writing them. The history compares every field of every record after each edit and each drag, and
// at 10,000 curves stringifying both sides was a quarter of a drag's end (issue 19).
//
// As JSON sees it: a key whose value is undefined is no key; NaN equals NaN; 0 equals -0. Unlike JSON, NaN is not
// null (no record holds either), and the order of an object's keys does not matter (a record read from a file and
// one edited in place may list them differently). Anything that is not plain data (a Map, a typed array, a class instance) is compared by its
// JSON text, as before.

export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return typeof a === 'number' && typeof b === 'number' && a !== a && b !== b; // NaN, NaN
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameItem(a[i], b[i])) return false;
    return true;
  }
  if (!isPlain(a) || !isPlain(b)) return JSON.stringify(a) === JSON.stringify(b);
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const key in x) {
    if (!Object.prototype.hasOwnProperty.call(x, key) || x[key] === undefined) continue;
    if (!sameData(x[key], y[key])) return false;
    keys++;
  }
  for (const key in y)
    if (Object.prototype.hasOwnProperty.call(y, key) && y[key] !== undefined && --keys < 0) return false;
  return keys === 0;
}

/** An array's items as JSON sees them: undefined (and functions) are written as null. */
function sameItem(a: unknown, b: unknown): boolean {
  return sameData(a === undefined ? null : a, b === undefined ? null : b);
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
