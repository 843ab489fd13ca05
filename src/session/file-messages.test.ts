// The file flow's error boxes (issue 26, finding 8): the reason first and whole, the path once, a long path
// shortened in its middle — through the session's real host for a save that fails, and line by line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentError } from '../document/file-io';
import { chain } from '../engine/test-support/drawings';
import { MAX_ERROR_LINE } from '../shared/limits';
import { fileFailure } from './file-messages';
import { hostScene, type HostScene } from './test-support/host-scene';

const scenes: HostScene[] = [];
afterEach(async () => {
  for (const scene of scenes.splice(0)) await scene.close();
});

describe('a save that fails, through the session host', () => {
  it('says why first, whole, then where, once, however long the path', async () => {
    const s = await hostScene(chain(2));
    scenes.push(s);
    // A folder path of some 150 characters, and in it a file where a folder should be.
    const deep = join(
      s.file,
      '..',
      'projects-of-the-drawing-office',
      'mechanisms-for-the-new-line',
      'four-bars',
    );
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, 'notes'), '');
    s.ui.savePaths.push(join(deep, 'notes', 'crank-rocker.curvewright'));
    expect(await s.client.saveAs()).toBe(false);
    expect(s.ui.errors).toHaveLength(1);
    const [line] = s.ui.errors;
    expect(line.startsWith('Could not save: a part of the path is not a folder — /')).toBe(true);
    expect(line.endsWith('/notes/crank-rocker.curvewright')).toBe(true);
    expect(line.split('not a folder')).toHaveLength(2);
    expect(line.length).toBeLessThanOrEqual(MAX_ERROR_LINE);
    expect(s.client.state.dirty).toBe(false);
  });
});

describe('the lines', () => {
  const long = `/home/me/${'drawings-of-the-office/'.repeat(8)}crank-rocker.curvewright`;

  it('a short path whole, after the reason the disk gave', () => {
    const error = new DocumentError('/home/me/plan.curvewright', 'could not save: the disk is full');
    expect(fileFailure('save', '/home/me/plan.curvewright', error)).toBe(
      'Could not save: the disk is full — /home/me/plan.curvewright',
    );
  });

  it('a long path shortened in its middle, its start and its file name kept', () => {
    const error = new DocumentError(long, 'could not save: permission denied');
    expect(fileFailure('save', long, error)).toBe(
      'Could not save: permission denied — /home/me/drawings-of-the-office/drawings-of-the-office/drawings-of-the-office/dra…' +
        '-the-office/drawings-of-the-office/drawings-of-the-office/crank-rocker.curvewright',
    );
    expect(fileFailure('save', long, error)).toHaveLength(MAX_ERROR_LINE);
  });

  it("the loader's reason, and a reason that reads of the path", () => {
    const invalid = new DocumentError(long, 'curves[3].radius: expected a positive number, got -2');
    expect(fileFailure('open', long, invalid)).toMatch(
      /^Could not open: curves\[3\]\.radius: expected a positive number, got -2 — \/home\/me\/.*….*\/crank-rocker\.curvewright$/,
    );
    const folder = new DocumentError('/home/me/plans', 'is a folder, not a drawing file');
    expect(fileFailure('open', '/home/me/plans', folder)).toBe(
      'Could not open: it is a folder, not a drawing file — /home/me/plans',
    );
  });

  it('a drawing too big for a file, an export, a restore, an error from anywhere', () => {
    const big = new DocumentError(
      '/home/me/a.curvewright',
      'not saved: the drawing would be 23 MB, more than the 20 MB a drawing file may hold (clear long traces)',
    );
    expect(fileFailure('save', '/home/me/a.curvewright', big)).toBe(
      'Could not save: the drawing would be 23 MB, more than the 20 MB a drawing file may hold (clear long traces) — /home/me/a.curvewright',
    );
    expect(fileFailure('export', '/home/me/a.svg', new Error('/home/me/a.svg: permission denied'))).toBe(
      'Could not export: permission denied — /home/me/a.svg',
    );
    expect(
      fileFailure('restore', null, new Error('curves[0].radius: expected a positive number, got 0')),
    ).toBe('Could not restore: curves[0].radius: expected a positive number, got 0');
  });

  it('a reason longer than the line may be is still whole', () => {
    const reason = `could not save: ${'the disk said something very long '.repeat(8).trim()}`;
    const line = fileFailure('save', long, new DocumentError(long, reason));
    expect(line.startsWith(`Could not save: ${reason.slice('could not save: '.length)} — /home/me/`)).toBe(
      true,
    );
    expect(line.endsWith(' — /home/me/drawi…/crank-rocker.curvewright')).toBe(true);
  });
});
