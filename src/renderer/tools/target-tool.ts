// Pull Toward… (a target attractor, docs/editor.md "Fits and attractors"): pick a point of a curve (an end, a centre,
// or the material point under the cursor), then click the place on the paper to pull it toward; one undoable `add`
// of a `target` attractor, on at strength 1, which the session then runs live. A second click on a connector pulls
// toward where that connector is now (a place, not the connector). Esc after the first pick forgets it.

import type { Connector, Vec2 } from '../../shared/drawing';
import { TwoConnectorTool } from './constraint-tools';

export class TargetTool extends TwoConnectorTool {
  readonly id = 'target';
  readonly hints = {
    first: 'Pull Toward: pick the point of a curve to pull',
    second: 'Pull Toward: click the place to pull it toward — Esc cancels',
  };
  override readonly paperEnd = true;
  make(point: Connector, b: Connector | Vec2): void {
    const at = Array.isArray(b) ? b : this.editor.mirror.connectorPosition(b);
    if (!at) return this.editor.notify('Pull Toward: click the place on the paper to pull the point toward');
    const id = this.editor.newId('a');
    this.editor.commit({
      type: 'add',
      attractors: [{ id, kind: 'target', on: true, strength: 1, point, at: [at[0], at[1]] }],
    });
    this.editor.setSelection([id]);
  }
}
