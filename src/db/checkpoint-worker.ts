/**
 * The WAL checkpointer's thread (decision 275): its own read-write better-sqlite3 connection to the server's
 * SQLite file, on which it answers each {@link CheckpointRequest} of `wal-checkpointer.ts` by checkpointing
 * the WAL into the database file, PASSIVE: it takes none of the locks the main connection's writes and the
 * readers take, so neither ever waits for it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { lowerThreadPriority } from './db-threads.js';
import type { CheckpointAnswer, CheckpointRequest, CheckpointWorkerData } from './wal-checkpointer.js';

// below the event loop's priority (decision 271): a checkpoint is mostly copying and syncing, and can wait for a poll
lowerThreadPriority();

const { filename } = workerData as CheckpointWorkerData;
const connection = new Database(filename, { fileMustExist: true });

interface Checkpointed {
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
}
const checkpoint = () => (connection.pragma('wal_checkpoint(PASSIVE)') as Checkpointed[])[0] as Checkpointed;

const port = parentPort as NonNullable<typeof parentPort>;
port.on('message', ({ id }: CheckpointRequest) => {
  let answer: CheckpointAnswer;
  try {
    // A pass copies the frames committed when it began. While the main connection keeps writing, passes
    // follow each other as long as they make progress, so that one catches up between two write
    // transactions: the next one then starts the WAL over from its beginning instead of growing it.
    let last = checkpoint();
    for (;;) {
      if (last.busy !== 0 || last.checkpointed === last.log) break;
      const next = checkpoint();
      // more frames copied, or the WAL started over; not a reader that holds the frames still to copy
      const progressed = next.checkpointed > last.checkpointed || next.log < last.log;
      last = next;
      if (!progressed) break;
    }
    answer = { id, ...last };
  } catch (error) {
    answer = { id, error: String((error as { message?: unknown }).message ?? error) };
  }
  port.postMessage(answer);
});
