import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';
import { insertDistributionSet } from './support/target-fixtures.js';

const AUDIT = { created_at: 1, created_by: 'fixture', last_modified_at: 1, last_modified_by: 'fixture' };
let serial = 0;

/** The ids `insert` returned, as both drivers hand them back. */
const idsOf = (rows: unknown[]) => rows.map((row) => Number(typeof row === 'object' && row !== null ? (row as { id: number }).id : row));

/** A rollout of `groups` groups, each with `perGroup` new targets as its members. */
async function rolloutOf(db: Knex, setId: number, groups: number, perGroup: number): Promise<{ rolloutId: number; groupIds: number[]; targetIds: number[][] }> {
  const name = `r-${++serial}`;
  const [rolloutId] = idsOf(
    await db('rollouts')
      .insert({ name, distribution_set_id: setId, target_filter_query: 'name==*', status: 'ready', action_type: 'forced', success_condition: '100', ...AUDIT })
      .returning('id'),
  ) as [number];
  const groupIds = idsOf(
    await db('rollout_groups')
      .insert(
        Array.from({ length: groups }, (_, index) => ({
          rollout_id: rolloutId,
          position: index + 1,
          name: `g-${index}`,
          status: 'ready',
          capacity: perGroup,
          ...AUDIT,
        })),
      )
      .returning('id'),
  );
  const targetIds: number[][] = [];
  for (const groupId of groupIds) {
    const controllerIds = Array.from({ length: perGroup }, () => `t-${++serial}`);
    const ids = idsOf(
      await db('targets')
        .insert(controllerIds.map((id) => ({ controller_id: id, name: id, security_token: 'x', update_status: 'registered', ...AUDIT })))
        .returning('id'),
    );
    await db('rollout_group_targets').insert(ids.map((targetId) => ({ rollout_group_id: groupId, target_id: targetId, rollout_id: rolloutId })));
    targetIds.push(ids);
  }
  return { rolloutId, groupIds, targetIds };
}

/** Members whose target or group is gone. */
async function dangling(db: Knex): Promise<number> {
  const row = (await db('rollout_group_targets as m')
    .leftJoin('targets as t', 't.id', 'm.target_id')
    .leftJoin('rollout_groups as g', 'g.id', 'm.rollout_group_id')
    .where((where) => void where.whereNull('t.id').orWhereNull('g.id'))
    .count({ n: '*' })
    .first()) as { n: number | string };
  return Number(row.n);
}

/** Each group's members as `rollout_group_counts` keeps them (decision 265), and as counted. */
async function memberCounts(db: Knex, groupIds: readonly number[]): Promise<{ kept: number[]; counted: number[] }> {
  const kept: number[] = [];
  const counted: number[] = [];
  for (const groupId of groupIds) {
    const sum = (await db('rollout_group_counts').where({ rollout_group_id: groupId, status: 'targets' }).sum({ n: 'n' }).first()) as { n: unknown };
    kept.push(Number(sum.n ?? 0));
    counted.push(Number(((await db('rollout_group_targets').where('rollout_group_id', groupId).count({ n: '*' }).first()) as { n: number | string }).n));
  }
  return { kept, counted };
}

