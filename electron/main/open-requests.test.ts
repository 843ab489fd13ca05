import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { OpenRequests, filesInArgv, filesOfSecondLaunch } from './open-requests';

const EXE = '/opt/Curvewright/curvewright';

describe('the files on a command line', () => {
  it('are the arguments after the executable that are no flags, made absolute', () => {
    const argv = [EXE, '--no-sandbox', 'a.curvewright', '--enable-logging=stderr', '/abs/b.curvewright'];
    expect(filesInArgv({ argv, cwd: '/home/u/work', defaultApp: false })).toEqual([
      '/home/u/work/a.curvewright',
      '/abs/b.curvewright',
    ]);
  });

  it('started as `electron <app>`, the app is not a file, wherever the flags are', () => {
    const argv = ['/usr/bin/electron', '--inspect=0', 'out/main/index.js', '../c.curvewright'];
    expect(filesInArgv({ argv, cwd: '/home/u/work', defaultApp: true })).toEqual(['/home/u/c.curvewright']);
    expect(filesInArgv({ argv: ['/usr/bin/electron', '.'], cwd: '/x', defaultApp: true })).toEqual([]);
  });

  it('takes file URLs as their paths, and skips macOS process serial numbers and other URLs', () => {
    const url = pathToFileURL('/home/u/with space.curvewright').href;
    expect(url).toContain('%20');
    const argv = [EXE, '-psn_0_12345', url, 'https://example.com/x.curvewright', 'curvewright://open'];
    expect(filesInArgv({ argv, cwd: '/', defaultApp: false })).toEqual(['/home/u/with space.curvewright']);
  });

  it('a launch with no file names none', () => {
    expect(filesInArgv({ argv: [EXE], cwd: '/', defaultApp: false })).toEqual([]);
    expect(filesInArgv({ argv: [EXE, '--disable-gpu', ''], cwd: '/', defaultApp: false })).toEqual([]);
  });

  it("a second launch's files are the ones it handed over, else its argv in its own folder", () => {
    const line = { argv: [EXE, 'x.curvewright'], cwd: '/there', defaultApp: false };
    expect(filesOfSecondLaunch(line, { files: ['/here/y.curvewright'] })).toEqual(['/here/y.curvewright']);
    for (const foreign of [null, 'text', { files: 'y' }, { files: [3] }, { files: ['relative.curvewright'] }])
      expect(filesOfSecondLaunch(line, foreign)).toEqual(['/there/x.curvewright']);
  });
});

/** A window whose open waits until the test says so (as the unsaved-changes question does). */
function target() {
  const opened: string[] = [];
  const pending: (() => void)[] = [];
  const front = vi.fn();
  const open = vi.fn(
    (path: string) =>
      new Promise<void>((done) =>
        pending.push(() => {
          opened.push(path);
          done();
        }),
      ),
  );
  const finishOne = async () => {
    await Promise.resolve();
    pending.shift()!();
  };
  return { front, open, opened, pending, finishOne };
}

describe('which file is opened, and when', () => {
  it('requests wait for the window; then the newest waiting one opens, without bringing a hidden window up', async () => {
    const requests = new OpenRequests();
    requests.request(['/a.curvewright', '/a2.curvewright']);
    requests.request(['/b.curvewright']);
    const t = target();
    requests.attach(t);
    expect(t.open.mock.calls).toEqual([['/b.curvewright']]);
    expect(t.front).not.toHaveBeenCalled();
    await t.finishOne();
    await requests.settled();
    expect(t.opened).toEqual(['/b.curvewright']);
  });

  it('one at a time: a request waits its turn, the newest replacing any already waiting', async () => {
    const requests = new OpenRequests();
    const t = target();
    requests.attach(t);
    requests.request(['/a.curvewright']);
    requests.request(['/b.curvewright']);
    requests.request(['/c.curvewright', '/d.curvewright']);
    expect(t.open.mock.calls).toEqual([['/a.curvewright']]); // b and c wait: a's question is still open
    expect(t.front).toHaveBeenCalledTimes(3);
    await t.finishOne();
    await vi.waitFor(() => expect(t.open).toHaveBeenCalledTimes(2));
    await t.finishOne();
    await requests.settled();
    expect(t.opened).toEqual(['/a.curvewright', '/c.curvewright']);
  });

  it('a request without a file only brings the window to the front', async () => {
    const requests = new OpenRequests();
    const t = target();
    requests.attach(t);
    requests.request([]);
    expect(t.front).toHaveBeenCalledOnce();
    expect(t.open).not.toHaveBeenCalled();
  });

  it('a failure to open is logged and the next request is still served', async () => {
    const requests = new OpenRequests();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const opened: string[] = [];
    requests.attach({
      front: () => undefined,
      open: async (path) => {
        if (path === '/bad') throw new Error('the dialog could not open');
        opened.push(path);
      },
    });
    requests.request(['/bad']);
    requests.request(['/good']);
    await requests.settled();
    expect(opened).toEqual(['/good']);
    expect(log).toHaveBeenCalledWith('Curvewright: could not open /bad: the dialog could not open');
    log.mockRestore();
  });
});
