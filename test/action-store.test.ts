import { beforeAll, describe, expect, it } from 'vitest';
import { ACTION_EVENTS, ACTION_STATUSES, isActive, nextActionStatus, type ActionStatus, type PlainActionEvent } from '../src/actions/action-lifecycle.js';
import { actionStore, type ActionRef } from '../src/actions/action-store.js';
import { EVENT_TYPES } from '../src/events/outbox.js';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { createWebhook } from './support/webhook-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

// The device feedback endpoints are not built yet; their moves go through the same store, driven directly here.
describe.each(DATABASE_KINDS)('the action store on %s', (kind) => {
  let installed: number;
  let next: number;
  // its webhooks point at a closed port of this machine
  const t = useTestApp(kind, { 'webhooks.allow_private_destinations': true });
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
    t.db.transaction(async (trx) => (await actionStore.moveActions(trx, [{ action, event }], { now: t.clock(), actor: 'dev', ...extra }))[0]?.to);

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

  it('moving many actions at once writes what moving each alone writes, for every move of the table', async () => {
    await createWebhook(t, { name: 'store', url: 'http://127.0.0.1:9/', eventTypes: [...EVENT_TYPES] });
    const moves: { from: ActionStatus; event: PlainActionEvent; withInstalled: boolean }[] = [];
    for (const event of ACTION_EVENTS) {
      if (event === 'assigned' || event === 'assignedOffline') continue;
      for (const from of ACTION_STATUSES.filter(isActive)) {
        if (nextActionStatus(from, event) === undefined) continue;
        for (const withInstalled of [true, false]) moves.push({ from, event, withInstalled });
      }
    }
    /** a deployed target whose action is in `from` */
    const prepared = async ({ from, withInstalled }: (typeof moves)[number]) => {
      const action = await deployed(withInstalled);
      await t.db('actions').where('id', action.id).update({ status: from });
      return { ...action, status: from };
    };
    const singles: ActionRef[] = [];
    for (const move of moves) singles.push(await prepared(move));
    const bulk: ActionRef[] = [];
    for (const move of moves) bulk.push(await prepared(move));
    const options = { now: t.clock(), actor: 'dev', messages: ['why'], code: 7 };
    for (const [index, move] of moves.entries()) {
      await t.db.transaction((trx) => actionStore.moveActions(trx, [{ action: singles[index] as ActionRef, event: move.event }], options));
    }
    const made = await t.db.transaction((trx) =>
      actionStore.moveActions(
        trx,
        moves.map((move, index) => ({ action: bulk[index] as ActionRef, event: move.event })),
        options,
      ),
    );
    expect(made).toHaveLength(moves.length);

    /** what a move wrote, without the ids that differ between the two copies */
    const written = async (action: ActionRef) => {
      const row = await t
        .db('actions')
        .where('id', action.id)
        .first<Record<string, unknown>>('status', 'active', 'last_status_code', 'last_modified_by', 'last_modified_at');
      const entries = await t.db('action_status').where('action_id', action.id).orderBy('id').select<unknown[]>('status', 'messages', 'code', 'reported_at');
      const { controller_id: controllerId, ...target } = await t
        .db('targets')
        .where('id', action.targetId)
        .first<Record<string, unknown>>(
          'controller_id',
          'update_status',
          'assigned_distribution_set_id',
          'installed_distribution_set_id',
          'installed_at',
          'request_attributes',
        );
      const events = (await t.db('webhook_deliveries').orderBy('id').pluck('payload'))
        .map((payload: string) => JSON.parse(payload) as { type: string; data: Record<string, unknown> })
        .filter(({ data }) => data['controllerId'] === controllerId)
        .map(({ type, data }) => ({ type, data: { ...data, actionId: undefined, controllerId: undefined } }));
      return {
        row: { ...row, active: Boolean(row['active']) },
        entries,
        target: { ...target, request_attributes: Boolean(target['request_attributes']) },
        events,
      };
    };
    for (const [index, move] of moves.entries()) {
      expect(await written(bulk[index] as ActionRef), JSON.stringify(move)).toEqual(await written(singles[index] as ActionRef));
    }
    // about 120 targets deployed through the API and compared row by row: seconds of work, more on a busy machine
  }, 90_000);

  it('refuses a move the table does not allow and writes nothing', async () => {
    const action = await deployed(false);
    expect(await apply(action, 'installSucceeded')).toBe('finished');
    const entries = await t.db('action_status').where('action_id', action.id).count({ n: '*' }).first();
    expect(await apply({ ...action, status: 'finished' }, 'cancelRequested')).toBeUndefined();
    expect(await t.db('action_status').where('action_id', action.id).count({ n: '*' }).first()).toEqual(entries);
    expect((await t.db('actions').where('id', action.id).first<{ status: string }>())?.status).toBe('finished');
  });
});
