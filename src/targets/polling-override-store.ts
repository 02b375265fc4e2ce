import type { Knex } from 'knex';
import type { PollingOverride } from '../config.js';
import { dialectOf } from '../db/database.js';
import { compileFiql, type FiqlFields } from '../query/fiql.js';

/** The targets an UPDATE of the overrides covers: their ids, a subquery selecting their ids, or (undefined) all. */
export type OverrideScope = readonly number[] | Knex.QueryBuilder | undefined;

/** The SQL of the polling overrides (docs/CONVENTIONS.md rule 5, decision 110). */
export const pollingOverrideStore = {
  /**
   * The UPDATE for a list of overrides, compiled once against `fields`: `polling_override = CASE WHEN id IN
   * (targets of the scope matching query 1) THEN interval 1 WHEN … ELSE NULL END`, one statement per scope.
   */
  assigner(overrides: readonly PollingOverride[], fields: FiqlFields): (trx: Knex, scope: OverrideScope) => Promise<void> {
    const matchers = overrides.map((override) => ({ where: compileFiql(override.query, fields), interval: override.interval }));
    return async (trx, scope) => {
      const within = (builder: Knex.QueryBuilder) => {
        if (Array.isArray(scope)) builder.whereIn('targets.id', scope as readonly number[]);
        else if (scope !== undefined) builder.whereIn('targets.id', scope as Knex.QueryBuilder);
      };
      const bindings = matchers.flatMap(({ where, interval }) => [trx('targets').select('targets.id').where(where).modify(within), interval]);
      const value = trx.raw(`CASE ${matchers.map(() => 'WHEN targets.id IN ? THEN ?').join(' ')} ELSE NULL END`, bindings);
      await trx('targets').update({ polling_override: value }).modify(within);
    };
  },

  /** Clears every target's override. */
  async clear(trx: Knex): Promise<void> {
    await trx('targets').whereNotNull('polling_override').update({ polling_override: null });
  },

  /** The override list the targets were last computed for; its row locked on PostgreSQL. */
  async lockedState(trx: Knex.Transaction): Promise<string | undefined> {
    const state = trx('polling_override_state').where('id', 1);
    if (dialectOf(trx) === 'postgres') state.forUpdate();
    return (await state.first<{ overrides: string } | undefined>('overrides'))?.overrides;
  },

  async saveState(trx: Knex, overrides: string): Promise<void> {
    await trx('polling_override_state').where('id', 1).update({ overrides });
  },
};
