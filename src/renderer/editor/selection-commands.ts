// What the Edit menu does to the selection besides Delete: the in-app clipboard (Cut, Copy, Paste, Duplicate) and
// the arrow keys' nudge. The clipboard holds records (clipboard.ts), not the system clipboard's text: a paste is an
// `add` of fresh copies, one undo step, and selects them. Paste puts the copy 10 mm further each time (at a point
// when one is given: the context menu's), Duplicate 10 mm down and right of what it copies.

import type { Vec2 } from '../../shared/drawing';
import type { EditCommand } from '../../shared/edit-commands';
import { copyRecords, pasteCommand, type ClipboardRecords, type IdPrefix } from './clipboard';
import type { ChangePatch } from './editor-change';
import type { Mirror } from './mirror';

/** How far (mm) Duplicate and each successive Paste put the copy, down and right. */
export const PASTE_OFFSET = 10;

/** The arrow keys' steps (mm): without and with Shift. */
export const NUDGE_MM = { near: 1, far: 10 } as const;

export interface SelectionHost {
  readonly mirror: Mirror;
  readonly selection: ReadonlySet<string>;
  newId(prefix: IdPrefix): string;
  commit(command: EditCommand): void;
  setSelection(ids: Iterable<string>): void;
  deleteSelection(): void;
  notify(message: string): void;
  /** Moves curves by a vector through the solver (the session's `translate`). */
  translate(ids: string[], by: Vec2): void;
  change(patch: ChangePatch): void;
}

interface Held {
  records: ClipboardRecords;
  /** The centre of the copied curves' bounding box when copied (a paste at a point puts it there). */
  center: Vec2;
  /** Pastes since the copy: each lands PASTE_OFFSET further. */
  pastes: number;
}

export class SelectionCommands {
  private held: Held | null = null;

  constructor(private readonly host: SelectionHost) {}

  /** Something to paste. */
  get canPaste(): boolean {
    return this.held !== null;
  }

  /** The selected curves, in drawing order. */
  private selectedCurves(): string[] {
    return this.host.mirror.drawing.curves.filter((c) => this.host.selection.has(c.id)).map((c) => c.id);
  }

  private take(): ClipboardRecords | null {
    const records = copyRecords(this.host.mirror.drawing, this.host.selection);
    if (!records) this.host.notify('Nothing to copy: select curves first');
    return records;
  }

  copy(): boolean {
    const records = this.take();
    if (!records) return false;
    this.held = { records, center: this.centerOf(records.curves.map((c) => c.id)), pastes: 0 };
    this.host.change({ clipboard: true });
    return true;
  }

  cut(): void {
    if (this.copy()) this.host.deleteSelection();
  }

  /** Pastes what was copied: PASTE_OFFSET further than the last paste, or centred at `at`. */
  paste(at?: Vec2): void {
    const held = this.held;
    if (!held) return this.host.notify('Nothing to paste: copy curves first');
    held.pastes++;
    const step = PASTE_OFFSET * held.pastes;
    const offset: Vec2 = at ? [at[0] - held.center[0], at[1] - held.center[1]] : [step, step];
    this.add(held.records, offset);
  }

  duplicate(): void {
    const records = this.take();
    if (records) this.add(records, [PASTE_OFFSET, PASTE_OFFSET]);
  }

  private add(records: ClipboardRecords, offset: Vec2): void {
    const command = pasteCommand(records, this.host.mirror.drawing, (p) => this.host.newId(p), offset);
    this.host.commit(command);
    this.host.setSelection((command.curves ?? []).map((c) => c.id));
  }

  /** Moves the selected curves by `by` (mm) through the solver; nothing selected: says so. */
  nudge(by: Vec2): void {
    const ids = this.selectedCurves();
    if (ids.length === 0) return this.host.notify('Nothing to move: select curves first');
    this.host.translate(ids, by);
  }

  private centerOf(ids: string[]): Vec2 {
    const { mirror } = this.host;
    const box = mirror.curveBounds(ids.flatMap((id) => mirror.curve(id) ?? []));
    return [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
  }
}
