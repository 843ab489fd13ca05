// Every drawing of the diagnosis catalogue (drawings.ts), checked where a user meets the diagnosis: through the
// session (the status the editor shows: DOF, each constraint's redundant / conflicting flag, each curve's fixed
// flag) and through `curvewright check --json` on the drawing saved to a file (DOF, groups, components, free
// curves). The expectations are the catalogue's, derived by hand from the geometry.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_INVALID, EXIT_OK, runCli } from '../../../src/cli/run';
import type { CheckReport } from '../../../src/cli/commands/check';
import { serializeDrawing } from '../../../src/document/serialize';
import { Session } from '../../../src/session/session';
import { CATALOGUE } from './drawings';
import { testClock } from '../../../src/shared/test-support/clock';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-catalogue-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The constraints of `groups`, in declared order: what the session flags. */
function members(declared: string[], groups: string[][]): string[] {
  const named = new Set(groups.flat());
  return declared.filter((id) => named.has(id));
}

describe('the diagnosis catalogue', () => {
  it('holds at least 25 drawings with distinct names', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(25);
    expect(new Set(CATALOGUE.map((e) => e.name)).size).toBe(CATALOGUE.length);
  });

  describe.each(CATALOGUE.map((entry, i) => [entry.name, entry, i] as const))('%s', (_, entry, i) => {
    const drawing = entry.build();
    const declared = drawing.constraints.map((k) => k.id);

    it('through the session: DOF, redundant and conflicting constraints, fixed curves', () => {
      const status = new Session({ clock: testClock(), drawing }).snapshot(true).status;
      expect(status.dof).toBe(entry.dof);
      const flagged = (flag: 'redundant' | 'conflicting') =>
        status.constraints!.filter((k) => k[flag]).map((k) => k.id);
      expect(flagged('redundant')).toEqual(members(declared, entry.redundantGroups));
      expect(flagged('conflicting')).toEqual(members(declared, entry.conflictingGroups));
      const free = new Set(entry.freeCurves);
      expect(status.curves).toEqual(drawing.curves.map(({ id }) => ({ id, fixed: !free.has(id) })));
    });

    it('through `check --json`: DOF, groups, components, free curves', async () => {
      const file = join(dir, `${i}.curvewright`);
      await writeFile(file, serializeDrawing(drawing));
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(['check', file, '--json'], {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        write: () => {},
        clock: testClock(),
      });
      expect(err).toEqual([]);
      expect(code).toBe(EXIT_OK);
      const report = JSON.parse(out[0]) as CheckReport;
      expect(report.dof).toBe(entry.dof);
      expect(report.redundantGroups).toEqual(entry.redundantGroups);
      expect(report.conflictingGroups).toEqual(entry.conflictingGroups);
      expect(report.redundant).toEqual(members(declared, entry.redundantGroups));
      expect(report.conflicting).toEqual(members(declared, entry.conflictingGroups));
      expect(report.components).toEqual(entry.components);
      expect(report.freeCurves).toEqual(entry.freeCurves);
      // Each constraint's kind and state, as the editor's list would say it at load.
      const conflicting = new Set(entry.conflictingGroups.flat());
      const redundant = new Set(entry.redundantGroups.flat());
      expect(report.constraintStates.map(({ id, kind }) => ({ id, kind }))).toEqual(
        drawing.constraints.map(({ id, kind }) => ({ id, kind })),
      );
      for (const k of report.constraintStates) {
        if (conflicting.has(k.id)) expect(k.state, k.id).toBe('conflicting');
        else if (k.residual > 1e-9) expect(k.state, k.id).toBe('violated');
        else expect(k.state, k.id).toBe(redundant.has(k.id) ? 'redundant' : 'ok');
      }
      if (!entry.startsFar && !entry.conflictingGroups.length)
        expect(report.constraintStates.every((k) => k.state === 'ok' || k.state === 'redundant')).toBe(true);
      // Built in closed form: exact at load unless the constraints conflict or it was built far on purpose.
      if (entry.conflictingGroups.length || entry.startsFar) expect(report.maxResidual).toBeGreaterThan(1e-3);
      else expect(report.maxResidual).toBeLessThan(1e-9);
    });

    it('through `settle --json`: assembled (exit 0) unless it conflicts, then exit 1 naming the conflict', async () => {
      const file = join(dir, `settle-${i}.curvewright`);
      await writeFile(file, serializeDrawing(drawing));
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(['settle', file, '--json'], {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        write: () => {},
        clock: testClock(),
      });
      const report = JSON.parse(out[0]) as { converged: boolean; maxResidual: number; blocking: string[] };
      if (entry.conflictingGroups.length === 0) {
        expect(err).toEqual([]);
        expect(code).toBe(EXIT_OK);
        expect(report.converged).toBe(true);
        expect(report.maxResidual).toBeLessThan(1e-9);
      } else {
        expect(code).toBe(EXIT_INVALID);
        expect(report.converged).toBe(false);
        expect(report.maxResidual).toBeGreaterThan(1e-3);
        for (const id of members(declared, entry.conflictingGroups)) expect(report.blocking).toContain(id);
        expect(err[0]).toContain('cannot all hold');
      }
    });
  });
});
