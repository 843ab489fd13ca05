// Numeric limits shared by every layer: the file format, the IPC gate, the session and the engine.

/** Anything bigger than a kilometre-sized sheet is a corrupted number, not a drawing. */
export const MAX_COORDINATE = 1e9;
