// The one table of the user's actions, after Excalidraw's actions: each action's name, label, keyboard shortcuts,
// place in the native menu, the process that carries it out, and when it shows a check mark or applies at all
// (`checked`, `enabled`: rules over one small ActionState). The native menu (electron/main/menu.ts), the renderer's
// keyboard (src/renderer/editor/keymap.ts), the toolbar and the context menu all read it. What an action does is
// bound by name where it runs — electron/main/main-actions.ts for 'main', src/renderer/editor/actions.ts for
// 'renderer' — each a Record over that process's action names, so an action without a binding does not compile.

export type MenuName = 'File' | 'Edit' | 'View' | 'Tools' | 'Constrain' | 'Help';

/**
 * What the actions' `checked` and `enabled` rules read: the editor's state in a few flags, made by the renderer
 * (src/renderer/editor/action-flags.ts).
 */
export interface ActionState {
  showGrid: boolean;
  snapToGrid: boolean;
  showCentres: boolean;
  /** The solver's measures (each constraint's error and force) shown in the panels and on the canvas. */
  solverDetails: boolean;
  /** The session's history allows it (each snapshot's canUndo, canRedo). */
  canUndo: boolean;
  canRedo: boolean;
  /** Anything is selected: a curve, a constraint, a spring, a trace. */
  selected: boolean;
  /** A curve is among the selection: what Cut, Copy and Duplicate take (with what ties the curves together). */
  curveSelected: boolean;
  /** The selection is one dimension, or one curve with a main value: what Edit Value opens. */
  valueSelected: boolean;
  /** The in-app clipboard holds something to paste. */
  canPaste: boolean;
  /** The player has a pose to go back to (Reset). */
  canReset: boolean;
  /**
   * Fit to Points applies: a curve is selected, and one point set is (or the drawing has just one)
   * (src/renderer/editor/fit-commands.ts).
   */
  canFitPoints: boolean;
  /** Follow Edges applies: a curve is selected and the drawing has a reference image. */
  canFollowEdges: boolean;
}

export interface ActionSpec {
  readonly label: string;
  /** A different label on macOS (the menu only). */
  readonly macLabel?: string;
  /**
   * Electron accelerators (https://www.electronjs.org/docs/latest/api/accelerator). The first is the one the menu
   * and the toolbar show; the others are further keys for the same action. The renderer owns the keyboard for
   * 'renderer' actions, main (the native menu) for 'main' ones.
   */
  readonly shortcuts?: readonly string[];
  /** The menu and its section (sections are separated by a rule), in table order; absent: keyboard only. */
  readonly menu?: readonly [MenuName, number];
  /** 'main': native dialogs and the disk (files, quit); 'renderer': sent as a `menu:command` event. */
  readonly runs: 'main' | 'renderer';
  /** A toggle: whether it is on (its menu item is a checkbox; its toolbar button, if any, shows it pressed). */
  readonly checked?: (state: ActionState) => boolean;
  /** Whether it applies now (its menu item and toolbar button are greyed out otherwise); absent: always. */
  readonly enabled?: (state: ActionState) => boolean;
}

