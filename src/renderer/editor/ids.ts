// Fresh ids for what the tools create. The session refuses a duplicate, so the renderer picks ids that its mirror
// (the session's drawing as of the last snapshot) does not use, per prefix: c1, c2 … for curves, k… constraints,
// s… springs, p… point sets, a… attractors, v… parameters (one id space: the session refuses an id any record has).

import type { Drawing } from '../../shared/drawing';

export class IdSource {
  private readonly issued = new Set<string>();

  constructor(private readonly drawing: () => Drawing) {}

  next(prefix: string): string {
    const d = this.drawing();
    const used = new Set<string>(this.issued);
    const { images = [], pointSets = [], attractors = [], parameters = [] } = d;
    for (const list of [
      d.curves,
      d.constraints,
      d.springs,
      d.traces,
      d.equations,
      images,
      pointSets,
      attractors,
      parameters,
    ])
      for (const item of list) used.add(item.id);
    let n = 1;
    while (used.has(`${prefix}${n}`)) n++;
    const id = `${prefix}${n}`;
    this.issued.add(id);
    return id;
  }

  /** Forget ids handed out but never used (after a snapshot, the mirror shows what the session kept). */
  reset(): void {
    this.issued.clear();
  }
}
