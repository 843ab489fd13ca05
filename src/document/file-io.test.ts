import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { trailFromPoints } from '../shared/trail';
import * as nodeFs from 'node:fs/promises';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyDrawing } from '../shared/drawing';
import { MAX_ERROR_LINE } from '../shared/limits';
import { CURRENT_VERSION } from './format-schema';
import {
  DocumentError,
  loadDrawingDocument,
  loadDrawingFile,
  nodeFileSystem,
  saveDrawingFile,
  writeFileAtomic,
  type FileSystem,
} from './file-io';
import { canonicalFiles, invalidFixtures, migrationFixtures, validFixtures } from './test-support/fixtures';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-io-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function loadError(path: string, fs?: FileSystem): Promise<DocumentError> {
  try {
    await loadDrawingFile(path, { fs });
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as Error).message).not.toContain('\n');
    return error as DocumentError;
  }
  throw new Error(`expected ${path} to be refused`);
}

async function saveError(path: string, fs?: FileSystem, drawing = emptyDrawing()): Promise<DocumentError> {
  try {
    await saveDrawingFile(path, drawing, { fs });
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as Error).message).not.toContain('\n');
    return error as DocumentError;
  }
  throw new Error(`expected saving ${path} to be refused`);
}

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected`), { code });
}

/** A file system whose file handles fail `method` with `code` (for files whose name matches). */
function failingHandles(method: string, code: string, match: RegExp): FileSystem {
  return {
    ...nodeFileSystem,
    open: (async (path: string, ...rest: unknown[]) => {
      const handle = await (nodeFs.open as (...a: unknown[]) => Promise<nodeFs.FileHandle>)(path, ...rest);
      if (!match.test(String(path))) return handle;
      return new Proxy(handle, {
        get(target, key) {
          if (key === method) return async () => Promise.reject(errno(code));
          const value = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    }) as FileSystem['open'],
  };
}

describe('round trip through the disk', () => {
  it.each(canonicalFiles())('%s: open → save → open is identical, byte for byte', async (fixture) => {
    const drawing = await loadDrawingFile(fixture);
    const out = join(dir, basename(fixture));
    await saveDrawingFile(out, drawing);
    expect(await readFile(out, 'utf8')).toBe(await readFile(fixture, 'utf8'));
    expect(await loadDrawingFile(out)).toEqual(drawing);
  });

  it('an older file loads migrated, with its version; saving writes the current version', async () => {
    for (const { source, expected } of migrationFixtures()) {
      const { drawing, version } = await loadDrawingDocument(source);
      expect(version).toBeLessThan(CURRENT_VERSION);
      const out = join(dir, basename(source));
      await saveDrawingFile(out, drawing);
      expect(await readFile(out, 'utf8')).toBe(await readFile(expected, 'utf8'));
      expect((await loadDrawingDocument(out)).version).toBe(CURRENT_VERSION);
    }
  });

  it('saving over an existing file replaces it, keeps its permissions and leaves no temporary file', async () => {
    const path = join(dir, 'a.curvewright');
    await writeFile(path, 'old');
    await chmod(path, 0o640);
    const d = emptyDrawing();
    d.meta.title = 'New';
    await saveDrawingFile(path, d);
    expect((await loadDrawingFile(path)).meta.title).toBe('New');
    expect((await lstat(path)).mode & 0o777).toBe(0o640);
    expect(await readdir(dir)).toEqual(['a.curvewright']);
  });
});

/** Runs `body` with the process's umask set to `mask`, restoring the old one after. */
async function withUmask<T>(mask: number, body: () => Promise<T>): Promise<T> {
  const old = process.umask(mask);
  try {
    return await body();
  } finally {
    process.umask(old);
  }
}

const modeOf = async (path: string) => (await lstat(path)).mode & 0o777;

describe('permissions: the umask for new files, the old mode for replaced ones', () => {
  it.each([
    ['077', 0o077],
    ['022', 0o022],
    ['002', 0o002],
  ])('with umask %s a new drawing or SVG gets 0666 less the umask', async (_name, mask) => {
    const drawing = join(dir, 'new.curvewright');
    const svg = join(dir, 'new.svg');
    await withUmask(mask, async () => {
      await saveDrawingFile(drawing, emptyDrawing());
      await writeFileAtomic(svg, '<svg/>');
    });
    expect(await modeOf(drawing)).toBe(0o666 & ~mask);
    expect(await modeOf(svg)).toBe(0o666 & ~mask);
  });

  it('saving over a 0600 file keeps it 0600', async () => {
    const path = join(dir, 'private.curvewright');
    await writeFile(path, 'old');
    await chmod(path, 0o600);
    await withUmask(0o022, () => saveDrawingFile(path, emptyDrawing()));
    expect(await modeOf(path)).toBe(0o600);
    expect(await loadDrawingFile(path)).toEqual(emptyDrawing());
  });

  it('saving over a group-writable file under umask 077 keeps it group-writable', async () => {
    const path = join(dir, 'shared.curvewright');
    await writeFile(path, 'old');
    await chmod(path, 0o664);
    await withUmask(0o077, () => saveDrawingFile(path, emptyDrawing()));
    expect(await modeOf(path)).toBe(0o664);
  });
});

describe('long names: any name the folder accepts can be saved', () => {
  // 250 bytes in UTF-8 (é is two bytes): within the 255-byte limit of ext4, tmpfs, APFS and NTFS alike.
  const longName = 'é'.repeat(119) + '.curvewright';

  it('a 250-byte name saves, opens again, and leaves no temporary file', async () => {
    expect(Buffer.byteLength(longName)).toBe(250);
    const path = join(dir, longName);
    const d = emptyDrawing();
    d.meta.title = 'Long';
    expect(await saveDrawingFile(path, d)).toBe(path);
    expect((await loadDrawingFile(path)).meta.title).toBe('Long');
    d.meta.title = 'Longer';
    await saveDrawingFile(path, d);
    expect((await loadDrawingFile(path)).meta.title).toBe('Longer');
    expect(await readdir(dir)).toEqual([longName]);
  });

  it('a name the folder refuses is refused with the reason, and nothing is written', async () => {
    const path = join(dir, 'x'.repeat(256 - '.curvewright'.length) + '.curvewright');
    // The whole line would be longer than an error line may be: the path gives way in its middle, not the reason.
    const error = await saveError(path);
    expect(error.detail).toBe('the file name is too long');
    expect(error.message).toMatch(/^\/.*…x+\.curvewright: the file name is too long$/);
    expect(error.message).toHaveLength(MAX_ERROR_LINE);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('loading: each bad input gets one clear line naming the file', () => {
  it.each(invalidFixtures())('invalid fixture $file', async ({ file, message }) => {
    expect((await loadError(file)).message).toBe(`${file}: ${message}`);
  });

  it('a missing file', async () => {
    const path = join(dir, 'missing.curvewright');
    expect((await loadError(path)).message).toBe(`${path}: no such file or folder`);
  });

  it('an empty file', async () => {
    const path = join(dir, 'empty.curvewright');
    await writeFile(path, '');
    expect((await loadError(path)).message).toBe(`${path}: the file is empty`);
  });

  it('truncated JSON gives the position', async () => {
    const path = join(dir, 'cut.curvewright');
    await writeFile(path, '{\n  "format": "curvewright",\n  "version": 1,\n  "curves": [');
    expect((await loadError(path)).message).toBe(
      `${path}: not valid JSON: unexpected end of file (is the file truncated?) at line 4, column 14`,
    );
  });

  it('a bad field names the file and the path', async () => {
    const path = join(dir, 'drawing.curvewright');
    const text = (
      await readFile(
        validFixtures().find((f) => f.includes('all-kinds'))!,
        'utf8',
      )
    ).replace('"radius": 15', '"radius": -2');
    await writeFile(path, text);
    const error = await loadError(path);
    expect(error.message).toBe(`${path}: curves[3].radius: expected a positive number, got -2`);
    expect(error.path).toBe('curves[3].radius');
  });

  it('a 50 MB file is refused without being read', async () => {
    const path = join(dir, 'huge.curvewright');
    const handle = await nodeFs.open(path, 'w');
    await handle.truncate(50 * 1024 * 1024); // sparse: instant, but 50 MB as far as stat is concerned
    await handle.close();
    expect((await loadError(path)).message).toBe(
      `${path}: the file is too large (50 MB; drawings are limited to 20 MB)`,
    );
  });

  it('a folder', async () => {
    const path = join(dir, 'folder.curvewright');
    await mkdir(path);
    expect((await loadError(path)).message).toBe(`${path}: is a folder, not a drawing file`);
  });

  it('a file without read permission', async () => {
    const path = join(dir, 'secret.curvewright');
    await writeFile(path, '{}');
    await chmod(path, 0o000);
    // Root ignores permission bits, so there the kernel's EACCES is injected through the fs seam instead.
    const root = process.getuid?.() === 0;
    const fs: FileSystem | undefined = root
      ? { ...nodeFileSystem, open: (async () => Promise.reject(errno('EACCES'))) as FileSystem['open'] }
      : undefined;
    expect((await loadError(path, fs)).message).toBe(`${path}: permission denied`);
  });

  it('a read error half-way is reported, not a crash', async () => {
    const path = join(dir, 'io.curvewright');
    await writeFile(path, '{}');
    const fs = failingHandles('read', 'EIO', /io\.curvewright$/);
    expect((await loadError(path, fs)).message).toBe(
      `${path}: input/output error (is the disk failing or disconnected?)`,
    );
  });

  it('a named pipe or a device is refused without hanging', async () => {
    const fifo = join(dir, 'pipe.curvewright');
    execFileSync('mkfifo', [fifo]);
    expect((await loadError(fifo)).message).toBe(`${fifo}: is not a regular file`);
    expect((await loadError('/dev/zero')).message).toBe('/dev/zero: is not a regular file');
  });

  it('absurdly deep nesting is an error, not a stack overflow', async () => {
    const path = join(dir, 'deep.curvewright');
    const depth = 500_000;
    await writeFile(
      path,
      `{"format": "curvewright", "version": 1, "curves": ${'['.repeat(depth)}${']'.repeat(depth)}}`,
    );
    expect((await loadError(path)).message).toBe(`${path}: curves[0]: expected an object, got an array of 1`);
    await writeFile(path, '['.repeat(depth));
    expect((await loadError(path)).message).toMatch(
      /: not valid JSON: unexpected end of file .* at line 1, column 500001$/,
    );
  });

  it('binary junk', async () => {
    const path = join(dir, 'photo.curvewright');
    await writeFile(path, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]));
    expect((await loadError(path)).message).toBe(
      `${path}: not a text file (invalid UTF-8): is this really a Curvewright drawing?`,
    );
  });
});

describe('saving: atomic, never through a surprising link, errors with the path', () => {
  it('a symlink to a drawing: the link target is updated and the link stays a link', async () => {
    await mkdir(join(dir, 'real'));
    const real = join(dir, 'real', 'target.curvewright');
    await writeFile(real, 'old');
    const link = join(dir, 'link.curvewright');
    await symlink(real, link);
    const d = emptyDrawing();
    d.meta.title = 'Through the link';
    expect(await saveDrawingFile(link, d)).toBe(real);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(real);
    expect((await loadDrawingFile(real)).meta.title).toBe('Through the link');
    expect((await readdir(join(dir, 'real'))).sort()).toEqual(['target.curvewright']);
  });

  it('a dangling symlink is refused and nothing is created', async () => {
    const link = join(dir, 'dangling.curvewright');
    await symlink(join(dir, 'nowhere', 'x.curvewright'), link);
    expect((await saveError(link)).message).toBe(
      `${link}: is a symbolic link to nothing; not saving through it`,
    );
    expect(await readdir(dir)).toEqual(['dangling.curvewright']);
  });

  it('a symlink to a folder, or a folder, is refused', async () => {
    await mkdir(join(dir, 'sub'));
    const link = join(dir, 'to-folder.curvewright');
    await symlink(join(dir, 'sub'), link);
    expect((await saveError(link)).message).toBe(
      `${link}: is a symbolic link to ${join(dir, 'sub')}, which is not a regular file; not saving through it`,
    );
    expect((await saveError(join(dir, 'sub'))).message).toBe(
      `${join(dir, 'sub')}: is a folder, not a drawing file`,
    );
  });

  it('a save removes temporary files left in its folder by dead writers, and only those', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!; // exited: its pid is free
    const live = process.ppid;
    const names = [
      `.cw-${dead}-0123456789ab.tmp`, // a crashed save into this folder: removed
      `.cw-${live}-0123456789ab.tmp`, // a save in progress elsewhere: kept
      `.cw-${process.pid}-0123456789ab.tmp`, // our own: kept
      `.cw-${dead}.tmp`, // not our pattern: kept
      `.a.curvewright.${dead}.1.0.tmp`, // not ours either: kept
    ];
    for (const n of names) await writeFile(join(dir, n), 'partial');
    await saveDrawingFile(join(dir, 'a.curvewright'), emptyDrawing());
    expect((await readdir(dir)).sort()).toEqual(['a.curvewright', ...names.slice(1)].sort());
  });

  it('a full disk while writing leaves the old file intact and no temporary file', async () => {
    const path = join(dir, 'keep.curvewright');
    await saveDrawingFile(path, emptyDrawing());
    const before = await readFile(path, 'utf8');
    const d = emptyDrawing();
    d.meta.title = 'Never written';
    const fs = failingHandles('writeFile', 'ENOSPC', /\.tmp$/);
    expect((await saveError(path, fs, d)).message).toBe(`${path}: could not save: the disk is full`);
    expect(await readFile(path, 'utf8')).toBe(before);
    expect(await readdir(dir)).toEqual(['keep.curvewright']);
  });

  it('a failing flush (fsync) is reported and the old file kept', async () => {
    const path = join(dir, 'keep.curvewright');
    await writeFile(path, 'old');
    const fs = failingHandles('sync', 'EIO', /\.tmp$/);
    expect((await saveError(path, fs)).message).toBe(
      `${path}: could not save: input/output error (is the disk failing or disconnected?)`,
    );
    expect(await readFile(path, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['keep.curvewright']);
  });

  it('no permission to write in the folder', async () => {
    const path = join(dir, 'locked.curvewright');
    const fs: FileSystem = {
      ...nodeFileSystem,
      open: (async () => Promise.reject(errno('EACCES'))) as FileSystem['open'],
    };
    expect((await saveError(path, fs)).message).toBe(`${path}: could not save: permission denied`);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a folder that does not exist', async () => {
    const path = join(dir, 'no', 'such', 'a.curvewright');
    expect((await saveError(path)).message).toBe(`${path}: could not save: no such file or folder`);
  });

  it('a drawing too big to open again is never written', async () => {
    const path = join(dir, 'a.curvewright');
    await writeFile(path, 'old');
    const d = emptyDrawing();
    d.curves.push({ kind: 'point', id: 'p', at: [0, 0] });
    d.traces.push({
      id: 't',
      point: { curve: 'p', u: 0 },
      // A zigzag: every point a corner, so thinning keeps them all.
      points: trailFromPoints(Array.from({ length: 2000 }, (_, i) => [i, i % 2])),
    });
    try {
      await saveDrawingFile(path, d, { maxBytes: 10_000 });
      throw new Error('expected the save to be refused');
    } catch (error) {
      expect((error as Error).message).toMatch(
        new RegExp(
          `^${path}: not saved: the drawing would be 0\\.\\d MB, more than the 0\\.0 MB a drawing file may hold`,
        ),
      );
    }
    expect(await readFile(path, 'utf8')).toBe('old');
    // Within the limit, the same drawing saves and opens again.
    await saveDrawingFile(path, d);
    expect(await loadDrawingFile(path)).toEqual(d);
  });

  it('a drawing the engine could not build when reopened is never written', async () => {
    const path = join(dir, 'a.curvewright');
    await writeFile(path, 'old');
    const d = emptyDrawing();
    d.equations.push({
      id: 'root',
      name: 'Root',
      x: 'u',
      y: 'sqrt(k - u)',
      u0: 0,
      u1: 1,
      closed: false,
      params: [{ name: 'k', value: 2, free: true }],
    });
    d.curves.push({ kind: 'equation', id: 'q', definition: 'root', params: { k: 0.5 } });
    expect((await saveError(path, undefined, d)).message).toMatch(
      new RegExp(`^${path}: not saved: the drawing is invalid: curves\\[0\\]: .*not finite at u = `),
    );
    expect(await readFile(path, 'utf8')).toBe('old');
    d.curves[0] = { kind: 'equation', id: 'q', definition: 'root', params: { k: 2 } };
    await saveDrawingFile(path, d);
    expect(await loadDrawingFile(path)).toEqual(d);
  });

  it('an invalid drawing is never written', async () => {
    const path = join(dir, 'a.curvewright');
    await writeFile(path, 'old');
    const d = emptyDrawing();
    d.curves.push({ kind: 'circle', id: 'c', center: [0, 0], radius: Number.NaN });
    expect((await saveError(path, undefined, d)).message).toBe(
      `${path}: not saved: the drawing is invalid: curves[0].radius: expected a positive number, got NaN`,
    );
    expect(await readFile(path, 'utf8')).toBe('old');
  });
});