/** In table order: the menus list their items in this order, and the toolbar its tools. */
export const ACTIONS = {
  'file:new': { label: 'New', shortcuts: ['CmdOrCtrl+N'], menu: ['File', 0], runs: 'main' },
  'file:open': { label: 'Open…', shortcuts: ['CmdOrCtrl+O'], menu: ['File', 0], runs: 'main' },
  'file:save': { label: 'Save', shortcuts: ['CmdOrCtrl+S'], menu: ['File', 1], runs: 'main' },
  'file:save-as': { label: 'Save As…', shortcuts: ['CmdOrCtrl+Shift+S'], menu: ['File', 1], runs: 'main' },
  'file:revert': { label: 'Revert', menu: ['File', 1], runs: 'main' },
  'file:import': {
    label: 'Import…',
    shortcuts: ['CmdOrCtrl+I'],
    menu: ['File', 2],
    runs: 'main',
  },
  // A PNG or JPEG to trace over, under the curves (no shortcut: Ctrl+Shift+I opens the developer tools).
  'file:place-image': { label: 'Place Image…', menu: ['File', 2], runs: 'main' },
  'file:export': {
    label: 'Export…',
    shortcuts: ['CmdOrCtrl+E'],
    menu: ['File', 2],
    runs: 'renderer',
  },
  'app:quit': {
    label: 'Exit',
    macLabel: 'Quit Curvewright',
    shortcuts: ['CmdOrCtrl+Q'],
    menu: ['File', 3],
    runs: 'main',
  },

  'edit:undo': {
    label: 'Undo',
    shortcuts: ['CmdOrCtrl+Z'],
    menu: ['Edit', 0],
    runs: 'renderer',
    enabled: (s) => s.canUndo,
  },
  'edit:redo': {
    label: 'Redo',
    shortcuts: ['CmdOrCtrl+Shift+Z', 'CmdOrCtrl+Y'],
    menu: ['Edit', 0],
    runs: 'renderer',
    enabled: (s) => s.canRedo,
  },
  // The selection and the clipboard (the in-app one: src/renderer/editor/clipboard.ts). Cut, Copy and Duplicate
  // take along the constraints, springs and traces among the copied curves; Paste and Duplicate add the copy 10 mm
  // down and right, Paste at the cursor when it is over the canvas.
  'edit:cut': {
    label: 'Cut',
    shortcuts: ['CmdOrCtrl+X'],
    menu: ['Edit', 1],
    runs: 'renderer',
    enabled: (s) => s.curveSelected,
  },
  'edit:copy': {
    label: 'Copy',
    shortcuts: ['CmdOrCtrl+C'],
    menu: ['Edit', 1],
    runs: 'renderer',
    enabled: (s) => s.curveSelected,
  },
  'edit:paste': {
    label: 'Paste',
    shortcuts: ['CmdOrCtrl+V'],
    menu: ['Edit', 1],
    runs: 'renderer',
    enabled: (s) => s.canPaste,
  },
  'edit:duplicate': {
    label: 'Duplicate',
    shortcuts: ['CmdOrCtrl+D'],
    menu: ['Edit', 1],
    runs: 'renderer',
    enabled: (s) => s.curveSelected,
  },
  'edit:delete': {
    label: 'Delete',
    shortcuts: ['Delete', 'Backspace'],
    menu: ['Edit', 1],
    runs: 'renderer',
    enabled: (s) => s.selected,
  },
  'edit:select-all': { label: 'Select All', shortcuts: ['CmdOrCtrl+A'], menu: ['Edit', 2], runs: 'renderer' },
  'edit:select-none': {
    label: 'Select None',
    shortcuts: ['CmdOrCtrl+Shift+A'],
    menu: ['Edit', 2],
    runs: 'renderer',
    enabled: (s) => s.selected,
  },
  /** The inline editor of the selected dimension's value, or of the selected curve's main value (its radius…). */
  'edit:value': {
    label: 'Edit Value…',
    shortcuts: ['Enter'],
    menu: ['Edit', 2],
    runs: 'renderer',
    enabled: (s) => s.valueSelected,
  },
  /** Abandons what the tool's current state was doing (nothing half-made is left); with nothing, deselects. */
  'edit:cancel': { label: 'Cancel', shortcuts: ['Escape'], runs: 'renderer' },
  // The arrow keys move the selected curves through the solver (one undo entry per press; refused when the
  // constraints hold them): 1 mm, 10 mm with Shift.
  'edit:nudge-left': { label: 'Nudge Left', shortcuts: ['Left'], runs: 'renderer' },
  'edit:nudge-right': { label: 'Nudge Right', shortcuts: ['Right'], runs: 'renderer' },
  'edit:nudge-up': { label: 'Nudge Up', shortcuts: ['Up'], runs: 'renderer' },
  'edit:nudge-down': { label: 'Nudge Down', shortcuts: ['Down'], runs: 'renderer' },
  'edit:nudge-left-far': { label: 'Nudge Left 10 mm', shortcuts: ['Shift+Left'], runs: 'renderer' },
  'edit:nudge-right-far': { label: 'Nudge Right 10 mm', shortcuts: ['Shift+Right'], runs: 'renderer' },
  'edit:nudge-up-far': { label: 'Nudge Up 10 mm', shortcuts: ['Shift+Up'], runs: 'renderer' },
  'edit:nudge-down-far': { label: 'Nudge Down 10 mm', shortcuts: ['Shift+Down'], runs: 'renderer' },

  'view:zoom-in': {
    label: 'Zoom In',
    shortcuts: ['CmdOrCtrl+=', 'CmdOrCtrl+Plus', '=', 'Plus'],
    menu: ['View', 0],
    runs: 'renderer',
  },
  'view:zoom-out': {
    label: 'Zoom Out',
    shortcuts: ['CmdOrCtrl+-', '-'],
    menu: ['View', 0],
    runs: 'renderer',
  },
  'view:fit': {
    label: 'Fit to Drawing',
    shortcuts: ['F', 'CmdOrCtrl+0'],
    menu: ['View', 0],
    runs: 'renderer',
  },
  'view:grid': {
    label: 'Show Grid',
    shortcuts: ['#'],
    menu: ['View', 0],
    runs: 'renderer',
    checked: (s) => s.showGrid,
  },
  /** Points drawn where no connector or curve is near land on the grid's nearest crossing (Alt: not). */
  'view:grid-snap': {
    label: 'Snap to Grid',
    shortcuts: ['Shift+G'],
    menu: ['View', 0],
    runs: 'renderer',
    checked: (s) => s.snapToGrid,
  },
  /** The Plot panel (src/renderer/panels/plot-panel.ts): the selected point's motion over a motor cycle. */
  'view:plot': { label: 'Plot', shortcuts: ['Shift+K'], menu: ['View', 1], runs: 'renderer' },
  /** The instant centre of each moving bar drawn on the canvas (src/renderer/view/analysis-painter.ts). */
  'view:instant-centres': {
    label: 'Instant Centres',
    shortcuts: ['Shift+I'],
    menu: ['View', 1],
    runs: 'renderer',
    checked: (s) => s.showCentres,
  },
  /**
   * Each constraint's error (how far from holding) and force (how hard it pulls) in the constraints list, the
   * tooltips and beside a held-back drag, and the solve's timings in the status bar: for debugging a drawing.
   */
  'view:solver-details': {
    label: 'Solver Details',
    menu: ['View', 1],
    runs: 'renderer',
    checked: (s) => s.solverDetails,
  },

  'tool:select': { label: 'Select', shortcuts: ['V'], menu: ['Tools', 0], runs: 'renderer' },
  'tool:point': { label: 'Point', shortcuts: ['P'], menu: ['Tools', 0], runs: 'renderer' },
  'tool:segment': { label: 'Segment', shortcuts: ['L'], menu: ['Tools', 0], runs: 'renderer' },
  'tool:bar': { label: 'Bar', shortcuts: ['B'], menu: ['Tools', 0], runs: 'renderer' },
  'tool:circle': { label: 'Circle', shortcuts: ['C'], menu: ['Tools', 0], runs: 'renderer' },
  'tool:arc': { label: 'Arc', shortcuts: ['A'], menu: ['Tools', 0], runs: 'renderer' },
  'tool:ellipse': { label: 'Ellipse', shortcuts: ['E'], menu: ['Tools', 0], runs: 'renderer' },
  'tool:bezier': { label: 'Bézier', shortcuts: ['Z'], menu: ['Tools', 0], runs: 'renderer' },
  'tool:spline': { label: 'Spline', shortcuts: ['S'], menu: ['Tools', 0], runs: 'renderer' },
  // A freehand stroke made clean curves (tools/pencil-tool.ts, stroke-fit.ts).
  'tool:pencil': { label: 'Pencil', shortcuts: ['W'], menu: ['Tools', 0], runs: 'renderer' },
  // A corner of two segments rounded or cut (tools/corner-tools.ts): pick it (or select it), type the size.
  'tool:fillet': { label: 'Fillet', shortcuts: ['Shift+F'], menu: ['Tools', 0], runs: 'renderer' },
  'tool:chamfer': { label: 'Chamfer', shortcuts: ['Shift+C'], menu: ['Tools', 0], runs: 'renderer' },
  // Two clicks on a reference image and their distance: the image scaled to true size (tools/calibrate-image.ts).
  'tool:calibrate-image': {
    label: 'Calibrate Image',
    shortcuts: ['I'],
    menu: ['Tools', 0],
    runs: 'renderer',
  },
  'tool:pin': { label: 'Pin', shortcuts: ['N'], menu: ['Tools', 1], runs: 'renderer' },
  'tool:attach': { label: 'Attach', shortcuts: ['T'], menu: ['Tools', 1], runs: 'renderer' },
  'tool:motor': { label: 'Motor', shortcuts: ['M'], menu: ['Tools', 1], runs: 'renderer' },
  'tool:spring': { label: 'Spring', shortcuts: ['G'], menu: ['Tools', 1], runs: 'renderer' },
  'tool:trace': { label: 'Trace', shortcuts: ['R'], menu: ['Tools', 1], runs: 'renderer' },
  'play:toggle': { label: 'Play / Pause', shortcuts: ['K'], menu: ['Tools', 2], runs: 'renderer' },
  'play:step': { label: 'Step One Frame', menu: ['Tools', 2], runs: 'renderer' },
  'play:reset': { label: 'Reset to Start', menu: ['Tools', 2], runs: 'renderer', enabled: (s) => s.canReset },
  // Fits and attractors (issue 30; src/renderer/editor/fit-commands.ts, tools/points-tool.ts, tools/target-tool.ts):
  // data clicked in as a point set, the selected curves fitted to a point set or pulled to the reference image's
  // edges, a point of a curve pulled toward a place on the paper; each pulls live until it comes to rest.
  'tool:points': { label: 'Data Points', shortcuts: ['Shift+X'], menu: ['Tools', 3], runs: 'renderer' },
  'fit:points': {
    label: 'Fit to Points',
    shortcuts: ['X'],
    menu: ['Tools', 3],
    runs: 'renderer',
    enabled: (s) => s.canFitPoints,
  },
  'fit:edges': {
    label: 'Follow Edges',
    shortcuts: ['Shift+E'],
    menu: ['Tools', 3],
    runs: 'renderer',
    enabled: (s) => s.canFollowEdges,
  },
  'tool:target': { label: 'Pull Toward…', shortcuts: ['U'], menu: ['Tools', 3], runs: 'renderer' },

  // The sketcher's constraints, one tool each (tools/sketch-tools.ts): each applies to the selection when it fits,
  // else picks. SolveSpace's keys where Curvewright's drawing tools leave them free, with Shift where they do not.
  'tool:horizontal': { label: 'Horizontal', shortcuts: ['H'], menu: ['Constrain', 0], runs: 'renderer' },
  'tool:vertical': { label: 'Vertical', shortcuts: ['Shift+V'], menu: ['Constrain', 0], runs: 'renderer' },
  'tool:parallel': { label: 'Parallel', shortcuts: ['Shift+L'], menu: ['Constrain', 0], runs: 'renderer' },
  'tool:perpendicular': {
    label: 'Perpendicular',
    shortcuts: ['['],
    menu: ['Constrain', 0],
    runs: 'renderer',
  },
  'tool:tangent': { label: 'Tangent', shortcuts: ['Shift+T'], menu: ['Constrain', 0], runs: 'renderer' },
  'tool:equal': { label: 'Equal', shortcuts: ['Q'], menu: ['Constrain', 0], runs: 'renderer' },
  'tool:symmetric': { label: 'Symmetric', shortcuts: ['Y'], menu: ['Constrain', 0], runs: 'renderer' },
  'tool:midpoint': { label: 'Midpoint', shortcuts: ['Shift+M'], menu: ['Constrain', 0], runs: 'renderer' },
  'tool:concentric': { label: 'Concentric', shortcuts: ['O'], menu: ['Constrain', 0], runs: 'renderer' },
  'tool:distance': { label: 'Distance', shortcuts: ['D'], menu: ['Constrain', 1], runs: 'renderer' },
  'tool:point-line-distance': {
    label: 'Point to Line Distance',
    shortcuts: ['Shift+P'],
    menu: ['Constrain', 1],
    runs: 'renderer',
  },
  'tool:angle': { label: 'Angle', shortcuts: ['Shift+N'], menu: ['Constrain', 1], runs: 'renderer' },
  'tool:radius': {
    label: 'Radius / Diameter',
    shortcuts: ['Shift+R'],
    menu: ['Constrain', 1],
    runs: 'renderer',
  },
  'tool:length': { label: 'Length', shortcuts: ['Shift+D'], menu: ['Constrain', 1], runs: 'renderer' },

  // Help (issue 17): the in-window sheet of every action's keys, made from this table; About in a native box.
  'help:shortcuts': { label: 'Keyboard Shortcuts', shortcuts: ['?'], menu: ['Help', 0], runs: 'renderer' },
  'help:about': { label: 'About Curvewright', menu: ['Help', 1], runs: 'main' },
} as const satisfies Record<string, ActionSpec>;

