import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_STATUSES, type ActionStatus } from '../src/actions/action-lifecycle.js';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { countKeyOf, zeroCounts } from '../src/rollouts/rollout-decisions.js';
import { rolloutGroupStore } from '../src/rollouts/rollout-group-store.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';
import { insertDistributionSet } from './support/target-fixtures.js';

const AUDIT = { created_at: 1, created_by: 'fixture', last_modified_at: 1, last_modified_by: 'fixture' };
let serial = 0;

/** One write of members or actions as any code path may make it: several rows at once, or none. */
type Write =
  | { readonly kind: 'group'; readonly members: number }
  | { readonly kind: 'deploy'; readonly every: number; readonly status: string }
  | { readonly kind: 'move'; readonly every: number; readonly status: string }
  | { readonly kind: 'touch'; readonly every: number }
  | { readonly kind: 'delete-action'; readonly every: number }
  | { readonly kind: 'delete-target'; readonly every: number }
  | { readonly kind: 'delete-rollout'; readonly every: number };

const status = fc.constantFrom(...ACTION_STATUSES);
const every = fc.integer({ min: 1, max: 4 });
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('group' as const), members: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ kind: fc.constant('deploy' as const), every, status }),
  fc.record({ kind: fc.constant('move' as const), every, status }),
  fc.record({ kind: fc.constant('touch' as const), every }),
  fc.record({ kind: fc.constant('delete-action' as const), every }),
  fc.record({ kind: fc.constant('delete-target' as const), every }),
  fc.record({ kind: fc.constant('delete-rollout' as const), every }),
);

/** The ids `insert` returned, as both drivers hand them back. */
const idsOf = (rows: unknown[]) => rows.map((row) => Number(typeof row === 'object' && row !== null ? (row as { id: number }).id : row));

async function apply(db: Knex, setId: number, change: Write): Promise<void> {
  const some = (query: Knex.QueryBuilder, column: string) => query.whereRaw(`${column} % ? = 0`, [change.kind === 'group' ? 1 : change.every]);
  if (change.kind === 'group') {
    // a rollout of one group, over new targets
    const name = `r-${++serial}`;
    const [rolloutId] = idsOf(
      await db('rollouts')
        .insert({
          name,
          distribution_set_id: setId,
          target_filter_query: 'name==*',
          status: 'ready',
          action_type: 'forced',
          success_condition: '100',
          ...AUDIT,
        })
        .returning('id'),
    );
    const [groupId] = idsOf(
      await db('rollout_groups')
        .insert({ rollout_id: rolloutId, position: 1, name: 'group-1', status: 'ready', capacity: change.members, ...AUDIT })
        .returning('id'),
    );
    if (change.members === 0) return;
    const controllerIds = Array.from({ length: change.members }, () => `t-${++serial}`);
    const targetIds = idsOf(
      await db('targets')
        .insert(controllerIds.map((id) => ({ controller_id: id, name: id, security_token: 'x', update_status: 'registered', ...AUDIT })))
        .returning('id'),
    );
    await db('rollout_group_targets').insert(targetIds.map((targetId) => ({ rollout_group_id: groupId, target_id: targetId, rollout_id: rolloutId })));
  } else if (change.kind === 'deploy') {
    // every n-th member without an action of its group gets one: at most one per member, as the rollouts give them
    const members: { rollout_group_id: number; target_id: number; rollout_id: number }[] = await some(
      db('rollout_group_targets as m').whereNotExists((sub: Knex.QueryBuilder) => {
        sub.select(1).from('actions as a').whereRaw('a.rollout_group_id = m.rollout_group_id and a.target_id = m.target_id');
      }),
      'm.target_id',
    ).select('m.rollout_group_id', 'm.target_id', 'm.rollout_id');
    if (members.length === 0) return;
    await db('actions').insert(
      members.map((member) => ({
        target_id: member.target_id,
        distribution_set_id: setId,
        rollout_id: member.rollout_id,
        rollout_group_id: member.rollout_group_id,
        status: change.status,
        // at most one active action per target: these are closed, whatever their status
        active: false,
        action_type: 'forced',
        ...AUDIT,
      })),
    );
  } else if (change.kind === 'move') await some(db('actions'), 'id').update({ status: change.status, active: false });
  else if (change.kind === 'touch')
    await some(db('actions'), 'id').update({ deployment_fetch_count: db.raw('deployment_fetch_count + 1'), last_modified_at: 2 });
  else if (change.kind === 'delete-action') await some(db('actions'), 'id').delete();
  // a target's members and actions go with it, a rollout's groups with it and their members, its actions lose it (ON DELETE)
  else if (change.kind === 'delete-target') await some(db('targets'), 'id').delete();
  else await some(db('rollouts'), 'id').delete();
}

