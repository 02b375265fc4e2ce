import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/** How many requests the app is answering right now: background work that can wait gives way to them (decision 151). */
export interface RequestActivity {
  /** counts a request from its first middleware until its answer is made */
  readonly track: MiddlewareHandler<AppEnv>;
  readonly busy: () => boolean;
}

export function createRequestActivity(): RequestActivity {
  let inFlight = 0;
  return {
    track: async (_c, next) => {
      inFlight += 1;
      try {
        await next();
      } finally {
        inFlight -= 1;
      }
    },
    busy: () => inFlight > 0,
  };
}
