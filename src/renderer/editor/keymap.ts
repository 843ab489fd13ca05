// The keyboard, read from the action table (src/shared/actions.ts): a keydown → the renderer action one of whose
// shortcuts it is. Main's actions (Save, Open …) are not here: the native menu registers their accelerators.

import {
  chordId,
  parseAccelerator,
  RENDERER_ACTION_NAMES,
  spec,
  type KeyChord,
  type RendererActionName,
} from '../../shared/actions';

const byChord = new Map<string, RendererActionName>();
for (const name of RENDERER_ACTION_NAMES)
  for (const accelerator of spec(name).shortcuts ?? [])
    byChord.set(chordId(parseAccelerator(accelerator)), name);

/** The action a key runs, or null. */
export function actionForKey(key: KeyChord): RendererActionName | null {
  return byChord.get(chordId(key)) ?? null;
}