/** The counts the store reads from the triggers' rows, and the same counted from the members and their actions. */
async function readGroupCounts(db: Knex): Promise<{ kept: unknown; counted: unknown }> {
  const groups: { id: number; status: 'ready' }[] = (await db('rollout_groups').select('id')).map((row: { id: number }) => ({
    id: Number(row.id),
    status: 'ready',
  }));
  // a running group, so that every action status counts apart (a ready group has none in the product)
  const running = groups.map((group) => ({ ...group, status: 'running' as const, deploying: false }));
  const kept = Object.fromEntries([...(await rolloutGroupStore.counts(db, running))].map(([id, counts]) => [id, counts]));
  const counted = Object.fromEntries(running.map((group) => [group.id, zeroCounts()]));
  const rows: { groupId: number; status: ActionStatus | null; n: number | string }[] = await db('rollout_group_targets as m')
    .leftJoin('actions as a', (join) => join.on('a.rollout_group_id', 'm.rollout_group_id').andOn('a.target_id', 'm.target_id'))
    .groupBy('m.rollout_group_id', 'a.status')
    .select({ groupId: 'm.rollout_group_id', status: 'a.status' })
    .count({ n: '*' });
  // where the product counts a member of a running group that is no longer deploying (rollout-decisions.ts)
  for (const row of rows) {
    const counts = counted[Number(row.groupId)] as Record<string, number>;
    const at = countKeyOf(row.status, 'running');
    counts[at] = (counts[at] ?? 0) + Number(row.n);
  }
  return { kept, counted };
}

// Decision 265: triggers keep each group's targets and its actions per status, whatever statement writes them.
describe.each(DATABASE_KINDS)('rollout group counts on %s', (kind) => {
  let database: TestDatabase;
  let db: Knex;
  let setId: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database.url);
    await migrate(db);
    setId = await insertDistributionSet(db, 'counted', '1.0');
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it(
    'equal the members and their actions counted after any sequence of writes, in transactions or not, folded or not (property)',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(write, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 12 }), async (writes) => {
          for (const [change, inTransaction, fold] of writes) {
            if (inTransaction) await db.transaction((trx) => apply(trx, setId, change));
            else await apply(db, setId, change);
            if (fold) await rolloutGroupStore.foldCounts(db);
            const counts = await readGroupCounts(db);
            expect(counts.kept).toEqual(counts.counted);
          }
        }),
        { numRuns: 25, seed: 20261129 },
      );
    },
  );

  it('lose a rolled-back write, and leave no row of a deleted group', async () => {
    await apply(db, setId, { kind: 'group', members: 3 });
    const before = await readGroupCounts(db);
    await expect(
      db.transaction(async (trx) => {
        await apply(trx, setId, { kind: 'group', members: 2 });
        await apply(trx, setId, { kind: 'deploy', every: 1, status: 'running' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readGroupCounts(db)).toEqual(before);
    await apply(db, setId, { kind: 'delete-rollout', every: 1 });
    expect(Number(((await db('rollout_group_counts').count({ n: '*' }).first()) as { n: number | string }).n)).toBe(0);
  });
});
