/**
 * The one writer of webhook events (decision 150). A change that reports an event calls {@link recordEvents}
 * on its own transaction: the event commits or rolls back with the change, and the dispatcher
 * (`webhooks/webhook-dispatcher.ts`) delivers it after commit.
 */
import { randomUUID } from 'node:crypto';
import { statement, type Queryable, type Statement } from '../db/prepared-statements.js';

/** Every event type a subscription may ask for; the README shows one payload of each. */
export const EVENT_TYPES = [
  'target.created',
  'target.registered',
  'target.updateStatusChanged',
  'action.created',
  'action.statusChanged',
  'action.closed',
  'rollout.statusChanged',
  'rolloutGroup.finished',
  'distributionSet.invalidated',
  'artifact.uploaded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** One event: its type and its `data` (the Standard Webhooks payload's body). */
export interface OutboxEvent {
  readonly type: EventType;
  readonly data: Readonly<Record<string, unknown>>;
}

/** events per INSERT: four bound variables each, far below SQLite's limit */
const EVENTS_PER_STATEMENT = 500;

/**
 * Writes `events` as one pending delivery per enabled subscription that wants its type, in one
 * INSERT … SELECT per {@link EVENTS_PER_STATEMENT} events: nothing is read first, and with no subscription
 * the statement inserts nothing (decision 150). Deliveries get ids in the order of `events`, which is the
 * order each subscription receives them in. The statement is prepared (decision 180): device feedback that
 * closes an action writes its events here.
 */
export async function recordEvents(trx: Queryable, events: readonly OutboxEvent[], now: number): Promise<void> {
  const timestamp = new Date(now).toISOString();
  for (let start = 0; start < events.length; start += EVENTS_PER_STATEMENT) {
    const chunk = events.slice(start, start + EVENTS_PER_STATEMENT);
    const bindings = chunk.flatMap((event, index) => [
      index,
      `msg_${randomUUID()}`,
      event.type,
      JSON.stringify({ type: event.type, timestamp, data: event.data }),
    ]);
    await insertEvents(chunk.length).run(trx, now, now, ...bindings, 1);
  }
}

/** The INSERT … SELECT of `count` events, one statement per count. */
const inserts = new Map<number, Statement<never>>();
function insertEvents(count: number): Statement<never> {
  let found = inserts.get(count);
  if (found === undefined) {
    const rows = Array.from({ length: count }, () => 'select cast(? as integer) as seq, ? as message_id, ? as event_type, ? as payload').join(' union all ');
    found = statement(
      `outbox-insert:${count}`,
      'insert into webhook_deliveries (webhook_id, message_id, event_type, payload, status, attempts, next_attempt_at, created_at) ' +
        "select s.webhook_id, e.message_id, e.event_type, e.payload, 'pending', 0, cast(? as bigint), cast(? as bigint) " +
        `from webhook_event_types s join webhooks w on w.id = s.webhook_id join (${rows}) e on e.event_type = s.event_type ` +
        'where w.enabled = ? order by e.seq, s.webhook_id',
    );
    inserts.set(count, found);
  }
  return found;
}