export type ActionName = keyof typeof ACTIONS;
type RunningIn<P extends ActionSpec['runs']> = {
  [N in ActionName]: (typeof ACTIONS)[N]['runs'] extends P ? N : never;
}[ActionName];
/** Carried out in main (electron/main/main-actions.ts). */
export type MainActionName = RunningIn<'main'>;
/** Carried out in the renderer (src/renderer/editor/actions.ts); the menu sends them as `menu:command`. */
export type RendererActionName = RunningIn<'renderer'>;
/** The tools, by the name their action carries after `tool:`. */
export type ToolId = ActionName extends infer N ? (N extends `tool:${infer T}` ? T : never) : never;

export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];
export const RENDERER_ACTION_NAMES = ACTION_NAMES.filter(
  (name): name is RendererActionName => ACTIONS[name].runs === 'renderer',
);
export const MAIN_ACTION_NAMES = ACTION_NAMES.filter(
  (name): name is MainActionName => ACTIONS[name].runs === 'main',
);
/** Every tool, in table order (the toolbar's order). */
export const TOOL_IDS = ACTION_NAMES.filter((name) => name.startsWith('tool:')).map(
  (name) => name.slice('tool:'.length) as ToolId,
);

export function spec(name: ActionName): ActionSpec {
  return ACTIONS[name];
}

