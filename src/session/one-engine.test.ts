// A session does not hold two engines of its drawing at once where it can help it (issue 26: an edit of a big
// drawing built the new engine beside the old one, and the session thread ran out of heap): an edit lets the present
// engine go before building the next, and builds it again if the edit is refused; an undo lets it go first. A drag
// in progress keeps its engine through a refused edit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Engine } from '../engine';
import { fourBar } from '../engine/test-support/drawings';
import type { Drawing } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { Session } from './session';

afterEach(() => vi.restoreAllMocks());

/** A crank-rocker without its motor, so a drag moves it. */
function crankRocker(): Drawing {
  const d = fourBar(0.5);
  d.constraints = d.constraints.filter((k) => k.kind !== 'motor');
  return d;
}

/** What the session does to engines from now on, in order: 'build' and 'dispose'. */
function watch(): string[] {
  const events: string[] = [];
  const build = Engine.build.bind(Engine);
  vi.spyOn(Engine, 'build').mockImplementation((drawing, options) => {
    events.push('build');
    return build(drawing, options);
  });
  const dispose = Engine.prototype.dispose;
  vi.spyOn(Engine.prototype, 'dispose').mockImplementation(function (this: Engine) {
    events.push('dispose');
    dispose.call(this);
  });
  return events;
}

describe('one engine of the drawing at a time', () => {
  it('an edit: the engine lets go before the next is built', () => {
    const session = new Session({ clock: testClock(), drawing: crankRocker() });
    const events = watch();
    session.edit({ type: 'set', id: 'crank', field: 'length', value: 1.2 });
    expect(events).toEqual(['dispose', 'build']);
    expect(session.snapshot(true).status.maxResidual).toBeLessThan(1e-9);
  });

  it('a refused edit: the tried engine lets go, the old one is built again from the drawing as it was, and drags', () => {
    const session = new Session({ clock: testClock(), drawing: crankRocker() });
    const before = structuredClone(session.drawing);
    const events = watch();
    expect(() => session.edit({ type: 'set', id: 'crank', field: 'length', value: 200 })).toThrow(
      /cannot all be met/,
    );
    expect(events).toEqual(['dispose', 'build', 'dispose', 'build']);
    expect(session.drawing).toEqual(before);
    // A command the records refuse: no engine is built, the present one kept.
    events.length = 0;
    expect(() => session.edit({ type: 'set', id: 'crank', field: 'length', value: -1 })).toThrow();
    expect(events).toEqual([]);
    const coupler = structuredClone(session.drawing.curves.find((c) => c.id === 'coupler')!);
    session.dragStart('coupler', 0.5, [2.5, -1]);
    session.dragMove([2.7, -1.3]);
    session.dragEnd();
    expect(session.drawing.curves.find((c) => c.id === 'coupler')).not.toEqual(coupler);
    expect(session.snapshot(true).status.maxResidual).toBeLessThan(1e-9);
  });

  it('an edit refused during a drag leaves the drag its engine; undo lets the engine go before the next', () => {
    const session = new Session({ clock: testClock(), drawing: crankRocker() });
    session.dragStart('coupler', 0.5, [2.5, -1]);
    session.dragMove([2.6, -1.2]);
    const events = watch();
    expect(() => session.edit({ type: 'set', id: 'crank', field: 'length', value: 200 })).toThrow();
    expect(events).toEqual(['build', 'dispose']);
    session.dragMove([2.7, -1.3]);
    session.dragEnd();
    events.length = 0;
    session.undo();
    expect(events).toEqual(['dispose', 'build']);
  });
});
