// Errors of the expression language. Every error carries the column (1-based, in the expression's own text) so
// the dialog can point at it; the message already says "at column N" so it reads well on its own.

export class ExprSyntaxError extends Error {
  constructor(
    readonly detail: string,
    readonly column: number,
  ) {
    super(`${detail} at column ${column}`);
    this.name = 'ExprSyntaxError';
  }
}

/** One problem in an equation definition, for the dialog and for Engine.build's message. */
export interface DefinitionError {
  /** Which field of the definition: 'x', 'y', 'u0', 'u1', 'params[2].name', 'params[0].value', … */
  field: string;
  /** 1-based column inside that field's text when the problem has a position, else null. */
  column: number | null;
  /** The whole human message, e.g. "unknown function 'son' at column 5". */
  message: string;
}

export function formatDefinitionError(error: DefinitionError): string {
  return `${error.field}: ${error.message}`;
}
