import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type Job, startScheduler } from './scheduler.js';

const INTERVAL_MS = 1000;

/** A promise with its resolve/reject exposed, so a test decides when a run finishes. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function silentLogger() {
  const logger = pino({ level: 'silent' });
  const error = vi.spyOn(logger, 'error');
  return { logger, error };
}

/** A job recording the (fake) time each run starts; `run` decides how each run ends. */
function recordingJob(run: () => Promise<unknown> = () => Promise.resolve()) {
  const starts: number[] = [];
  const job: Job = {
    name: 'test-job',
    intervalMs: INTERVAL_MS,
    run: () => {
      starts.push(Date.now());
      return run();
    },
  };
  return { job, starts };
}

describe('startScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a job once per interval', async () => {
    const { job, starts } = recordingJob();
    const scheduler = startScheduler([job], silentLogger().logger);

    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(starts).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([1000]);

    await vi.advanceTimersByTimeAsync(2 * INTERVAL_MS);
    expect(starts).toEqual([1000, 2000, 3000]);

    await scheduler.stop();
  });

  it('never overlaps a slow run and schedules the next one an interval after it finished', async () => {
    const slow = deferred();
    const { job, starts } = recordingJob(() => (starts.length === 1 ? slow.promise : Promise.resolve()));
    const scheduler = startScheduler([job], silentLogger().logger);

    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(starts).toEqual([1000]);

    // The first run is still going: however much time passes, no second run starts.
    await vi.advanceTimersByTimeAsync(5 * INTERVAL_MS);
    expect(starts).toEqual([1000]);

    slow.resolve(); // finishes at t = 6000
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(starts).toEqual([1000]);

    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([1000, 7000]);

    await scheduler.stop();
  });

  it.each([
    ['rejects', (failure: Error) => () => Promise.reject(failure)],
    [
      'throws',
      (failure: Error) => () => {
        throw failure;
      },
    ],
  ])('logs a run that %s with the job name and keeps the schedule', async (_how, failing) => {
    const failure = new Error('boom');
    const { job, starts } = recordingJob(failing(failure));
    const { logger, error } = silentLogger();
    const scheduler = startScheduler([job], logger);

    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith({ err: failure, job: 'test-job' }, expect.any(String));

    await vi.advanceTimersByTimeAsync(2 * INTERVAL_MS);
    expect(starts).toEqual([1000, 2000, 3000]);
    expect(error).toHaveBeenCalledTimes(3);

    await scheduler.stop();
  });

  it('stop() clears pending timers', async () => {
    const { job, starts } = recordingJob();
    const scheduler = startScheduler([job], silentLogger().logger);

    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(starts).toHaveLength(1);

    await scheduler.stop();
    expect(vi.getTimerCount()).toBe(0);

    await vi.advanceTimersByTimeAsync(10 * INTERVAL_MS);
    expect(starts).toHaveLength(1);
  });

  it('stop() waits for a run in progress and schedules nothing after it', async () => {
    const slow = deferred();
    const { job, starts } = recordingJob(() => slow.promise);
    const scheduler = startScheduler([job], silentLogger().logger);

    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(starts).toHaveLength(1);

    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });

    await vi.advanceTimersByTimeAsync(5 * INTERVAL_MS);
    expect(stopped).toBe(false);

    slow.resolve();
    await stopping;
    expect(stopped).toBe(true);

    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * INTERVAL_MS);
    expect(starts).toHaveLength(1);
  });
});
