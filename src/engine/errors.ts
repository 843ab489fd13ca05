/** A drawing the engine cannot be built from; the message starts with the path of the offending value. */
export class EngineError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`${path}: ${detail}`);
    this.name = 'EngineError';
  }
}
