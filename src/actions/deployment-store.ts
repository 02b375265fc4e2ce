import type { Knex } from 'knex';
import { compatibleWith } from '../targets/target-store.js';

/** What deciding a manual assignment needs from a target's row. */
export interface AssignableTarget {
  readonly id: number;
  readonly controllerId: string;
  readonly autoConfirmActive: boolean;
  readonly assignedDistributionSetId: number | null;
}

/** The SQL of deciding which targets a deployment (manual or a rollout group's) reaches (docs/CONVENTIONS.md rule 5). */
export const deploymentStore = {
  /** The ids of the targets among `controllerIds` (unknown ones are left out). */
  async targetIds(db: Knex, controllerIds: readonly string[]): Promise<number[]> {
    return ((await db('targets').whereIn('controller_id', controllerIds).pluck('id')) as unknown[]).map(Number);
  },

  /** The targets among `ids`, by id, with what deciding their assignment needs; the caller has locked them. */
  async assignableTargets(db: Knex, ids: readonly number[]): Promise<AssignableTarget[]> {
    const rows = await db('targets')
      .whereIn('id', ids)
      .orderBy('id')
      .select<{ id: number; controller_id: string; auto_confirm_active: boolean | number; assigned_distribution_set_id: number | null }[]>(
        'id',
        'controller_id',
        'auto_confirm_active',
        'assigned_distribution_set_id',
      );
    return rows.map((row) => ({
      id: row.id,
      controllerId: row.controller_id,
      autoConfirmActive: Boolean(row.auto_confirm_active),
      assignedDistributionSetId: row.assigned_distribution_set_id,
    }));
  },

  /** How many of the targets `ids` accept distribution sets of the type (hawkBit's target-type compatibility). */
  async compatibleCount(db: Knex, ids: readonly number[], distributionSetTypeId: number): Promise<number> {
    const counted = await db('targets')
      .whereIn('targets.id', ids)
      .where(compatibleWith(distributionSetTypeId))
      .count({ n: '*' })
      .first<{ n: number | string }>();
    return Number(counted.n);
  },

  /** The targets among `targetIds` that already hold `max` actions (config `max_actions_per_target`; 0: none). */
  async atActionQuota(db: Knex, targetIds: readonly number[], max: number): Promise<Set<number>> {
    if (max === 0 || targetIds.length === 0) return new Set();
    const rows = await db('actions')
      .whereIn('target_id', targetIds)
      .groupBy('target_id')
      .havingRaw('count(*) >= ?', [max])
      .select<{ target_id: number }[]>('target_id');
    return new Set(rows.map((row) => row.target_id));
  },

  /** The set of each active action of the targets `ids`, by target id (at most one active action per target). */
  async activeSets(db: Knex, ids: readonly number[]): Promise<Map<number, number>> {
    const active = await db('actions')
      .whereIn('target_id', ids)
      .where('active', true)
      .select<{ target_id: number; distribution_set_id: number }[]>('target_id', 'distribution_set_id');
    return new Map(active.map((action) => [action.target_id, action.distribution_set_id]));
  },
};
