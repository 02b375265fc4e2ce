import type { Knex } from 'knex';
import type { DistributionSetSummary, TagSummary, TargetModel } from './target-model.js';

/**
 * `targets` with its type's name, selecting what {@link TargetModel.fromDatabaseJson} reads. The table keeps
 * its own name (no alias) so that the columns of `TARGET_FIQL_FIELDS` apply.
 */
export function targetQuery(db: Knex): Knex.QueryBuilder {
  return db('targets').leftJoin('target_types', 'target_types.id', 'targets.target_type_id').select('targets.*', { target_type_name: 'target_types.name' });
}

/** What target reads embed, for a page of targets at once: two queries, whatever the page size. */
export interface Embeddings {
  readonly sets: ReadonlyMap<number, DistributionSetSummary>;
  readonly tags: ReadonlyMap<number, readonly TagSummary[]>;
}

export async function embeddingsOf(db: Knex, targets: readonly TargetModel[]): Promise<Embeddings> {
  const setIds = [...new Set(targets.flatMap((target) => [target.assignedDistributionSetId, target.installedDistributionSetId]))].filter(
    (id): id is number => id !== null,
  );
  const targetIds = targets.map((target) => target.id);
  const [sets, tagRows] = await Promise.all([
    setIds.length === 0
      ? []
      : (db('distribution_sets')
          .join('distribution_set_types', 'distribution_set_types.id', 'distribution_sets.type_id')
          .whereIn('distribution_sets.id', setIds)
          .select({
            id: 'distribution_sets.id',
            name: 'distribution_sets.name',
            version: 'distribution_sets.version',
            type: 'distribution_set_types.key',
          }) as Promise<DistributionSetSummary[]>),
    targetIds.length === 0
      ? []
      : (db('target_tag_assignments')
          .join('target_tags', 'target_tags.id', 'target_tag_assignments.tag_id')
          .whereIn('target_tag_assignments.target_id', targetIds)
          .orderBy(['target_tags.name', 'target_tags.id'])
          .select({
            targetId: 'target_tag_assignments.target_id',
            id: 'target_tags.id',
            name: 'target_tags.name',
            colour: 'target_tags.colour',
          }) as Promise<(TagSummary & { targetId: number })[]>),
  ]);
  const tags = new Map<number, TagSummary[]>();
  for (const { targetId, ...tag } of tagRows) tags.set(targetId, [...(tags.get(targetId) ?? []), tag]);
  return { sets: new Map(sets.map((set) => [set.id, set])), tags };
}
