import type { Logger } from 'pino';

export interface Job {
  readonly name: string;
  readonly intervalMs: number;
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Stops scheduling and waits for runs in progress. */
  stop(): Promise<void>;
}

/**
 * The only place with timers. Each job's next run is scheduled when its previous run has finished,
 * so a slow run never overlaps the next; a failing run is logged and the job keeps its schedule.
 */
export function startScheduler(jobs: readonly Job[], logger: Logger): Scheduler {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const schedule = (job: Job) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = Promise.resolve()
        .then(() => job.run())
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error, job: job.name }, 'scheduled job failed'),
        )
        .finally(() => {
          running.delete(run);
          if (!stopped) schedule(job);
        });
      running.add(run);
    }, job.intervalMs);
    timer.unref();
    timers.add(timer);
  };
  jobs.forEach(schedule);
  return {
    async stop() {
      stopped = true;
      timers.forEach(clearTimeout);
      timers.clear();
      await Promise.all(running);
    },
  };
}
