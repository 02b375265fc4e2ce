import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/** How many requests the app is answering right now: background work that can wait gives way to them (decision 151). */
export interface RequestActivity {
  /** counts a request from its first middleware until its answer is made */
  readonly track: MiddlewareHandler<AppEnv>;
  /** counts `answer` as a request while it runs: {@link RequestActivity.track} for a request answered without the middleware */
  readonly around: <T>(answer: () => Promise<T>) => Promise<T>;
  readonly busy: () => boolean;
}

export function createRequestActivity(): RequestActivity {
  let inFlight = 0;
  const around = async <T>(answer: () => Promise<T>): Promise<T> => {
    inFlight += 1;
    try {
      return await answer();
    } finally {
      inFlight -= 1;
    }
  };
  return {
    track: (_c, next) => around(next),
    around,
    busy: () => inFlight > 0,
  };
}