type RuledBy<R extends 'checked' | 'enabled'> = {
  [N in ActionName]: (typeof ACTIONS)[N] extends Record<R, unknown> ? N : never;
}[ActionName];
/** The toggles: the actions with a `checked` rule. */
export type CheckedActionName = RuledBy<'checked'>;
/** The actions with an `enabled` rule. */
export type EnabledActionName = RuledBy<'enabled'>;
export const CHECKED_ACTION_NAMES = ACTION_NAMES.filter(
  (name): name is CheckedActionName => !!spec(name).checked,
);
export const ENABLED_ACTION_NAMES = ACTION_NAMES.filter(
  (name): name is EnabledActionName => !!spec(name).enabled,
);

/** What the rules say in a state: each toggle's check mark, and whether each action with a rule applies. */
export interface ActionFlags {
  checked: Record<CheckedActionName, boolean>;
  enabled: Record<EnabledActionName, boolean>;
}

export function actionFlags(state: ActionState): ActionFlags {
  const flags = <N extends ActionName>(names: readonly N[], rule: 'checked' | 'enabled') =>
    Object.fromEntries(names.map((name) => [name, spec(name)[rule]!(state)])) as Record<N, boolean>;
  return { checked: flags(CHECKED_ACTION_NAMES, 'checked'), enabled: flags(ENABLED_ACTION_NAMES, 'enabled') };
}

