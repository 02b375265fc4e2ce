import { afterAll, beforeAll } from 'vitest';
import type { DatabaseKind } from './databases.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * The block's app: started on a fresh database in `beforeAll` (registered where this is called, so hooks
 * registered after it see it running) and closed in `afterAll`. The returned object stands for the app
 * once it has started; reading it earlier, at collection time, throws.
 */
export function useTestApp(kind: DatabaseKind, overrides?: Parameters<typeof startTestApp>[1], options?: Parameters<typeof startTestApp>[2]): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(kind, overrides, options);
  });
  afterAll(() => started?.close());
  const app = (): TestApp => {
    if (started === undefined) throw new Error('useTestApp: the app starts in beforeAll; use it in a hook or a test');
    return started;
  };
  return new Proxy({} as TestApp, {
    get: (_target, key) => Reflect.get(app(), key) as unknown,
    has: (_target, key) => Reflect.has(app(), key),
    ownKeys: () => Reflect.ownKeys(app()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(app(), key);
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
  });
}
