import { randomUUID } from 'node:crypto';
import { readFileSync, readlinkSync, type Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../clock.js';

/** Who owns a temp folder: enough for a process on the same machine to tell whether the owner still runs. */
export interface TempOwner {
  readonly host: string;
  /** the kernel's boot id (Linux, else ''): a pid from before a reboot means nothing */
  readonly bootId: string;
  /** the pid namespace (Linux, else ''): a process in another container has pids of its own */
  readonly pidNamespace: string;
  readonly pid: number;
}

/** Temp files of uploads in progress, one folder per process, and the removal of what dead processes left. */
export interface TempArea {
  /** A new, unused path in this process's folder, creating the folder and its owner marker when missing. */
  newFile(): Promise<string>;
  /**
   * Renews this process's heartbeat, then removes the folders of processes that are gone and the flat
   * temp files of earlier versions not written to for {@link ABANDONED_AFTER_MS}; returns how many
   * entries went. Never touches this process's own folder (decision 50).
   */
  sweep(): Promise<number>;
}

/** How often a process renews its heartbeat (the sweep job's period); far below {@link ABANDONED_AFTER_MS}. */
export const TEMP_SWEEP_INTERVAL_MS = 60_000;
/** Silence after which a folder whose owner cannot be asked (another machine), or a flat file, is abandoned. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const OWNER_FILE = 'owner.json';

export interface TempAreaOptions {
  readonly clock: Clock;
  /** this process; tests pretend to be several */
  readonly owner?: TempOwner;
  /** whether a process of this machine runs; tests decide */
  readonly isRunning?: (pid: number) => boolean;
}

/** The temp area under `root` (`artifact_dir/tmp`), with this process's folder `root/<random id>`. */
export function createTempArea(root: string, { clock, owner = currentProcess(), isRunning = processRuns }: TempAreaOptions): TempArea {
  const id = randomUUID();
  const ownDir = join(root, id);
  const marker = join(ownDir, OWNER_FILE);
  const abandoned = async (dir: string) => {
    const other = await readOwner(join(dir, OWNER_FILE));
    // Only a process of this very machine and pid namespace can be asked; our own pid is not theirs any more.
    if (other && sameMachine(other, owner) && (other.pid === owner.pid || !isRunning(other.pid))) return true;
    return (await newestChange(dir)) < clock() - ABANDONED_AFTER_MS;
  };
  const sweepEntry = async (entry: Dirent) => {
    const path = join(root, entry.name);
    const gone = entry.isDirectory() ? await abandoned(path) : await isOldFile(path, clock() - ABANDONED_AFTER_MS);
    if (gone) await rm(path, { recursive: true, force: true });
    return gone ? 1 : 0;
  };

  return {
    async newFile() {
      // Recreated when missing, so a folder removed under a running process (by hand) costs no upload.
      if ((await mkdir(ownDir, { recursive: true })) !== undefined) {
        await writeFile(marker, JSON.stringify({ ...owner, startedAt: clock() }));
      }
      return join(ownDir, `${randomUUID()}.part`);
    },

    async sweep() {
      const now = new Date(clock());
      await utimes(marker, now, now).catch(ignoreNotFound);
      let entries: Dirent[];
      try {
        entries = await readdir(root, { withFileTypes: true });
      } catch (error) {
        ignoreNotFound(error);
        return 0;
      }
      let removed = 0;
      for (const entry of entries) {
        if (entry.name !== id) removed += await sweepEntry(entry);
      }
      return removed;
    },
  };
}

/** This process as {@link TempOwner}. */
export function currentProcess(): TempOwner {
  return {
    host: hostname(),
    bootId: readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()),
    pidNamespace: readOr(() => readlinkSync('/proc/self/ns/pid')),
    pid: process.pid,
  };
}

function sameMachine(a: TempOwner, b: TempOwner): boolean {
  return a.host === b.host && a.bootId === b.bootId && a.pidNamespace === b.pidNamespace;
}

// Signal 0 only asks; EPERM means the process exists but belongs to someone else.
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// A missing or half-written marker (its owner is still creating it) is no owner one can ask.
async function readOwner(path: string): Promise<TempOwner | undefined> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<TempOwner>;
    const { host, bootId, pidNamespace, pid } = value;
    const valid = typeof host === 'string' && typeof bootId === 'string' && typeof pidNamespace === 'string';
    return valid && Number.isSafeInteger(pid) ? { host, bootId, pidNamespace, pid: pid as number } : undefined;
  } catch {
    return undefined;
  }
}

// The heartbeat is the marker's mtime; an upload in progress also keeps touching its own file. A folder
// another sweeper removed meanwhile counts as fresh: there is nothing left to remove.
async function newestChange(dir: string): Promise<number> {
  let newest = (await stat(dir).catch(() => undefined))?.mtimeMs ?? Infinity;
  for (const name of await readdir(dir).catch(() => [])) {
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (info) newest = Math.max(newest, info.mtimeMs);
  }
  return newest;
}

async function isOldFile(path: string, cutoff: number): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  return info !== undefined && info.isFile() && info.mtimeMs < cutoff;
}

function readOr(read: () => string): string {
  try {
    return read();
  } catch {
    return '';
  }
}

function ignoreNotFound(error: unknown): void {
  if ((error as NodeJS.ErrnoException | undefined)?.code !== 'ENOENT') throw error;
}
