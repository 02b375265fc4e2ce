import type { MiddlewareHandler } from 'hono';
import type { CommitDurability } from '../db/durable-commits.js';
import type { AppEnv } from './app-env.js';

/**
 * How many requests the app is answering right now: background work that can wait gives way to them (decision
 * 151). Both also hold an answer until the writes made while it was worked out are on disk (decision 277).
 */
export interface RequestActivity {
  /** counts a request from its first middleware until its answer is made, which waits for its writes' sync */
  readonly track: MiddlewareHandler<AppEnv>;
  /**
   * counts `answer` as a request while it runs: {@link RequestActivity.track} for a request answered without
   * the middleware; `answer` calls `durable` before it writes its answer, and awaits what it returns, if anything
   */
  readonly around: <T>(answer: (durable: () => Promise<void> | undefined) => Promise<T>) => Promise<T>;
  readonly busy: () => boolean;
}

export function createRequestActivity(durability: CommitDurability): RequestActivity {
  let inFlight = 0;
  const around = async <T>(answer: (durable: () => Promise<void> | undefined) => Promise<T>): Promise<T> => {
    inFlight += 1;
    const mark = durability.mark();
    try {
      return await answer(() => durability.settle(mark));
    } finally {
      inFlight -= 1;
    }
  };
  return {
    track: (_c, next) =>
      around(async (durable) => {
        await next();
        await durable();
      }),
    around,
    busy: () => inFlight > 0,
  };
}
