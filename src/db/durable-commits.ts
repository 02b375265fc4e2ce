import { open } from 'node:fs/promises';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * Commits made durable off the event loop, with one sync for every commit made meanwhile (decision 277). The
 * SQLite main connection commits without a sync of its own (`synchronous = NORMAL`): a commit writes the WAL
 * into the kernel's cache and returns. An answer that follows a write waits for {@link settle}: an
 * `fdatasync` of the WAL file, on libuv's thread pool, started after the write's commit. So a client is told
 * of nothing a power loss could take back, as with `synchronous = FULL`, while the event loop never waits
 * for the disk, and the requests of one moment share one sync instead of one each (a group commit).
 */
export interface CommitDurability {
  /** A mark of the connection's writes so far, to give {@link settle}. */
  readonly mark: () => number;
  /**
   * Waits until every commit made so far is on disk, if the connection wrote since `mark`; undefined when it
   * did not, so that an answer that read nothing new waits for no turn of the event loop.
   */
  readonly settle: (mark: number) => Promise<void> | undefined;
  /** Waits until every commit made so far is on disk. */
  readonly flush: () => Promise<void>;
  /**
   * Runs `sql` with `params` at once on the connection, outside any transaction, as a write no answer waits
   * for: one the server may lose, such as the buffered poll times (decision 277); the rows it changes are
   * left out of the marks. Undefined, having run nothing, when a transaction holds the connection or
   * nothing is left to wait for anyway: the caller writes as usual.
   * @returns the rows changed
   */
  readonly writeUnawaited: (sql: string, params: readonly unknown[]) => number | undefined;
}

/** PostgreSQL's commit, and an in-memory database's, are all there is: nothing is left to wait for. */
export const NO_WAIT: CommitDurability = {
  mark: () => 0,
  settle: () => undefined,
  flush: () => Promise.resolve(),
  writeUnawaited: () => undefined,
};

/** Writes the file's data to disk; a file that is not there holds nothing to write (a WAL exists while the database is open). */
export async function datasyncFile(path: string): Promise<void> {
  let handle;
  try {
    // opened for each sync: no descriptor outlives the connection, and a WAL file made anew is the one synced
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * The durability of the commits of `connection` (set once the pool has opened it), whose WAL is `walPath`.
 * Its writes are counted by SQLite's `total_changes()`: the rows every statement of the connection changed,
 * committed or not; it never falls. The rows of unawaited writes are taken off, in the same synchronous
 * step as the write, so that no mark sees one without the other.
 */
export function walDurability(
  walPath: string,
  sync: (path: string) => Promise<void> = datasyncFile,
): CommitDurability & {
  attach(connection: BetterSqlite3.Database): void;
} {
  let count = () => 0;
  let inTransaction = () => false;
  let unawaited: ((sql: string, params: readonly unknown[]) => number) | undefined;
  /** the count when the last sync that succeeded started outside a transaction: every write up to it is on disk */
  let synced = 0;
  let running: Promise<void> | undefined;
  /** the sync that starts when the running one ends, for every writer that came after the running one started */
  let queued: Promise<void> | undefined;

  const begin = (): Promise<void> => {
    const covers = inTransaction() ? undefined : count();
    const run = sync(walPath)
      .then(() => {
        if (covers !== undefined) synced = Math.max(synced, covers);
      })
      .finally(() => {
        if (running === run) running = undefined;
      });
    running = run;
    return run;
  };
  /** A sync that starts after this call: every commit made so far is on disk when it ends. */
  const afterNow = (): Promise<void> => {
    if (running === undefined) return begin();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return begin();
      });
    return queued;
  };

  return {
    attach(connection) {
      const statement = connection.prepare<[], number>('SELECT total_changes()').pluck();
      let exempted = 0;
      count = () => (statement.get() as number) - exempted;
      inTransaction = () => connection.inTransaction;
      const prepared = new Map<string, BetterSqlite3.Statement>();
      unawaited = (sql, params) => {
        let write = prepared.get(sql);
        if (write === undefined) prepared.set(sql, (write = connection.prepare(sql)));
        const changes = write.run(...params).changes;
        exempted += changes;
        return changes;
      };
    },
    mark: () => count(),
    settle(mark) {
      const now = count();
      return now === mark || now === synced ? undefined : afterNow();
    },
    flush: () => (count() === synced && !inTransaction() ? Promise.resolve() : afterNow()),
    // a transaction holding the connection would take the write in
    writeUnawaited: (sql, params) => (unawaited === undefined || inTransaction() ? undefined : unawaited(sql, params)),
  };
}
