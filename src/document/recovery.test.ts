import { mkdir, readFile, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveDrawingFile } from './file-io';
import { ownIdentity, type ProcessTable } from './process-identity';
import { RecoveryFolder } from './recovery';
import { titled, useRecoveryScene } from './test-support/recovering-instances';

let dir: string;
let root: string;
const { crashed, live } = useRecoveryScene('cw-rec', (d, r) => {
  dir = d;
  root = r;
});

describe('an instance’s recovery folder', () => {
  it('is created on the first copy, named by the instance id, with the owner’s pid and start', async () => {
    const folder = new RecoveryFolder(root);
    expect(folder.id).toMatch(new RegExp(`^${process.pid}-[0-9a-f]{12}$`));
    await expect(stat(root)).rejects.toThrow(); // nothing written yet
    await folder.write('window-1', titled('A'), '/home/me/a.curvewright');
    expect((await readdir(folder.folder)).sort()).toEqual([
      'owner.json',
      'window-1.curvewright',
      'window-1.json',
    ]);
    expect(JSON.parse(await readFile(join(folder.folder, 'owner.json'), 'utf8'))).toEqual(
      await ownIdentity(),
    );
    expect(JSON.parse(await readFile(join(folder.folder, 'window-1.json'), 'utf8'))).toEqual({
      document: '/home/me/a.curvewright',
    });
    await folder.clear('window-1');
    await folder.clear('never-written'); // nothing to clear is fine
    expect(await readdir(folder.folder)).toEqual(['owner.json']);
    await folder.close();
    expect(await readdir(root)).toEqual([]);
  });

  it('takes only plain keys, so no key can leave the folder', () => {
    const folder = new RecoveryFolder(root);
    for (const key of ['../../etc/passwd', 'a/b', '', '.hidden', 'x'.repeat(65)])
      expect(() => folder.copyFile(key), key).toThrow(/not a recovery key/);
    expect(folder.copyFile('window-1')).toBe(join(root, folder.id, 'window-1.curvewright'));
  });

  it('never offers its own copies or a running instance’s', async () => {
    const own = new RecoveryFolder(root);
    await own.write('window-1', titled('mine'), null);
    await live('running elsewhere');
    const sameProcess = new RecoveryFolder(root); // another instance in a process that is running: this one
    await sameProcess.write('window-1', titled('same process'), null);
    expect(await own.orphans()).toEqual([]);
  });

  it('offers a crashed instance’s copy with its name and time, newest first, and reads nothing else', async () => {
    const first = await crashed('first', '/home/me/first.curvewright');
    const second = await crashed('second', null);
    await utimes(join(root, first.id, 'window-1.curvewright'), new Date(1000), new Date(1000));
    const folder = new RecoveryFolder(root);
    const found = await folder.orphans();
    expect(found.map(({ name, document, savedAt, file }) => ({ name, document, savedAt, file }))).toEqual([
      {
        name: 'second',
        document: null,
        savedAt: (await stat(join(root, second.id, 'window-1.curvewright'))).mtime.toISOString(),
        file: join(root, second.id, 'window-1.curvewright'),
      },
      {
        name: 'first.curvewright',
        document: '/home/me/first.curvewright',
        savedAt: new Date(1000).toISOString(),
        file: join(root, first.id, 'window-1.curvewright'),
      },
    ]);
    expect(found[0].drawing).toEqual(titled('second'));
  });

  it('skips corrupt copies, foreign files and folders without an owner; a missing root is empty', async () => {
    expect(await new RecoveryFolder(root).orphans()).toEqual([]);
    const dead = await crashed('good', null);
    await writeFile(join(root, dead.id, 'other.curvewright'), '{"format": "curvewright", "vers');
    await writeFile(join(root, dead.id, 'notes.txt'), 'hello');
    await writeFile(join(root, 'notes.txt'), 'hello');
    await mkdir(join(root, `${process.pid + 1}-000000000000`));
    await saveDrawingFile(join(root, `${process.pid + 1}-000000000000`, 'window-1.curvewright'), titled('x'));
    expect((await new RecoveryFolder(root).orphans()).map((c) => c.name)).toEqual(['good']);
  });

  it('moves a restored copy into its own folder, and removes a dead folder once no copy is left', async () => {
    const a = await crashed('a', '/d/a.curvewright');
    const b = await crashed('b', null);
    const folder = new RecoveryFolder(root);
    const [copyB, copyA] = await folder.orphans();
    await folder.adopt(copyA, 'window-1');
    expect(await readdir(root)).not.toContain(a.id);
    expect(JSON.parse(await readFile(join(folder.folder, 'window-1.json'), 'utf8'))).toEqual({
      document: '/d/a.curvewright',
    });
    expect(await readFile(folder.copyFile('window-1'), 'utf8')).toBe(
      await readFile(join(folder.folder, 'window-1.curvewright'), 'utf8'),
    );
    await folder.discard(copyB);
    expect((await readdir(root)).sort()).toEqual([folder.id]);
    expect(b.id).not.toBe(folder.id);
    // Someone else's copy, never offered here, cannot be taken or deleted through this folder.
    await expect(folder.discard({ ...copyB, file: join(dir, 'x.curvewright') })).rejects.toThrow(
      /not an offered/,
    );
  });

  it('says so when another window took the copy first', async () => {
    await crashed('a', null);
    const one = new RecoveryFolder(root);
    const other = new RecoveryFolder(root);
    const [copy] = await one.orphans();
    await other.orphans();
    await other.discard(copy);
    await expect(one.adopt(copy, 'window-1')).rejects.toThrow(
      /could not take the recovery copy: it was restored or discarded elsewhere/,
    );
  });

  it('offers the single-folder copies of earlier versions, unless their writer is still running', async () => {
    await mkdir(root);
    const legacy = (key: string) =>
      join(root, `recovery-${Buffer.from(key, 'utf8').toString('base64url')}.curvewright`);
    const gone = await crashed('placeholder', null); // a pid that certainly ended
    await saveDrawingFile(legacy(`session-${gone.pid}-1700000000000`), titled('old'));
    const holder = await live('holder');
    await saveDrawingFile(legacy(`session-${holder.pid}-1700000000000`), titled('old, running'));
    const folder = new RecoveryFolder(root);
    const names = (await folder.orphans()).map((c) => c.name).sort();
    expect(names).toEqual(['old', 'placeholder']);
  });

  it('judges a reused pid by its start: same pid, other start is a dead owner', async () => {
    const folder = new RecoveryFolder(root);
    const reused = join(root, `${process.pid}-aaaaaaaaaaaa`);
    await mkdir(reused, { recursive: true });
    await writeFile(join(reused, 'owner.json'), JSON.stringify({ pid: process.pid, start: 'earlier' }));
    await saveDrawingFile(join(reused, 'window-1.curvewright'), titled('from a reused pid'));
    expect((await folder.orphans()).map((c) => c.name)).toEqual(['from a reused pid']);
    // Where the system cannot tell a start, a live pid keeps its folder out of reach.
    const blind: ProcessTable = { exists: () => true, startMark: async () => null };
    await writeFile(join(reused, 'owner.json'), JSON.stringify({ pid: process.pid, start: null }));
    expect(await new RecoveryFolder(root, { processes: blind }).orphans()).toEqual([]);
  });
});
