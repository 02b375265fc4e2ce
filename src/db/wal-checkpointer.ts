import { stat } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { startDbThread } from './db-threads.js';

/*
 * SQLite's WAL checkpoints off the event loop (decision 275). SQLite's automatic checkpoint runs on the
 * connection that commits, i.e. on the event loop, and copies every page the WAL holds into the database
 * file and syncs it: after a bulk operation or a poll-time flush over a million targets, hundreds of
 * milliseconds. Instead a worker thread with a read-write connection of its own checkpoints (PASSIVE: it
 * never waits for, nor blocks, the main connection's writes or any reader), and the main connection's
 * automatic checkpoint stays as a far-off bound that only a checkpointer that fell behind lets it reach.
 */

/** What the checkpoint worker is started with. */
export interface CheckpointWorkerData {
  readonly filename: string;
}

/** A request to the worker: checkpoint the WAL until it is caught up or stops making progress. */
export interface CheckpointRequest {
  readonly id: number;
}

/**
 * The worker's answer: `PRAGMA wal_checkpoint(PASSIVE)`'s row after its last pass (busy 1 when another
 * connection was checkpointing; `log` the frames in the WAL, `checkpointed` those now in the database file),
 * or the driver's error.
 */
export type CheckpointAnswer =
  { readonly id: number; readonly busy: number; readonly log: number; readonly checkpointed: number } | { readonly id: number; readonly error: string };

/** How often the main thread looks at the WAL file (an asynchronous stat) for writes since the last checkpoint. */
export const WAL_WATCH_MS = 1000;

/**
 * The WAL that starts the worker: as large as SQLite's own automatic checkpoint lets it grow (1,000 pages of
 * 4 KiB). Smaller, it waits for more writes or the shutdown, as SQLite would leave it, and the few writes of
 * a quiet server (its start's migrations among them) start no thread (decision 269's idle memory).
 */
export const WORKER_START_WAL_BYTES = 4 * 1024 * 1024;

/** How long the worker outlives the last write: it starts again with the next (decision 269's idle memory). */
export const CHECKPOINTER_IDLE_MS = 60_000;

/**
 * The main connection's automatic checkpoint while the worker works, as a size of the WAL: reached only when
 * the WAL was not reset for that long (the worker fell behind a writer that never paused, or readers kept it
 * from catching up); then the main connection checkpoints after each commit, as SQLite does by default, and
 * the WAL stays bounded.
 */
export const FALLBACK_WAL_BYTES = 1024 * 1024 * 1024;

/** SQLite's own automatic checkpoint (pages), the main connection's while the worker fails. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/**
 * The size the writer cuts the WAL file back to when it starts it over after a complete checkpoint
 * (`PRAGMA journal_size_limit`): the file's space comes back without a TRUNCATE checkpoint, which would hold
 * the write lock while it waits for readers.
 */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/** The main connection, as far as the checkpointer uses it. */
interface MainConnection {
  pragma(sql: string, options?: { simple: true }): unknown;
}

/** What the checkpointer has done, for the tests and the logs. */
export interface CheckpointerStatus {
  /** checkpoints that left every frame of the WAL in the database file */
  readonly completed: number;
  /** whether the worker thread runs */
  readonly running: boolean;
  /** whether the main connection checkpoints itself because the worker failed */
  readonly fallback: boolean;
}

/**
 * The checkpointer of one SQLite file: watches the WAL from the main thread, starts the worker when there
 * are writes to checkpoint, stops it when there were none for {@link CHECKPOINTER_IDLE_MS}, and ends with
 * the knex instance's `destroy()`. Errors are logged, never thrown.
 */
export class WalCheckpointer {
  #connection: MainConnection | undefined;
  #thread: Worker | undefined;
  #timer: NodeJS.Timeout | undefined;
  #waiting: { readonly id: number; readonly resolve: (answer: CheckpointAnswer) => void } | undefined;
  #nextId = 0;
  /** the WAL file's size and modification time when a checkpoint last caught up with it */
  #caughtUp: string | undefined;
  /** when the last write was seen */
  #lastWrite = 0;
  #ticking: Promise<void> | undefined;
  #fallback = false;
  #closed = false;
  #completed = 0;

  constructor(
    readonly filename: string,
    readonly logger?: Logger,
  ) {}

