import { beforeAll, describe, expect, it } from 'vitest';
import { createDevice } from './support/ddi-client.js';
import { actionOf, assign, assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { createTargets, getJson, send, idOf, type Json } from './support/target-fixtures.js';
import { DATABASE_KINDS } from './support/databases.js';
import { type TestApp } from './support/test-app.js';
import { appOnlyTargetType } from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

interface Result {
  assigned: number;
  alreadyAssigned: number;
  total: number;
  assignedActions: Json[];
}

const assignTargets = (t: TestApp, set: number, body: unknown, query = '') =>
  t.request(`/rest/v1/distributionsets/${set}/assignedTargets${query}`, send('POST', body));

async function assignTargetsOk(t: TestApp, set: number, body: unknown, query = ''): Promise<Result> {
  const response = await assignTargets(t, set, body, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Result;
}

const target = (t: TestApp, cid: string) => getJson(t, `/rest/v1/targets/${cid}`);
const entriesOf = async (t: TestApp, cid: string, id: number) =>
  (await getJson<{ content: Json[] }>(t, `/rest/v1/targets/${cid}/actions/${id}/status`)).content;
const idsOf = (result: Result) => result.assignedActions.map((action) => idOf(action));

describe.each(DATABASE_KINDS)('assigning a set to many targets on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, {
    'quota.max_actions_per_target': 3,
    'quota.max_target_distribution_set_assignments_per_manual_assignment': 4,
  });
  beforeAll(async () => {
    set = await createSet(t);
  });

  const countActions = async () => Number(((await t.db('actions').count({ n: '*' }).first()) as { n: number | string }).n);

  it('gives every target its own action with its own options, in request order', async () => {
    const [a, b, c] = [await createTarget(t), await createTarget(t), await createTarget(t)];
    const window = { schedule: '0 0 3 ? * *', duration: '00:30:00', timezone: '+01:00' };
    const result = await assignTargetsOk(t, set, [
      { id: c, type: 'soft', weight: 400 },
      { id: a, type: 'timeforced', forcetime: 1_900_000_000_000, maintenanceWindow: window },
      { id: b },
    ]);
    expect(result).toMatchObject({ assigned: 3, alreadyAssigned: 0, total: 3 });
    const [forC, forA, forB] = idsOf(result);
    expect(result.assignedActions[0]?._links['self']?.href).toBe(`http://localhost/rest/v1/targets/${c}/actions/${forC}`);
    expect(await actionOf(t, c, forC as number)).toMatchObject({ type: 'soft', detailStatus: 'running', distributionSetId: set, createdBy: 'admin' });
    expect(await actionOf(t, a, forA as number)).toMatchObject({ type: 'timeforced', forceTime: 1_900_000_000_000, maintenanceWindow: window });
    expect(await actionOf(t, b, forB as number)).toMatchObject({ type: 'forced', detailStatus: 'running' });
    for (const cid of [a, b, c]) {
      expect(await target(t, cid)).toMatchObject({ updateStatus: 'pending' });
      expect((await getJson(t, `/rest/v1/targets/${cid}/assignedDS`))['id']).toBe(set);
    }
    expect((await entriesOf(t, b, forB as number)).map((entry) => entry['messages'])).toEqual([["Assignment initiated by user 'admin'"]]);
  });

  it('skips an unknown controllerId without counting it', async () => {
    const cid = await createTarget(t);
    const result = await assignTargetsOk(t, set, [{ id: 'nobody-here' }, { id: cid }]);
    expect(result).toMatchObject({ assigned: 1, alreadyAssigned: 0, total: 1 });
    expect(await assignTargetsOk(t, set, [{ id: 'nobody-here' }])).toEqual({ assigned: 0, alreadyAssigned: 0, total: 0, assignedActions: [] });
  });

  it('leaves a target that has the set active, and supersedes the other set of another', async () => {
    const [same, other] = [await createTarget(t), await createTarget(t)];
    const kept = await assignOk(t, same, { id: set });
    const replaced = await assignOk(t, other, { id: await createSet(t) });
    const result = await assignTargetsOk(t, set, [{ id: same }, { id: other }]);
    expect(result).toMatchObject({ assigned: 1, alreadyAssigned: 1, total: 2 });
    expect(await actionOf(t, same, kept)).toMatchObject({ detailStatus: 'running' });
    expect(await actionOf(t, other, replaced)).toMatchObject({ detailStatus: 'canceled' });
    expect(await actionOf(t, other, idsOf(result)[0] as number)).toMatchObject({ detailStatus: 'running', distributionSetId: set });
  });

  it('counts a target named twice with the same options once', async () => {
    const cid = await createTarget(t);
    const result = await assignTargetsOk(t, set, [
      { id: cid, type: 'soft' },
      { id: cid, type: 'soft', weight: 1 },
    ]);
    expect(result).toMatchObject({ assigned: 1, alreadyAssigned: 0, total: 1 });
  });

  it('keeps one active action per target when assignments of overlapping targets race', async () => {
    const cids = [await createTarget(t), await createTarget(t), await createTarget(t)];
    const sets = [await createSet(t), await createSet(t)];
    const responses = await Promise.all([
      assignTargets(
        t,
        sets[0] as number,
        cids.map((id) => ({ id })),
      ),
      assignTargets(
        t,
        sets[1] as number,
        [...cids].reverse().map((id) => ({ id })),
      ),
      assign(t, cids[1] as string, { id: set }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const active = await t
      .db('actions')
      .join('targets', 'targets.id', 'actions.target_id')
      .whereIn('controller_id', cids)
      .where('active', true)
      .select('controller_id');
    expect(active.map((row: { controller_id: string }) => row.controller_id).sort()).toEqual([...cids].sort());
  });

  it('answers an empty list with nothing assigned', async () => {
    expect(await assignTargetsOk(t, set, [])).toEqual({ assigned: 0, alreadyAssigned: 0, total: 0, assignedActions: [] });
  });

  describe('refuses, assigning nothing', () => {
    const refused = async (setId: number, body: unknown, status: number, errorCode?: string) => {
      const before = await countActions();
      const response = await assignTargets(t, setId, body);
      if (errorCode === undefined) expect(response.status, await response.clone().text()).toBe(status);
      else await expectError(response, status, errorCode);
      expect(await countActions()).toBe(before);
    };

    it('an unknown set: 404', async () => {
      await refused(99999, [{ id: await createTarget(t) }], 404, 'hawkbit.server.error.repo.entityNotFound');
    });

    it('an incomplete or an invalidated set: 400', async () => {
      await refused(await createSet(t, { complete: false }), [{ id: await createTarget(t) }], 400, 'hawkbit.server.error.distributionset.incomplete');
      const invalid = await createSet(t);
      await t.db('distribution_sets').where('id', invalid).update({ valid: false });
      await refused(invalid, [{ id: await createTarget(t) }], 400, 'hawkbit.server.error.distributionset.invalid');
    });

    it('a target whose type does not accept the set, among others: 400', async () => {
      const typeId = await appOnlyTargetType(t, 'app-only');
      const fine = await createTarget(t);
      await refused(set, [{ id: fine }, { id: await createTarget(t, { targetType: typeId }) }], 400, 'hawkbit.server.error.target.type.incompatible');
      expect(await target(t, fine)).toMatchObject({ updateStatus: 'unknown' });
    });

    it('a bad maintenance window: 400', async () => {
      const maintenanceWindow = { schedule: '0 3 * * *', duration: '00:30:00', timezone: '+01:00' };
      await refused(
        set,
        [{ id: await createTarget(t) }, { id: await createTarget(t), maintenanceWindow }],
        400,
        'hawkbit.server.error.maintenanceScheduleInvalid',
      );
    });

    it('one target twice with other options: 400', async () => {
      const cid = await createTarget(t);
      await refused(
        set,
        [
          { id: cid, type: 'soft' },
          { id: cid, type: 'forced' },
        ],
        400,
        'hawkbit.server.error.multiAssignmentNotEnabled',
      );
    });

    it('a malformed body: 400', async () => {
      const cid = await createTarget(t);
      await refused(set, { id: cid }, 400, 'hawkbit.server.error.rest.body.notReadable');
      await refused(set, [{ type: 'soft' }], 400, 'hawkbit.server.error.rest.body.notReadable');
      await refused(set, [{ id: cid, type: 'sometimes' }], 400, 'hawkbit.server.error.rest.body.notReadable');
      await refused(set, [{ id: '' }], 400, 'hawkbit.server.error.rest.body.notReadable');
    });

    it('more targets than max_target_distribution_set_assignments_per_manual_assignment: 429', async () => {
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push({ id: await createTarget(t) });
      await refused(set, ids, 429, 'hawkbit.server.error.quota.tooManyEntries');
    });

    it('a target that would hold more than max_actions_per_target actions: 429', async () => {
      const full = await createTarget(t);
      for (let i = 0; i < 3; i++) await assignOk(t, full, { id: await createSet(t) });
      const fine = await createTarget(t);
      await refused(set, [{ id: fine }, { id: full }], 429, 'hawkbit.server.error.quota.tooManyEntries');
      expect(await target(t, fine)).toMatchObject({ updateStatus: 'unknown' });
    });

    it('without credentials: 401', async () => {
      const response = await t.request(`/rest/v1/distributionsets/${set}/assignedTargets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[]',
      });
      expect(response.status).toBe(401);
    });
  });
});

describe.each(DATABASE_KINDS)('offline assignments on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind);
  beforeAll(async () => {
    set = await createSet(t);
  });

  /** Asserts the offline record: one finished action, the set assigned and installed, the target in_sync. */
  async function expectInstalledOffline(cid: string, actionId: number, setId = set) {
    expect(await actionOf(t, cid, actionId)).toMatchObject({
      type: 'forced',
      status: 'finished',
      detailStatus: 'finished',
      active: false,
      distributionSetId: setId,
    });
    expect(await entriesOf(t, cid, actionId)).toEqual([
      expect.objectContaining({ type: 'finished', messages: ['Update Server: Action reported as offline deployment', "Assignment initiated by user 'admin'"] }),
    ]);
    expect(await target(t, cid)).toMatchObject({ updateStatus: 'in_sync', installedAt: t.clock() });
    expect((await getJson(t, `/rest/v1/targets/${cid}/assignedDS`))['id']).toBe(setId);
    expect((await getJson(t, `/rest/v1/targets/${cid}/installedDS`))['id']).toBe(setId);
  }

  it('assignedTargets?offline=true records the set as installed on each target, ignoring the options', async () => {
    const [a, b] = [await createTarget(t), await createTarget(t)];
    const result = await assignTargetsOk(t, set, [{ id: a, type: 'soft', maintenanceWindow: { schedule: 'nonsense' } }, { id: b }], '?offline=true');
    expect(result).toMatchObject({ assigned: 2, alreadyAssigned: 0, total: 2 });
    const [forA, forB] = idsOf(result);
    await expectInstalledOffline(a, forA as number);
    await expectInstalledOffline(b, forB as number);
  });

  it('assignedDS?offline=true does the same for one target, replacing what was installed', async () => {
    const cid = await createTarget(t);
    const offline = (body: unknown) => t.request(`/rest/v1/targets/${cid}/assignedDS?offline=true`, send('POST', body));
    expect((await offline({ id: await createSet(t) })).status).toBe(200);
    const response = await offline([{ id: set }]);
    expect(response.status).toBe(200);
    const result = (await response.json()) as Result;
    expect(result).toMatchObject({ assigned: 1, alreadyAssigned: 0, total: 1 });
    await expectInstalledOffline(cid, idsOf(result)[0] as number);
  });

  it('skips a target with a deployment in progress and one with the set already, counting them as alreadyAssigned', async () => {
    const [busy, done, fresh] = [await createTarget(t), await createTarget(t), await createTarget(t)];
    const running = await assignOk(t, busy, { id: await createSet(t) });
    await assignTargetsOk(t, set, [{ id: done }], '?offline=true');
    const actionsBefore = await t.db('actions').count({ n: '*' }).first<{ n: number | string }>();
    const result = await assignTargetsOk(t, set, [{ id: busy }, { id: done }, { id: fresh }], '?offline=true');
    expect(result).toMatchObject({ assigned: 1, alreadyAssigned: 2, total: 3 });
    expect(Number((await t.db('actions').count({ n: '*' }).first<{ n: number | string }>()).n)).toBe(Number(actionsBefore.n) + 1);
    expect(await actionOf(t, busy, running)).toMatchObject({ detailStatus: 'running' });
    expect(await target(t, busy)).toMatchObject({ updateStatus: 'pending' });
    await expectInstalledOffline(fresh, idsOf(result)[0] as number);
  });

  it('assigns more targets than one round of locks holds, in request order', async () => {
    const ids = Array.from({ length: 620 }, (_, index) => `bulk-${String(619 - index).padStart(3, '0')}`);
    await createTargets(
      t,
      ids.map((controllerId) => ({ controllerId })),
    );
    const result = await assignTargetsOk(
      t,
      set,
      ids.map((id) => ({ id })),
    );
    expect(result).toMatchObject({ assigned: 620, alreadyAssigned: 0, total: 620 });
    const hrefs = result.assignedActions.map((action) => action._links['self']?.href ?? '');
    expect(hrefs.map((href) => /targets\/([^/]+)\/actions/.exec(href)?.[1])).toEqual(ids);
    const pending = await getJson<{ total: number }>(t, `/rest/v1/targets?q=controllerId==bulk-*;updateStatus==pending&limit=1`);
    expect(pending.total).toBe(620);
  });

  it('gives the device nothing to do: no deployment, the installed base', async () => {
    const device = await createDevice(t);
    const result = await assignTargetsOk(t, set, [{ id: device.controllerId }], '?offline=true');
    const links = (await device.poll())._links ?? {};
    expect(links).not.toHaveProperty('deploymentBase');
    expect(links['installedBase']?.href).toContain(`/installedBase/${idsOf(result)[0] as number}`);
  });

  it('still refuses an incomplete set and an unknown target of assignedDS', async () => {
    const incomplete = await assignTargets(t, await createSet(t, { complete: false }), [{ id: await createTarget(t) }], '?offline=true');
    await expectError(incomplete, 400, 'hawkbit.server.error.distributionset.incomplete');
    const unknown = await t.request('/rest/v1/targets/nobody/assignedDS?offline=true', send('POST', { id: set }));
    expect(unknown.status).toBe(404);
  });
});

describe.each(DATABASE_KINDS)('assigning many targets with the confirmation flow on %s', (kind) => {
  const t = useTestApp(kind, { 'ddi.confirmation_flow': true });

  it('waits for confirmation unless the assignment waives it', async () => {
    const set = await createSet(t);
    const [waiting, waived] = [await createTarget(t), await createTarget(t)];
    const [forWaiting, forWaived] = idsOf(await assignTargetsOk(t, set, [{ id: waiting }, { id: waived, confirmationRequired: false }]));
    expect(await actionOf(t, waiting, forWaiting as number)).toMatchObject({ detailStatus: 'wait_for_confirmation' });
    expect(await actionOf(t, waived, forWaived as number)).toMatchObject({ detailStatus: 'running' });
    const single = await createTarget(t);
    expect(await actionOf(t, single, await assignOk(t, single, { id: set, confirmationRequired: false }))).toMatchObject({ detailStatus: 'running' });
  });
});
