import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';

/*
 * What the database's worker threads share: the read workers (decision 253) and the WAL checkpointer
 * (decision 275) each run a module of this folder on a thread of its own, below the event loop's priority.
 */

/** Run from the sources (the tests), a thread loads the TypeScript module through tsx's loader, registered in the thread first. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/**
 * Starts module `name` of this folder (`read-worker`, `checkpoint-worker`) on a new thread with `workerData`:
 * the compiled JavaScript in dist/, the TypeScript module when run from the sources.
 */
export function startDbThread(name: string, workerData: unknown): Worker {
  const module = new URL(`./${name}${FROM_SOURCES ? '.ts' : '.js'}`, import.meta.url);
  return FROM_SOURCES
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`, {
        eval: true,
        workerData,
      })
    : new Worker(module, { workerData });
}

/**
 * The nice value of a database thread: the kernel gives the event loop's thread (nice 0) about nine times its
 * share of a busy core, so a device poll that arrives while a thread works runs at once (decision 271).
 */
const NICE = 10;

/**
 * Called by a database thread as it starts: lowers its own scheduling priority to {@link NICE}. Linux keeps
 * a nice value per thread, and setpriority(2) takes a thread's id where it takes a process's; this thread's
 * id is the last part of /proc/thread-self. Elsewhere, or where the kernel refuses, the thread keeps the
 * process's priority.
 */
export function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').at(-1)), NICE);
  } catch {
    // refused (a sandbox's seccomp profile): the thread works at the server's priority, as elsewhere
  }
}