  get status(): CheckpointerStatus {
    return { completed: this.#completed, running: this.#thread !== undefined, fallback: this.#fallback };
  }

  /**
   * The main connection has put the file in WAL mode: turns its automatic checkpoint into the fallback,
   * limits the WAL's size at a restart, and starts watching.
   */
  fileReady(connection: MainConnection): void {
    this.#connection = connection;
    connection.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    this.#setAutocheckpoint();
    this.#timer ??= setInterval(() => void this.#tickOnce(), WAL_WATCH_MS).unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    const thread = this.#thread;
    this.#thread = undefined;
    this.#answer({ id: -1, error: 'the database is closed' });
    // takes effect once a checkpoint's pass in progress returns; a checkpoint cut short anywhere loses nothing (SQLite's is crash-safe)
    await thread?.terminate();
  }

  /** One look at a time: a checkpoint can outlast the watch's period. */
  #tickOnce(): Promise<void> {
    this.#ticking ??= this.#tick()
      .catch((error: unknown) => this.logger?.error({ err: error }, 'WAL checkpoint: the watch failed'))
      .finally(() => {
        this.#ticking = undefined;
      });
    return this.#ticking;
  }

  async #tick(): Promise<void> {
    const file = await stat(`${this.filename}-wal`).catch(() => undefined);
    if (this.#closed) return;
    const now = Date.now();
    const wal = file === undefined ? undefined : `${file.size}:${file.mtimeMs}`;
    const small = file === undefined || file.size === 0 || (this.#thread === undefined && file.size < WORKER_START_WAL_BYTES);
    if (small || wal === this.#caughtUp) {
      if (this.#thread !== undefined && now - this.#lastWrite >= CHECKPOINTER_IDLE_MS) await this.#stopThread();
      return;
    }
    this.#lastWrite = now;
    const answer = await this.#checkpoint();
    if (this.#closed) return;
    if ('error' in answer) {
      this.#fail(answer.error);
      return;
    }
    this.#recovered();
    // not caught up (a reader held older frames, or another connection was checkpointing): again at the next look
    if (answer.busy === 0 && answer.checkpointed === answer.log) {
      this.#caughtUp = wal;
      this.#completed++;
    }
  }

  #checkpoint(): Promise<CheckpointAnswer> {
    let thread: Worker;
    try {
      thread = this.#thread ??= this.#startThread();
    } catch (error) {
      return Promise.resolve({ id: -1, error: String(error) });
    }
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#waiting = { id, resolve };
      thread.postMessage({ id } satisfies CheckpointRequest);
    });
  }

  #answer(answer: CheckpointAnswer): void {
    const waiting = this.#waiting;
    if (waiting === undefined || (answer.id !== waiting.id && answer.id !== -1)) return;
    this.#waiting = undefined;
    waiting.resolve(answer);
  }

  #startThread(): Worker {
    const thread = startDbThread('checkpoint-worker', { filename: this.filename } satisfies CheckpointWorkerData);
    // a helper of the main connection: whether the process goes on is not its to decide
    thread.unref();
    thread.on('message', (answer: CheckpointAnswer) => this.#answer(answer));
    thread.on('error', (error) => this.#lost(thread, error.message));
    thread.on('exit', (code) => this.#lost(thread, `exit code ${code}`));
    return thread;
  }

  /** The worker failed: what it owes fails; the next look starts another. A worker stopped on purpose is no loss. */
  #lost(thread: Worker, reason: string): void {
    if (this.#thread !== thread) return;
    this.#thread = undefined;
    this.#answer({ id: -1, error: `the checkpoint worker stopped: ${reason}` });
  }

  async #stopThread(): Promise<void> {
    const thread = this.#thread;
    this.#thread = undefined;
    await thread?.terminate();
  }

  /** While the worker fails, the main connection checkpoints as SQLite does by default: the WAL never grows unchecked. */
  #fail(error: string): void {
    if (this.#fallback) return;
    this.#fallback = true;
    this.#setAutocheckpoint();
    this.logger?.error({ err: { message: error } }, 'WAL checkpoint off the event loop failed: the main connection checkpoints until it works again');
  }

  #recovered(): void {
    if (!this.#fallback) return;
    this.#fallback = false;
    this.#setAutocheckpoint();
    this.logger?.info('WAL checkpoint off the event loop works again');
  }

  #setAutocheckpoint(): void {
    const connection = this.#connection;
    if (connection === undefined || this.#closed) return;
    const pageSize = connection.pragma('page_size', { simple: true }) as number;
    const pages = this.#fallback ? SQLITE_AUTOCHECKPOINT_PAGES : Math.ceil(FALLBACK_WAL_BYTES / pageSize);
    connection.pragma(`wal_autocheckpoint = ${pages}`);
  }
}
