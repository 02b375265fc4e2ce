import { beforeAll, describe, expect, it } from 'vitest';
import type { PlainActionEvent } from '../src/actions/action-lifecycle.js';
import { applyActionEvent, type ActionRef } from '../src/actions/action-store.js';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

// The device feedback endpoints are not built yet; their moves go through the same store, driven directly here.
describe.each(DATABASE_KINDS)('the action store on %s', (kind) => {
  let installed: number;
  let next: number;
  const t = useTestApp(kind);
  beforeAll(async () => {
    installed = await createSet(t);
    next = await createSet(t);
  });

  /** a target with `next` assigned over `installed` (or over nothing), and its running action */
  const deployed = async (withInstalled = true) => {
    const cid = await createTarget(t);
    const targetId = (await t.db('targets').where('controller_id', cid).first<{ id: number }>('id')).id;
    if (withInstalled) await t.db('targets').where('id', targetId).update({ installed_distribution_set_id: installed, update_status: 'in_sync' });
    const id = await assignOk(t, cid, { id: next });
    const ref: ActionRef = { id, targetId, distributionSetId: next, status: 'running' };
    return ref;
  };
  const target = (id: number) =>
    t.db('targets').where('id', id).first<{
      update_status: string;
      assigned_distribution_set_id: number | null;
      installed_distribution_set_id: number | null;
      installed_at: number | string | null;
    }>();
  const apply = (action: ActionRef, event: PlainActionEvent, extra = {}) =>
    t.db.transaction((trx) => applyActionEvent(trx, action, event, { now: t.clock(), actor: 'dev', ...extra }));

  it('installSucceeded: finished, the set installed, the target in_sync', async () => {
    const action = await deployed();
    expect(await apply(action, 'installSucceeded', { messages: ['done'], code: 200 })).toBe('finished');
    expect(await target(action.targetId)).toMatchObject({ update_status: 'in_sync', installed_distribution_set_id: next, assigned_distribution_set_id: next });
    expect(Number((await target(action.targetId))?.installed_at)).toBe(t.clock());
    const row = await t.db('actions').where('id', action.id).first<{ active: unknown; last_status_code: number }>();
    expect(Boolean(row?.active)).toBe(false);
    expect(row?.last_status_code).toBe(200);
    const entry = await t.db('action_status').where('action_id', action.id).orderBy('id', 'desc').first<{ status: string; messages: string; code: number }>();
    expect(entry).toMatchObject({ status: 'finished', code: 200 });
    expect(JSON.parse(entry?.messages ?? '')).toEqual(['done']);
  });

  it('installFailed: error, the assigned set cleared, the target in error', async () => {
    const action = await deployed();
    expect(await apply(action, 'installFailed')).toBe('error');
    expect(await target(action.targetId)).toMatchObject({
      update_status: 'error',
      assigned_distribution_set_id: null,
      installed_distribution_set_id: installed,
    });
  });

  it('downloadCompleted: downloaded, nothing installed', async () => {
    const action = await deployed();
    expect(await apply(action, 'downloadCompleted')).toBe('downloaded');
    expect(await target(action.targetId)).toMatchObject({
      update_status: 'in_sync',
      installed_distribution_set_id: installed,
      assigned_distribution_set_id: next,
    });
  });

  it('cancelAcknowledged: the assigned set goes back to the installed one', async () => {
    const action = await deployed();
    expect(await apply(action, 'cancelRequested')).toBe('canceling');
    expect(await apply({ ...action, status: 'canceling' }, 'cancelAcknowledged')).toBe('canceled');
    expect(await target(action.targetId)).toMatchObject({ update_status: 'in_sync', assigned_distribution_set_id: installed });
  });

  it('refuses a move the table does not allow and writes nothing', async () => {
    const action = await deployed(false);
    expect(await apply(action, 'installSucceeded')).toBe('finished');
    const entries = await t.db('action_status').where('action_id', action.id).count({ n: '*' }).first();
    expect(await apply({ ...action, status: 'finished' }, 'cancelRequested')).toBeUndefined();
    expect(await t.db('action_status').where('action_id', action.id).count({ n: '*' }).first()).toEqual(entries);
    expect((await t.db('actions').where('id', action.id).first<{ status: string }>())?.status).toBe('finished');
  });
});
