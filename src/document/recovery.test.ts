import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyDrawing } from '../shared/drawing';
import { clearRecovery, listRecoveries, recoveryFile, writeRecovery } from './recovery';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-rec-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function titled(title: string) {
  const d = emptyDrawing();
  d.meta.title = title;
  d.curves.push({ kind: 'circle', id: 'c', center: [1, 2], radius: 3 });
  return d;
}

describe('recovery store', () => {
  it('writes, lists newest first with the drawing, and clears', async () => {
    const store = join(dir, 'recovery'); // created on first write
    await writeRecovery(store, '/home/me/a.curvewright', titled('A'));
    await writeRecovery(store, 'untitled-1', titled('B'));
    await utimes(recoveryFile(store, '/home/me/a.curvewright'), new Date(1000), new Date(1000));
    const listed = await listRecoveries(store);
    expect(listed.map((e) => e.key)).toEqual(['untitled-1', '/home/me/a.curvewright']);
    expect(listed[0].drawing).toEqual(titled('B'));
    expect(listed[1].savedAt).toBe(new Date(1000).toISOString());
    await clearRecovery(store, 'untitled-1');
    await clearRecovery(store, 'never-written'); // nothing to clear is fine
    expect((await listRecoveries(store)).map((e) => e.key)).toEqual(['/home/me/a.curvewright']);
  });

  it('a second write for a key replaces the first', async () => {
    await writeRecovery(dir, 'k', titled('first'));
    await writeRecovery(dir, 'k', titled('second'));
    const listed = await listRecoveries(dir);
    expect(listed).toHaveLength(1);
    expect(listed[0].drawing.meta.title).toBe('second');
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('keys cannot escape the folder', async () => {
    await writeRecovery(dir, '../../etc/passwd', titled('x'));
    expect(recoveryFile(dir, '../../etc/passwd').startsWith(dir + '/recovery-')).toBe(true);
    expect((await listRecoveries(dir))[0].key).toBe('../../etc/passwd');
  });

  it('skips foreign, temporary and corrupt files; a missing folder is empty', async () => {
    await writeRecovery(dir, 'good', titled('ok'));
    await writeFile(join(dir, 'notes.txt'), 'hello');
    await writeFile(recoveryFile(dir, 'corrupt'), '{"format": "curvewright", "vers');
    await writeFile(join(dir, '.recovery-abc.curvewright.1.2.3.tmp'), 'partial');
    expect((await listRecoveries(dir)).map((e) => e.key)).toEqual(['good']);
    expect(await listRecoveries(join(dir, 'absent'))).toEqual([]);
  });
});
