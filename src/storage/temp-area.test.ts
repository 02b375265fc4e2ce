import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ABANDONED_AFTER_MS, createTempArea, currentProcess, type TempOwner } from './temp-area.js';

const MINUTE = 60_000;
const HERE: TempOwner = { host: 'here', bootId: 'boot-1', pidNamespace: 'pid:[1]', pid: 100 };

describe('createTempArea', () => {
  let root: string;
  let now: number;
  const clock = () => now;
  /** a process on `owner`'s machine that sees exactly `running` pids running there */
  const area = (owner: Partial<TempOwner>, running: number[] = []) =>
    createTempArea(root, { clock, owner: { ...HERE, ...owner }, isRunning: (pid) => running.includes(pid) });
  /** a folder in use: its owner marker and one upload's temp file */
  const uploading = async (owner: Partial<TempOwner>) => {
    const other = area(owner);
    const file = await other.newFile();
    await writeFile(file, 'half an upload');
    return { area: other, file, dir: dirname(file) };
  };
  const age = async (path: string, ms: number) => utimes(path, new Date(now - ms), new Date(now - ms));

  beforeEach(async () => {
    root = join(await mkdtemp(join(tmpdir(), 'falconet-temp-')), 'tmp');
    now = Date.now();
  });
  afterEach(() => rm(dirname(root), { recursive: true, force: true }));

  it('keeps each process to a folder of its own, marked with its owner', async () => {
    const mine = area({ pid: 101 });
    const [first, second] = [await mine.newFile(), await mine.newFile()];
    const theirs = await area({ pid: 102 }).newFile();

    expect(dirname(first)).toBe(dirname(second));
    expect(first).not.toBe(second);
    expect(first).toMatch(/\.part$/);
    expect(dirname(theirs)).not.toBe(dirname(first));
    expect(JSON.parse(await readFile(join(dirname(first), 'owner.json'), 'utf8'))).toMatchObject({ ...HERE, pid: 101 });
  });

  it('removes at once the folder of a process of this machine that no longer runs, and keeps a running one', async () => {
    const dead = await uploading({ pid: 101 });
    const alive = await uploading({ pid: 102 });

    expect(await area({ pid: 103 }, [102, 103]).sweep()).toBe(1);
    expect(existsSync(dead.dir)).toBe(false);
    expect(existsSync(alive.file)).toBe(true);
  });

  it('removes the folder of an earlier process that had its own pid', async () => {
    const earlier = await uploading({ pid: 100 });

    expect(await area({ pid: 100 }, [100]).sweep()).toBe(1);
    expect(existsSync(earlier.dir)).toBe(false);
  });

  it("keeps another machine's folder while its owner renews the heartbeat, and removes it an hour after the last", async () => {
    const remote = await uploading({ host: 'elsewhere', pid: 101 });
    const sweeper = area({ pid: 102 });
    await age(remote.file, 2 * ABANDONED_AFTER_MS); // its upload stalled; the owner still runs

    now += ABANDONED_AFTER_MS - MINUTE;
    expect(await sweeper.sweep()).toBe(0);
    await remote.area.sweep(); // the owner's periodic job renews its heartbeat
    now += ABANDONED_AFTER_MS - MINUTE;
    expect(await sweeper.sweep()).toBe(0);
    now += 2 * MINUTE;
    expect(await sweeper.sweep()).toBe(1);
    expect(existsSync(remote.dir)).toBe(false);
  });

  it("keeps another machine's folder with a stale heartbeat while an upload in it is still written to", async () => {
    const remote = await uploading({ host: 'elsewhere', pid: 101 });
    now += 2 * ABANDONED_AFTER_MS;
    await age(remote.file, MINUTE);

    expect(await area({ pid: 102 }).sweep()).toBe(0);
    expect(existsSync(remote.file)).toBe(true);
  });

  it.each([
    ['another boot', { bootId: 'boot-2' }],
    ['another pid namespace (container)', { pidNamespace: 'pid:[2]' }],
    ['another host name', { host: 'elsewhere' }],
  ])('does not ask about the pid of a process on %s', async (_name, machine) => {
    const remote = await uploading({ ...machine, pid: 101 });

    expect(await area({ pid: 102 }).sweep()).toBe(0);
    expect(existsSync(remote.file)).toBe(true);
  });

  it('removes the folder of a running pid of this machine once its heartbeat is an hour old (the pid was reused)', async () => {
    const reused = await uploading({ pid: 101 });
    now += ABANDONED_AFTER_MS + MINUTE;

    expect(await area({ pid: 102 }, [101, 102]).sweep()).toBe(1);
    expect(existsSync(reused.dir)).toBe(false);
  });

  it('treats a folder without a readable owner marker as foreign: kept until an hour old', async () => {
    const unmarked = join(root, 'unmarked');
    const halfMarked = join(root, 'half-marked');
    await mkdir(unmarked, { recursive: true });
    await mkdir(halfMarked);
    await writeFile(join(halfMarked, 'owner.json'), '{"host": "he');
    const sweeper = area({ pid: 102 });

    expect(await sweeper.sweep()).toBe(0);
    for (const path of [unmarked, halfMarked, join(halfMarked, 'owner.json')]) await age(path, ABANDONED_AFTER_MS + MINUTE);
    expect(await sweeper.sweep()).toBe(2);
    expect(await readdir(root)).toEqual([]);
  });

  it('removes flat temp files of earlier versions once not written to for an hour', async () => {
    await mkdir(root, { recursive: true });
    const [stale, fresh] = [join(root, 'stale.part'), join(root, 'fresh.part')];
    await writeFile(stale, 'crashed upload');
    await writeFile(fresh, 'upload of an older process still running');
    await age(stale, ABANDONED_AFTER_MS + MINUTE);
    await age(fresh, ABANDONED_AFTER_MS - MINUTE);

    expect(await area({ pid: 102 }).sweep()).toBe(1);
    expect(await readdir(root)).toEqual(['fresh.part']);
  });

  it('never removes its own folder, whatever its age', async () => {
    const own = area({ pid: 101 });
    const file = await own.newFile();
    await writeFile(file, 'mine');
    await age(file, 2 * ABANDONED_AFTER_MS);
    now += 2 * ABANDONED_AFTER_MS;

    expect(await own.sweep()).toBe(0);
    expect(existsSync(file)).toBe(true);
  });

  it('recreates its folder and marker when they were removed under it', async () => {
    const own = area({ pid: 101 });
    const dir = dirname(await own.newFile());
    await rm(dir, { recursive: true });
    await own.sweep();

    expect(dirname(await own.newFile())).toBe(dir);
    expect(existsSync(join(dir, 'owner.json'))).toBe(true);
  });

  it('finds nothing to sweep before the first upload', async () => {
    expect(await area({}).sweep()).toBe(0);
  });
});

describe('currentProcess', () => {
  it('names this process and, on Linux, its boot and pid namespace', () => {
    const owner = currentProcess();
    expect(owner.pid).toBe(process.pid);
    expect(owner.host).not.toBe('');
    if (process.platform === 'linux') {
      expect(owner.bootId).toMatch(/^[0-9a-f-]{36}$/);
      expect(owner.pidNamespace).toMatch(/^pid:\[\d+\]$/);
    }
  });
});
