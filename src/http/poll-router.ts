import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** The device poll's path, `/{tenant}/controller/v1/{controllerId}`, and its route pattern. */
const POLL_PATH = /^\/[^/]+\/controller\/v1\/[^/]+$/;
/** Device paths, `/{tenant}/controller/…`, and their route patterns. */
const DEVICE_PATH = /^\/[^/]+\/controller\//;
/** Whether a route pattern has a wildcard; a `*` inside a parameter's regular expression (`:name{…}`) is none. */
const hasWildcard = (path: string) => path.replace(/\{[^}]*\}/g, '').includes('*');
/** Patterns that match every path: middleware registered with `app.use()`. */
const EVERY_PATH = new Set(['*', '/*']);

/**
 * Hono's default router (SmartRouter), with the device poll — by far the most frequent request — on a
 * router of its own. Hono's fast RegExpRouter refuses our route set (`/:tenant/…` beside `/rest/…`,
 * `confirmationBase/{actionId}` beside `confirmationBase/activateAutoConfirm`), so SmartRouter falls back
 * to TrieRouter, whose walk cost the poll 6–8% of its CPU (profiled with bench/poll.ts); the poll route
 * alone, with the middleware, is RegExpRouter's single regular expression.
 *
 * Middleware for every path goes to both routers. The poll's pattern and paths have exactly four
 * segments, so the other device routes can never match a poll path; a pattern that could (a parameter or
 * wildcard first segment outside `/:tenant/controller/`, or a wildcard inside it) is refused when added,
 * so that no route is silently missed.
 */
export class PollRouter<T> implements Router<T> {
  name = 'PollRouter';
  readonly #poll = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] });
  readonly #others = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] });

  add(method: string, path: string, handler: T): void {
    if (EVERY_PATH.has(path)) {
      this.#poll.add(method, path, handler);
      this.#others.add(method, path, handler);
    } else if (POLL_PATH.test(path) && !hasWildcard(path)) {
      this.#poll.add(method, path, handler);
    } else if (/^\/[:*]/.test(path) && (!DEVICE_PATH.test(path) || hasWildcard(path))) {
      throw new Error(`route ${path} could match the device poll's path; it needs a router rule in poll-router.ts`);
    } else {
      this.#others.add(method, path, handler);
    }
  }

  match(method: string, path: string): Result<T> {
    return (POLL_PATH.test(path) ? this.#poll : this.#others).match(method, path);
  }
}
