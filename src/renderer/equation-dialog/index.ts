// The equation dialog, a self-contained DOM component: the editor mounts it with openEquationDialog.
export { openEquationDialog } from './dialog';
export type { EquationDialogHandle } from './dialog';
