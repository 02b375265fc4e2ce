import type { Knex } from 'knex';
import { compileFiql } from '../query/fiql.js';
import { TARGET_FIQL_FIELDS } from '../targets/target-fiql-fields.js';

/** What picks the targets of one auto-assignment. */
export interface AutoAssignScope {
  /** the filter's FIQL query over the standard target fields */
  readonly query: string;
  readonly distributionSetId: number;
  readonly distributionSetTypeId: number;
}

/**
 * Checks a filter query at write time, by compiling it to SQL without running it: fields whose
 * condition is built lazily (tag) refuse their operators only then.
 * @throws DomainError rsqlParamSyntax, rsqlInvalidField
 */
export function validateTargetQuery(db: Knex, query: string): void {
  db('targets').select('targets.id').where(compileFiql(query, TARGET_FIQL_FIELDS)).toSQL();
}

/**
 * `targets` (unaliased, as `TARGET_FIQL_FIELDS` need) matching the query that can take a set of the
 * scope's type: no target type, or one listing the set's type as compatible. Selects `targets.id`.
 */
export function compatibleMatches(db: Knex, scope: AutoAssignScope): Knex.QueryBuilder {
  return db('targets')
    .select('targets.id')
    .where(compileFiql(scope.query, TARGET_FIQL_FIELDS))
    .where((compatible: Knex.QueryBuilder) => {
      compatible.whereNull('targets.target_type_id').orWhereExists((types: Knex.QueryBuilder) => {
        types
          .select(1)
          .from('target_type_distribution_set_types as compat')
          .whereRaw('?? = ??', ['compat.target_type_id', 'targets.target_type_id'])
          .where('compat.distribution_set_type_id', scope.distributionSetTypeId);
      });
    });
}

/**
 * The targets an auto-assignment gives its set to (README "Target filters and auto-assignment", decision 8):
 * {@link compatibleMatches} without the set assigned already, without any active action, that never had
 * an action for the set (hawkBit's `hasNotDistributionSetInActions`: a failed or cancelled auto-assignment
 * is not offered again at every sweep), and below the `max_actions_per_target` quota (0: no cap), so that
 * a full target is skipped rather than failing the rest.
 */
export function autoAssignCandidates(db: Knex, scope: AutoAssignScope, maxActionsPerTarget: number): Knex.QueryBuilder {
  const builder = compatibleMatches(db, scope)
    .where((other: Knex.QueryBuilder) => {
      other.whereNull('targets.assigned_distribution_set_id').orWhereNot('targets.assigned_distribution_set_id', scope.distributionSetId);
    })
    .whereNotExists((active: Knex.QueryBuilder) => {
      active.select(1).from('actions as busy').whereRaw('?? = ??', ['busy.target_id', 'targets.id']).where('busy.active', true);
    })
    .whereNotExists((history: Knex.QueryBuilder) => {
      history
        .select(1)
        .from('actions as past')
        .whereRaw('?? = ??', ['past.target_id', 'targets.id'])
        .where('past.distribution_set_id', scope.distributionSetId);
    });
  if (maxActionsPerTarget > 0) {
    builder.whereRaw('(select count(*) from actions as counted where counted.target_id = targets.id) < ?', [maxActionsPerTarget]);
  }
  return builder;
}
