import { describe, expect, it } from 'vitest';
import { createSetInvalidationService, type RolloutStopper } from '../src/target-filters/set-invalidation-service.js';
import { DATABASE_KINDS } from './support/databases.js';
import { actionOf, assign, assignOk, cancel, createSet, createTarget } from './support/deployment-fixtures.js';
import { AUTH, createTargets, getJson, send, idOf, type Json, type JsonPage } from './support/target-fixtures.js';
import { actionRows, attach, attachOk, createFilter } from './support/target-filter-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

describe.each(DATABASE_KINDS)('distribution-set invalidation on %s', (kind) => {
  const t = useTestApp(kind);

  const invalidate = (setId: number, body?: unknown) => t.request(`/rest/v1/distributionsets/${setId}/invalidate`, send('POST', body));
  /** a target whose device authenticates with its own token, with a running action of `setId` */
  const deployed = async (setId: number) => {
    const token = `token-${Math.random().toString(16).slice(2)}`;
    const cid = await createTarget(t, { securityToken: token });
    const id = await assignOk(t, cid, { id: setId });
    return { cid, id, token };
  };
  const poll = async (cid: string, token: string) => {
    const response = await t.request(`/DEFAULT/controller/v1/${cid}`, { headers: { authorization: `TargetToken ${token}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { _links?: Record<string, { href: string }> })._links ?? {};
  };

  it('soft: the set turns invalid, its filters stop, its devices are asked to cancel, it can no longer be assigned', async () => {
    const set = await createSet(t);
    const untouchedSet = await createSet(t);
    const [first, second] = [await deployed(set), await deployed(set)];
    const other = await deployed(untouchedSet);
    const filterId = idOf(await createFilter(t, 'group==invalidation'));
    await attachOk(t, filterId, { id: set });

    const response = await invalidate(set, { actionCancelationType: 'soft' });
    expect(response.status, await response.clone().text()).toBe(204);

    expect(await getJson(t, `/rest/v1/distributionsets/${set}`)).toMatchObject({ valid: false, lastModifiedBy: 'admin' });
    const invalidOnes = await getJson<JsonPage>(t, '/rest/v1/distributionsets?q=valid==false');
    expect(invalidOnes.content.map((entry) => entry['id'])).toEqual([set]);
    for (const { cid, id, token } of [first, second]) {
      expect(await actionOf(t, cid, id)).toMatchObject({ detailStatus: 'canceling', active: true });
      const links = await poll(cid, token);
      expect(links['cancelAction']?.href).toContain(`/cancelAction/${id}`);
      expect(links).not.toHaveProperty('deploymentBase');
    }
    expect(await actionOf(t, other.cid, other.id)).toMatchObject({ detailStatus: 'running' });

    expect(await getJson(t, `/rest/v1/targetfilters/${filterId}`)).toMatchObject({ autoAssignDistributionSet: null, autoAssignActionType: null });
    expect((await t.request(`/rest/v1/targetfilters/${filterId}/autoAssignDS`, { headers: AUTH })).status).toBe(204);
    const cid = await createTarget(t, { group: 'invalidation' });
    expect(await t.services.autoAssignment.sweep()).toBe(0);
    expect(await actionRows(t, cid)).toEqual([]);

    const assigned = await assign(t, cid, { id: set });
    await expectError(assigned, 400, 'hawkbit.server.error.distributionset.invalid');
    const attached = await attach(t, filterId, { id: set });
    await expectError(attached, 400, 'hawkbit.server.error.distributionset.invalid');
  });

  it('leaves no running action of the set when a sweep races the invalidation', async () => {
    const set = await createSet(t);
    for (let i = 0; i < 20; i++) await createTarget(t, { group: 'race' });
    // attached while it matches nothing, then widened behind the API's back: only the sweep assigns
    await attachOk(t, idOf(await createFilter(t, 'group==race-later')), { id: set });
    for (const table of ['target_filters', 'auto_assignments']) await t.db(table).where('query', 'group==race-later').update({ query: 'group==race' });
    const [invalidated] = await Promise.all([invalidate(set, { actionCancelationType: 'soft' }), t.services.autoAssignment.sweep()]);
    expect(invalidated.status).toBe(204);
    const running = await t.db('actions').where({ distribution_set_id: set, status: 'running' });
    expect(running).toEqual([]);
  });

  it('soft leaves an action already canceling as it is', async () => {
    const set = await createSet(t);
    const { cid, id } = await deployed(set);
    expect((await cancel(t, cid, id)).status).toBe(204);
    expect((await invalidate(set, { actionCancelationType: 'soft' })).status).toBe(204);
    const entries = await getJson<{ content: Json[] }>(t, `/rest/v1/targets/${cid}/actions/${id}/status`);
    expect(entries.content.map((entry) => entry['type'])).toEqual(['running', 'canceling']);
  });

  it('force: the actions are canceled at once, the targets no longer have the set assigned', async () => {
    const set = await createSet(t);
    const { cid, id, token } = await deployed(set);
    expect((await invalidate(set, { actionCancelationType: 'force', cancelRollouts: true })).status).toBe(204);
    expect(await actionOf(t, cid, id)).toMatchObject({ detailStatus: 'canceled', status: 'finished', active: false });
    const target = await getJson(t, `/rest/v1/targets/${cid}`);
    expect(target).not.toHaveProperty('assignedDs');
    expect(Object.keys(await poll(cid, token))).toEqual(['configData']);
  });

  it('assigns, cancels and purges more targets than one round of the writer holds (decision 266)', async () => {
    const set = await createSet(t);
    const cids = Array.from({ length: 450 }, (_, index) => `rounds-${String(index).padStart(3, '0')}`);
    await createTargets(
      t,
      cids.map((controllerId) => ({ controllerId, name: controllerId })),
    );
    const assigned = await t.request(
      `/rest/v1/distributionsets/${set}/assignedTargets`,
      send(
        'POST',
        [...cids].reverse().map((id) => ({ id })),
      ),
    );
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    const result = (await assigned.json()) as { assigned: number; total: number; assignedActions: Json[] };
    expect(result).toMatchObject({ assigned: 450, total: 450 });
    const ids = result.assignedActions.map((action) => idOf(action));
    // in request order: the targets were named last first, and their actions are made in target order
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [cancelFirst] = cids;
    expect((await cancel(t, cancelFirst as string, ids.at(-1) as number)).status).toBe(204);

    expect((await invalidate(set, { actionCancelationType: 'force' })).status).toBe(204);
    const ofSet = (q: string) => getJson<{ total: number }>(t, `/rest/v1/actions?limit=1&q=${encodeURIComponent(`distributionSet.id==${set}${q}`)}`);
    expect((await ofSet(';active==true')).total).toBe(0);
    expect((await ofSet(';detailStatus==canceled')).total).toBe(450);
    expect(await getJson(t, `/rest/v1/targets/${cids[449] as string}`)).not.toHaveProperty('assignedDs');

    expect((await t.request(`/rest/v1/actions?q=${encodeURIComponent(`distributionSet.id==${set}`)}`, send('DELETE'))).status).toBe(204);
    expect((await ofSet('')).total).toBe(0);
  });

  it('none: the actions go on; the set is invalid all the same', async () => {
    const set = await createSet(t);
    const { cid, id } = await deployed(set);
    expect((await invalidate(set, { actionCancelationType: 'none' })).status).toBe(204);
    expect(await actionOf(t, cid, id)).toMatchObject({ detailStatus: 'running' });
    expect((await getJson(t, `/rest/v1/distributionsets/${set}`))['valid']).toBe(false);
  });

  it('cancels softly when the request has no body', async () => {
    const set = await createSet(t);
    const { cid, id } = await deployed(set);
    expect((await t.request(`/rest/v1/distributionsets/${set}/invalidate`, { method: 'POST', headers: AUTH })).status).toBe(204);
    expect((await actionOf(t, cid, id))['detailStatus']).toBe('canceling');
  });

  it('refuses, changing nothing: a set already invalid or incomplete (400), an unknown set (404), a bad body (400)', async () => {
    const set = await createSet(t);
    expect((await invalidate(set, { actionCancelationType: 'none' })).status).toBe(204);
    const again = await invalidate(set, { actionCancelationType: 'none' });
    await expectError(again, 400, 'hawkbit.server.error.distributionset.invalid');

    const incomplete = await createSet(t, { complete: false });
    const refused = await invalidate(incomplete, { actionCancelationType: 'soft' });
    await expectError(refused, 400, 'hawkbit.server.error.distributionset.incomplete');
    expect((await getJson(t, `/rest/v1/distributionsets/${incomplete}`))['valid']).toBe(true);

    expect((await invalidate(99999, { actionCancelationType: 'soft' })).status).toBe(404);
    const valid = await createSet(t);
    const malformed = await invalidate(valid, { actionCancelationType: 'later' });
    await expectError(malformed, 400, 'hawkbit.server.error.rest.body.notReadable');
    expect((await getJson(t, `/rest/v1/distributionsets/${valid}`))['valid']).toBe(true);
    const anonymous = await t.request(`/rest/v1/distributionsets/${valid}/invalidate`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });

  it("stops the set's rollouts unless the actions are left alone and cancelRollouts is not set", async () => {
    const calls: { setId: number; type: string }[] = [];
    const stopper: RolloutStopper = (_trx, setId, { actionCancelationType }) => {
      calls.push({ setId, type: actionCancelationType });
      return Promise.resolve();
    };
    const service = createSetInvalidationService(t.db, t.clock, stopper);
    const [none, noneButRollouts, soft, force] = [await createSet(t), await createSet(t), await createSet(t), await createSet(t)];
    await service.invalidate(none, { actionCancelationType: 'none', cancelRollouts: false }, 'admin');
    await service.invalidate(noneButRollouts, { actionCancelationType: 'none', cancelRollouts: true }, 'admin');
    await service.invalidate(soft, { actionCancelationType: 'soft', cancelRollouts: false }, 'admin');
    await service.invalidate(force, { actionCancelationType: 'force', cancelRollouts: false }, 'admin');
    expect(calls).toEqual([
      { setId: noneButRollouts, type: 'none' },
      { setId: soft, type: 'soft' },
      { setId: force, type: 'force' },
    ]);
  });
});
