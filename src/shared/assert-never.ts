// The end of an exhaustive switch over a union — a constraint's kind, a curve's kind. With every member handled,
// what reaches the `default` is `never`, so a member added to the union and forgotten in the switch does not compile.
// A member that legitimately has nothing to do there is listed in a case of its own, so the compiler sees that it
// was considered (docs/architecture.md, "Adding a constraint kind").

/**
 * Called in a switch's `default` with the value switched on (or the record whose `kind` it is): a compile error
 * unless every member was handled. At run time — a value the types did not foresee, such as a record of a file
 * nothing checked — it throws `message`, or one naming the value.
 */
export function assertNever(value: never, message?: string): never {
  throw new Error(message ?? `unexpected ${describe(value)}`);
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'kind' in value) return `kind '${String(value.kind)}'`;
  return `value '${String(value)}'`;
}