// Decision 276: on PostgreSQL a statement trigger checks a member's group and target and deletes the members
// of deleted ones, instead of the two foreign keys; SQLite keeps its keys. Both refuse and cascade alike.
describe.each(DATABASE_KINDS)("rollout group members' keys on %s", (kind) => {
  let database: TestDatabase;
  let db: Knex;
  let setId: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database.url);
    await migrate(db);
    setId = await insertDistributionSet(db, 'keyed', '1.0');
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('refuse a member of a target or a group that does not exist, the whole statement', async () => {
    const { rolloutId, groupIds, targetIds } = await rolloutOf(db, setId, 1, 2);
    const [groupId] = groupIds as [number];
    const [extra] = idsOf(
      await db('targets')
        .insert({ controller_id: `t-${++serial}`, name: 'extra', security_token: 'x', update_status: 'registered', ...AUDIT })
        .returning('id'),
    ) as [number];
    const missingTarget = extra + 1000;
    await expect(
      db('rollout_group_targets').insert([
        { rollout_group_id: groupId, target_id: extra, rollout_id: rolloutId },
        { rollout_group_id: groupId, target_id: missingTarget, rollout_id: rolloutId },
      ]),
    ).rejects.toThrow();
    const missingGroup = Math.max(...groupIds) + 1000;
    await expect(db('rollout_group_targets').insert({ rollout_group_id: missingGroup, target_id: extra, rollout_id: rolloutId })).rejects.toThrow();
    expect(await db('rollout_group_targets').where('rollout_group_id', groupId).orderBy('target_id').pluck('target_id')).toEqual(targetIds[0]);
    expect(await memberCounts(db, [groupId])).toEqual({ kept: [2], counted: [2] });
  });

  it('go with a deleted target, group or rollout, leaving no member dangling and the counts exact', async () => {
    const { rolloutId, groupIds, targetIds } = await rolloutOf(db, setId, 3, 3);
    const [first, second] = targetIds as [number[], number[]];
    await db('targets')
      .whereIn('id', [first[0] as number, second[1] as number])
      .delete();
    expect(await memberCounts(db, groupIds)).toEqual({ kept: [2, 2, 3], counted: [2, 2, 3] });
    await db('rollout_groups')
      .where('id', groupIds[2] as number)
      .delete();
    expect(
      await db('rollout_group_targets')
        .where('rollout_group_id', groupIds[2] as number)
        .pluck('target_id'),
    ).toEqual([]);
    expect(await dangling(db)).toBe(0);
    await db('rollouts').where('id', rolloutId).delete();
    expect(await db('rollout_group_targets').where('rollout_id', rolloutId).pluck('target_id')).toEqual([]);
    expect(await dangling(db)).toBe(0);
  });

  // as a foreign key locks: whichever of a member's insert and its target's deletion comes first, the other waits for its commit
  describe.runIf(kind === 'postgres')('in concurrent transactions', () => {
    const pidOf = async (trx: Knex) => (await trx.raw<{ rows: { pid: number }[] }>('select pg_backend_pid() as pid')).rows[0]?.pid as number;
    const waitingForLock = async (pid: number) =>
      (await db.raw<{ rows: { waiting: boolean }[] }>("select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ?", [pid])).rows[0]
        ?.waiting === true;
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };

    it('refuse a member of a target whose deletion commits while the insert waits', async () => {
      const { rolloutId, groupIds } = await rolloutOf(db, setId, 1, 1);
      const [target] = idsOf(
        await db('targets')
          .insert({ controller_id: `t-${++serial}`, name: 'doomed', security_token: 'x', update_status: 'registered', ...AUDIT })
          .returning('id'),
      ) as [number];
      const deleted = gate();
      const commit = gate();
      const deletion = db.transaction(async (trx) => {
        await trx('targets').where('id', target).delete();
        deleted.open();
        await commit.opened;
      });
      await deleted.opened;
      let inserter = 0;
      const insert = db.transaction(async (trx) => {
        inserter = await pidOf(trx);
        await trx('rollout_group_targets').insert({ rollout_group_id: groupIds[0] as number, target_id: target, rollout_id: rolloutId });
      });
      const refused = expect(insert).rejects.toThrow(/a member names a missing targets row/);
      try {
        await vi.waitFor(async () => expect(inserter > 0 && (await waitingForLock(inserter))).toBe(true), { timeout: 10_000, interval: 10 });
      } finally {
        commit.open();
      }
      await deletion;
      await refused;
      expect(await dangling(db)).toBe(0);
      expect(await memberCounts(db, groupIds)).toEqual({ kept: [1], counted: [1] });
    });

    it("delete a member committed while the target's deletion waits", async () => {
      const { rolloutId, groupIds } = await rolloutOf(db, setId, 1, 1);
      const [target] = idsOf(
        await db('targets')
          .insert({ controller_id: `t-${++serial}`, name: 'doomed', security_token: 'x', update_status: 'registered', ...AUDIT })
          .returning('id'),
      ) as [number];
      const inserted = gate();
      const commit = gate();
      const insert = db.transaction(async (trx) => {
        await trx('rollout_group_targets').insert({ rollout_group_id: groupIds[0] as number, target_id: target, rollout_id: rolloutId });
        inserted.open();
        await commit.opened;
      });
      await inserted.opened;
      let deleter = 0;
      const deletion = db.transaction(async (trx) => {
        deleter = await pidOf(trx);
        await trx('targets').where('id', target).delete();
      });
      try {
        await vi.waitFor(async () => expect(deleter > 0 && (await waitingForLock(deleter))).toBe(true), { timeout: 10_000, interval: 10 });
      } finally {
        commit.open();
      }
      await insert;
      await deletion;
      expect(await db('rollout_group_targets').where('target_id', target).pluck('target_id')).toEqual([]);
      expect(await dangling(db)).toBe(0);
      expect(await memberCounts(db, groupIds)).toEqual({ kept: [1], counted: [1] });
    });
  });
});
