import type { WebhookConfig } from '../config.js';

/**
 * A delivery's states: `pending` until an attempt succeeds (`delivered`) or the last allowed attempt
 * fails (`dead`, the dead letter). Only the oldest pending delivery of a subscription is attempted, so
 * each subscription receives its events in order (decision 151).
 */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The outcome of one attempt: an HTTP status, or the error that stopped the request. */
export type AttemptOutcome = { readonly responseCode: number } | { readonly error: string };

/** Any 2xx is a success; redirects are not followed, so a 3xx fails like an error. */
export const succeeded = (outcome: AttemptOutcome) => 'responseCode' in outcome && outcome.responseCode >= 200 && outcome.responseCode < 300;

/**
 * The columns an attempt writes: `delivered`, or the next attempt after `backoff_initial_ms` doubled per
 * failure so far, capped at `backoff_max_ms`, or `dead` after `max_attempts` attempts.
 */
export function afterAttempt(attempts: number, outcome: AttemptOutcome, now: number, config: WebhookConfig) {
  const tried = attempts + 1;
  const result = {
    attempts: tried,
    last_attempt_at: now,
    last_response_code: 'responseCode' in outcome ? outcome.responseCode : null,
    last_error: 'error' in outcome ? outcome.error.slice(0, 512) : null,
  };
  if (succeeded(outcome)) return { ...result, status: 'delivered' as const, delivered_at: now };
  if (tried >= config.maxAttempts) return { ...result, status: 'dead' as const };
  const wait = Math.min(config.backoffMaxMs, config.backoffInitialMs * 2 ** Math.min(tried - 1, 40));
  return { ...result, status: 'pending' as const, next_attempt_at: now + wait };
}
