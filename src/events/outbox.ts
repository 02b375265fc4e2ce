/**
 * The one writer of webhook events (decision 150). A change that reports an event calls {@link recordEvents}
 * on its own transaction: the event commits or rolls back with the change, and the dispatcher
 * (`webhooks/webhook-dispatcher.ts`) delivers it after commit.
 */
import { randomUUID } from 'node:crypto';
import { statement, type Queryable } from '../db/prepared-statements.js';

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

/**
 * Writes `events` as one pending delivery per enabled subscription that wants its type, in one
 * INSERT … SELECT with the events bound as one JSON array (expanded by json_each on SQLite and
 * jsonb_to_recordset on PostgreSQL): nothing is read first, and with no subscription the statement inserts
 * nothing (decision 150). Deliveries get ids in the order of `events`, which is the order each subscription
 * receives them in. The statement is prepared (decision 180): device feedback that closes an action writes
 * its events here.
 */
export async function recordEvents(trx: Queryable, events: readonly OutboxEvent[], now: number): Promise<void> {
  if (events.length === 0) return;
  const timestamp = new Date(now).toISOString();
  const rows = events.map((event, seq) => ({
    seq,
    message_id: `msg_${randomUUID()}`,
    event_type: event.type,
    payload: JSON.stringify({ type: event.type, timestamp, data: event.data }),
  }));
  await insertEvents.run(trx, now, now, JSON.stringify(rows), 1);
}

const insertEvents = statement('outbox-insert', {
  sqlite:
    'insert into webhook_deliveries (webhook_id, message_id, event_type, payload, status, attempts, next_attempt_at, created_at) ' +
    "select s.webhook_id, e.message_id, e.event_type, e.payload, 'pending', 0, ?, ? from (select key as seq, value ->> 'message_id' as message_id, " +
    "value ->> 'event_type' as event_type, value ->> 'payload' as payload from json_each(?)) e " +
    'join webhook_event_types s on e.event_type = s.event_type join webhooks w on w.id = s.webhook_id where w.enabled = ? order by e.seq, s.webhook_id',
  postgres:
    'insert into webhook_deliveries (webhook_id, message_id, event_type, payload, status, attempts, next_attempt_at, created_at) ' +
    "select s.webhook_id, e.message_id, e.event_type, e.payload, 'pending', 0, cast(? as bigint), cast(? as bigint) " +
    'from jsonb_to_recordset(cast(? as jsonb)) as e(seq integer, message_id text, event_type text, payload text) ' +
    'join webhook_event_types s on e.event_type = s.event_type join webhooks w on w.id = s.webhook_id where w.enabled = ? order by e.seq, s.webhook_id',
});
