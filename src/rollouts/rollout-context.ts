import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { dialectOf } from '../db/database.js';
import type { RolloutRow } from './rollout-queries.js';
import { rolloutNotFound } from './rollout-queries.js';

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

/**
 * Reads a rollout on `trx`, its row locked on PostgreSQL: operations of the API and the evaluator's step
 * for one rollout, in any process, take their turns (SQLite has one writer).
 * @throws DomainError entityNotFound
 */
export async function lockRollout(trx: Knex, id: number): Promise<RolloutRow> {
  const query = trx('rollouts').where('id', id);
  if (dialectOf(trx) === 'postgres') query.forUpdate();
  const row = (await query.first()) as RolloutRow | undefined;
  if (!row) throw rolloutNotFound(id);
  return row;
}
