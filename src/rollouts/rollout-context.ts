import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { lockRollout } from '../db/row-locks.js';
import { notFound } from '../errors.js';
import type { Change } from './rollout-lifecycle.js';
import { rolloutStore, type RolloutRow } from './rollout-store.js';

/** What the rollout services run on. */
export interface RolloutContext {
  readonly db: Knex;
  readonly clock: Clock;
  readonly config: Config;
  /** warnings of the evaluator: skipped targets, the group quota reached */
  readonly logger: Logger;
  /** `rolloutId:targetId` of skipped targets already warned about, so each is logged once per process */
  readonly warnedTargets: Set<string>;
}

/** A change by `actor` at the context's now, its moves logged on the context's logger. */
export const changeBy = ({ clock, logger }: RolloutContext, actor: string): Change => ({ now: clock(), actor, logger });

/**
 * Reads a rollout on `trx`, its row locked on PostgreSQL: operations of the API and the evaluator's step
 * for one rollout, in any process, take their turns (SQLite has one writer).
 * @throws DomainError entityNotFound
 */
export async function lockedRollout(trx: Knex, id: number): Promise<RolloutRow> {
  await lockRollout(trx, id);
  const row = await rolloutStore.find(trx, id);
  if (!row) throw notFound('Rollout', id);
  return row;
}
