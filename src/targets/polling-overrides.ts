/**
 * Per-target polling overrides (decision 110): `[[ddi.polling_overrides]]` maps FIQL queries over targets to
 * polling intervals, the first match winning. Membership is computed when a target's queried fields change
 * and stored in `targets.polling_override` (the matching entry's interval, null for the default), so that a
 * poll reads one column and never evaluates a query.
 */
import type { Knex } from 'knex';
import { ConfigError, type PollingOverride } from '../config.js';
import { chunks } from '../db/chunks.js';
import { inTransaction } from '../db/transaction.js';
import { metadataEntryField } from '../metadata/metadata-fields.js';
import { DomainError } from '../errors.js';
import { compileFiql, type FiqlFields } from '../query/fiql.js';
import { pollingOverrideStore as sql } from './polling-override-store.js';
import { TARGET_FIQL_FIELDS } from './target-fiql-fields.js';

/**
 * The target fields an override query may use: those that change only when an operator or the device edits
 * the target, each edit recomputing the target's override. Fields that change on every deployment or poll
 * (`updatestatus`, `assignedds.*`, `installedds.*`, `lastcontrollerrequestat`, `lastmodified*`, `address`,
 * `autoconfirm`) and `metadata.<key>` are left out; `attribute.<key>`, the attributes the device reports,
 * is hawkBit's `TargetFields.ATTRIBUTE`.
 */
export const POLLING_OVERRIDE_FIELDS: FiqlFields = {
  ...Object.fromEntries(
    [
      'controllerid',
      'id',
      'name',
      'description',
      'group',
      'tag',
      'type',
      'type.id',
      'type.key',
      'type.name',
      'targettype.id',
      'targettype.key',
      'targettype.name',
      'createdat',
      'createdby',
    ].map((name) => [name, TARGET_FIQL_FIELDS[name] as NonNullable<FiqlFields[string]>]),
  ),
  attribute: metadataEntryField('target_attributes', 'target_id', 'targets.id'),
};

/**
 * Compiles every override query against {@link POLLING_OVERRIDE_FIELDS}, before anything is opened.
 * @throws ConfigError naming `ddi.polling_overrides` and every entry with a bad query
 */
export function checkPollingOverrides(overrides: readonly PollingOverride[]): void {
  const problems = overrides.flatMap(({ query }, index) => {
    try {
      compileFiql(query, POLLING_OVERRIDE_FIELDS);
      return [];
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return [`configuration key 'ddi.polling_overrides' entry ${index + 1} has an invalid query ${JSON.stringify(query)}: ${error.message}`];
    }
  });
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
}

/** The targets whose overrides to recompute: their ids, or a subquery selecting their ids. */
export type TargetScope = readonly number[] | Knex.QueryBuilder;

/** Recomputes the overrides of the targets in `scope`, in the caller's transaction. */
export type RefreshPollingOverrides = (trx: Knex, scope: TargetScope) => Promise<void>;

/** The refresh for a list of overrides (validated by the configuration); without overrides it does nothing. */
export function pollingOverrideRefresher(overrides: readonly PollingOverride[]): RefreshPollingOverrides {
  if (overrides.length === 0) return () => Promise.resolve();
  const assign = sql.assigner(overrides, POLLING_OVERRIDE_FIELDS);
  return async (trx, scope) => {
    if (!Array.isArray(scope)) return assign(trx, scope as Knex.QueryBuilder);
    for (const chunk of chunks(scope as readonly number[])) await assign(trx, chunk);
  };
}

/**
 * At startup: recomputes every target's override unless the stored list is the configured one. The list is
 * compared and stored under a row lock, so processes starting together on one PostgreSQL with the same
 * configuration recompute once. Returns whether it recomputed.
 */
export async function applyPollingOverrides(db: Knex, overrides: readonly PollingOverride[]): Promise<boolean> {
  const wanted = JSON.stringify(overrides.map(({ query, interval }) => ({ query, interval })));
  return inTransaction(db, async (trx) => {
    if ((await sql.lockedState(trx)) === wanted) return false;
    if (overrides.length === 0) await sql.clear(trx);
    else await sql.assigner(overrides, POLLING_OVERRIDE_FIELDS)(trx, undefined);
    await sql.saveState(trx, wanted);
    return true;
  });
}
