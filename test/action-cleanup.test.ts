import { beforeAll, describe, expect, it } from 'vitest';
import { DELETE_BATCH } from '../src/db/batch-delete.js';
import { scheduledJobs } from '../src/services.js';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, cancel, createSet, createTarget } from './support/deployment-fixtures.js';
import { AUTH, patchTarget, targetIdOf } from './support/target-fixtures.js';
import { testConfig } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

const DAY = 24 * 60 * 60 * 1000;
const EXPIRY_DAYS = 2;

describe.each(DATABASE_KINDS)('action cleanup on %s', (kind) => {
  let set: number;
  let otherSet: number;
  const t = useTestApp(kind, {
    'cleanup.enabled': true,
    'cleanup.expiry_days': EXPIRY_DAYS,
    'cleanup.statuses': ['canceled', 'error', 'finished'],
  });
  beforeAll(async () => {
    [set, otherSet] = [await createSet(t), await createSet(t)];
  });

  const exists = async (id: number) => (await t.db('actions').where('id', id).first('id')) !== undefined;
  const entryCount = async (id: number) => Number((await t.db('action_status').where('action_id', id).count({ n: '*' }))[0]?.['n']);
  /** A closed action written straight into the database, as device feedback would have left it. */
  const closedAction = async (cid: string, status: string, distributionSetId = set) => {
    const now = t.clock();
    const [row] = await t
      .db('actions')
      .insert({
        target_id: await targetIdOf(t.db, cid),
        distribution_set_id: distributionSetId,
        active: false,
        status,
        action_type: 'forced',
        created_at: now,
        created_by: 'test',
        last_modified_at: now,
        last_modified_by: 'test',
      })
      .returning<{ id: number }[]>('id');
    const id = (row as { id: number }).id;
    await t.db('action_status').insert(['running', status].map((type) => ({ action_id: id, status: type, messages: '[]', reported_at: now })));
    return id;
  };

  it('deletes closed actions of the configured statuses once they are older than the expiry, with their entries', async () => {
    const cid = await createTarget(t);
    const canceled = await assignOk(t, cid, { id: set });
    expect((await cancel(t, cid, canceled, true)).status).toBe(204);
    const failed = await closedAction(cid, 'error');
    const downloaded = await closedAction(cid, 'downloaded');
    expect(await entryCount(canceled)).toBeGreaterThan(0);

    t.clock.advance(EXPIRY_DAYS * DAY);
    expect(await t.services.actionCleanup.run()).toBe(0);
    expect(await exists(canceled)).toBe(true);

    t.clock.advance(1);
    expect(await t.services.actionCleanup.run()).toBe(2);
    expect([await exists(canceled), await exists(failed), await exists(downloaded)]).toEqual([false, false, true]);
    expect([await entryCount(canceled), await entryCount(failed)]).toEqual([0, 0]);
    expect((await t.request(`/rest/v1/targets/${cid}/actions/${canceled}`, { headers: AUTH })).status).toBe(404);
  });

  it('never deletes an active action, however old', async () => {
    const cid = await createTarget(t);
    const running = await assignOk(t, cid, { id: set });
    const canceling = await assignOk(t, await createTarget(t), { id: set });
    await t.db('actions').where('id', canceling).update({ status: 'canceling' });
    t.clock.advance(365 * DAY);
    await t.services.actionCleanup.run();
    expect([await exists(running), await exists(canceling)]).toEqual([true, true]);
  });

  it('keeps the finished action behind a target’s installedBase, and deletes older or superseded ones', async () => {
    const cid = await createTarget(t, { securityToken: 'installed-token' });
    const olderInstall = await closedAction(cid, 'finished');
    const formerSet = await closedAction(cid, 'finished', otherSet);
    const installing = await closedAction(cid, 'finished');
    await patchTarget(t.db, cid, { installed_distribution_set_id: set, assigned_distribution_set_id: set });
    t.clock.advance(EXPIRY_DAYS * DAY + 1);

    expect(await t.services.actionCleanup.run()).toBe(2);
    expect([await exists(olderInstall), await exists(formerSet), await exists(installing)]).toEqual([false, false, true]);
    const poll = await t.request(`/DEFAULT/controller/v1/${cid}`, { headers: { authorization: 'TargetToken installed-token' } });
    const links = ((await poll.json()) as { _links: Record<string, { href: string }> })._links;
    expect(links['installedBase']?.href).toMatch(new RegExp(`/installedBase/${installing}$`));
  });

  it(`deletes a backlog in batches of ${DELETE_BATCH} and leaves other actions' entries alone`, async () => {
    const cid = await createTarget(t);
    const targetId = await targetIdOf(t.db, cid);
    const old = t.clock();
    t.clock.advance(EXPIRY_DAYS * DAY + 1);
    const fresh = await closedAction(cid, 'error');
    const audit = { created_at: old, created_by: 'test', last_modified_at: old, last_modified_by: 'test' };
    const rows = Array.from({ length: 2 * DELETE_BATCH + 500 }, () => ({
      target_id: targetId,
      distribution_set_id: set,
      active: false,
      status: 'canceled',
      action_type: 'forced',
      ...audit,
    }));
    await t.db.batchInsert('actions', rows, 500);
    // One batch read per transaction, each deleting what it read (a prepared statement pair, decision 266).
    const batches: string[] = [];
    const onQuery = ({ sql }: { sql: string }) => {
      if (/^select .* from [`"]actions[`"] as [`"]a[`"] .* limit (\?|\$\d+)$/i.test(sql)) batches.push(sql);
    };
    t.db.on('query', onQuery);
    try {
      expect(await t.services.actionCleanup.run()).toBe(2 * DELETE_BATCH + 500);
    } finally {
      t.db.off('query', onQuery);
    }
    expect(batches.length).toBe(3);
    expect(await t.db('actions').where({ target_id: targetId }).pluck('id')).toEqual([fresh]);
    expect(await entryCount(fresh)).toBe(2);
  });

  it('is scheduled only when [cleanup] enabled is set', () => {
    expect(scheduledJobs(t.services, t.config).map((job) => job.name)).toContain('action-cleanup');
    expect(scheduledJobs(t.services, testConfig()).map((job) => job.name)).not.toContain('action-cleanup');
  });
});