/** Whether an action applies in a state (one without an `enabled` rule always does). */
export function isEnabled(name: ActionName, state: ActionState): boolean {
  return spec(name).enabled?.(state) ?? true;
}

/** A key with its modifiers, as a keydown reports it (ctrl: Ctrl or ⌘). */
export interface KeyChord {
  key: string;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
}

const NAMED_KEYS: Record<string, string> = {
  Plus: '+',
  Space: ' ',
  Esc: 'Escape',
  Del: 'Delete',
  Return: 'Enter',
  Left: 'ArrowLeft',
  Right: 'ArrowRight',
  Up: 'ArrowUp',
  Down: 'ArrowDown',
};

/**
 * One string per distinct chord, the same for an accelerator and for the keydown it means. A letter's or a named
 * key's Shift counts (Ctrl+Z is not Ctrl+Shift+Z); a symbol's does not, since its key already says it ('#' is
 * Shift+3 on one keyboard and a key of its own on another).
 */
export function chordId(chord: KeyChord): string {
  const key = chord.key.length === 1 ? chord.key.toLowerCase() : chord.key;
  const shiftCounts = key.length > 1 || /^[a-z]$/.test(key);
  return `${chord.ctrl ? 'Ctrl+' : ''}${chord.alt ? 'Alt+' : ''}${chord.shift && shiftCounts ? 'Shift+' : ''}${key}`;
}

/** An accelerator as the chord a keydown reports. */
export function parseAccelerator(accelerator: string): KeyChord {
  const parts = accelerator.split('+');
  const last = parts.pop();
  // The '+' key is 'Plus' in an accelerator: a bare '+' would read as an empty key.
  if (!last) throw new Error(`accelerator '${accelerator}': no key (write '+' as 'Plus')`);
  const chord: KeyChord = { key: NAMED_KEYS[last] ?? last, ctrl: false, shift: false, alt: false };
  for (const modifier of parts) {
    if (modifier === 'CmdOrCtrl' || modifier === 'CommandOrControl' || modifier === 'Ctrl') chord.ctrl = true;
    else if (modifier === 'Shift') chord.shift = true;
    else if (modifier === 'Alt') chord.alt = true;
    else throw new Error(`accelerator '${accelerator}': unknown modifier '${modifier}'`);
  }
  return chord;
}

/** How a shortcut reads in a tooltip or the docs: 'CmdOrCtrl+Shift+Z' → 'Ctrl+Shift+Z', 'Plus' → '+'. */
export function shortcutText(accelerator: string): string {
  return accelerator.replace(/CmdOrCtrl\+/g, 'Ctrl+').replace(/(^|\+)Plus$/, '$1+');
}

/** A button's tooltip: the action's label and its first shortcut, "Undo (Ctrl+Z)". */
export function actionTitle(name: ActionName): string {
  const { label, shortcuts } = spec(name);
  return shortcuts?.length ? `${label} (${shortcutText(shortcuts[0])})` : label;
}
