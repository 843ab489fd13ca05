// The toolbar's "Equation…" button: opens the equation dialog (src/renderer/equation-dialog) to define a new curve
// of the user's own equations, or, when one equation curve is selected, to edit its definition. Saving is one
// undoable edit in the session (add the definition and a curve of it; or replace the definition). A new curve is
// placed at the centre of the view (its cx, cy there, the names every preset places by), not at the drawing's
// origin, which after a pan may be off screen.

import type { Curve, EquationDefinition } from '../../shared/drawing';
import type { Editor } from '../editor/editor';
import { openEquationDialog } from '../equation-dialog';
import { ACTION_ICONS } from './action-icons';
import { iconButton } from './icon-button';
import { newCurveParams } from './equation-placement';

function selectedEquationCurve(editor: Editor): Extract<Curve, { kind: 'equation' }> | null {
  if (editor.selection.size !== 1) return null;
  const curve = editor.mirror.curve([...editor.selection][0]);
  return curve?.kind === 'equation' ? curve : null;
}

export function equationButton(editor: Editor, host: HTMLElement = document.body): HTMLButtonElement {
  const button = iconButton(ACTION_ICONS.equation, {
    label: 'Equation…',
    title: 'Equation… — define a curve by its equations (edits the selected equation curve)',
    className: 'action',
    data: { action: 'equation' },
  });
  button.addEventListener('click', () => {
    const curve = selectedEquationCurve(editor);
    const existing = curve
      ? editor.mirror.drawing.equations.find((e) => e.id === curve.definition)
      : undefined;
    openEquationDialog(host, existing ?? null, (definition: EquationDefinition) => {
      if (existing) {
        editor.commit({ type: 'define', definition: { ...definition, id: existing.id } });
        return;
      }
      const taken = editor.mirror.drawing.equations.some((e) => e.id === definition.id);
      const def = taken ? { ...definition, id: editor.newId('c').replace(/^c/, 'eq') } : definition;
      const id = editor.newId('c');
      const params = newCurveParams(def, editor.view.center);
      editor.commit({
        type: 'add',
        equations: [def],
        // The curve goes by the name the dialog gave it (the panels, the messages), not "equation 1".
        curves: [{ kind: 'equation', id, name: def.name, definition: def.id, params }],
      });
      editor.setSelection([id]);
    });
  });
  return button;
}
