import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk } from './support/deployment-fixtures.js';
import { createRollout, operateOk, postRollout } from './support/rollout-fixtures.js';
import { createModule } from './support/software-module-api.js';
import { createTargets, getJson, patchTarget, send, idOf, type Json, type JsonPage } from './support/target-fixtures.js';
import { createFilter, postFilter } from './support/target-filter-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

const INVALID_FIELD = 'hawkbit.server.error.rest.param.rsqlInvalidField';
const SYNTAX = 'hawkbit.server.error.rest.param.rsqlParamSyntax';

/**
 * The fields of hawkBit 0.9 and 1.x that reach other rows (sets, types, tags, metadata, targets, rollouts),
 * over HTTP: each list with a world where every field tells its entities apart.
 */
describe.each(DATABASE_KINDS)('FIQL fields on %s', (kind) => {
  const id: Record<string, number> = {};
  const createdAt: Record<string, number> = {};

  const created = async (path: string, body: unknown): Promise<Json[]> => {
    const response = await t.request(path, send('POST', body));
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
    return (await response.json()) as Json[];
  };
  const noContent = async (path: string, body?: unknown) => {
    const response = await t.request(path, send('POST', body));
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(204);
  };
  const page = (path: string, q: string) => getJson<JsonPage>(t, `${path}?limit=500&q=${encodeURIComponent(q)}`);
  const refusal = async (path: string, q: string) => (await getJson<{ errorCode: string }>(t, `${path}?q=${encodeURIComponent(q)}`, 400)).errorCode;
  const set = async (name: string, version: string, type: string, modules: number[]) => {
    const [json] = await created('/rest/v1/distributionsets', [{ name, version, type, modules: modules.map((module) => ({ id: module })) }]);
    return idOf(json);
  };

  const t = useTestApp(kind);
  beforeAll(async () => {
    const osOne = await createModule(t, { name: 'm-os', version: '1.0' });
    const osTwo = await createModule(t, { name: 'm-os', version: '2.0' });
    const app = await createModule(t, { name: 'm-app', type: 'application' });
    id['m-os-1'] = osOne.id;
    id['m-app'] = app.id;
    await created(`/rest/v1/softwaremodules/${osTwo.id}/metadata`, [{ key: 'Channel', value: 'stable' }]);
    id['fw-1'] = await set('fw', '1.0', 'os', [osOne.id]);
    id['fw-2'] = await set('fw', '2.0', 'os', [osTwo.id]);
    id['apps'] = await set('apps', '1', 'app', [app.id]);
    id['draft'] = await set('draft', '1', 'os_app', [app.id]);
    await created(`/rest/v1/distributionsets/${id['fw-2']}/metadata`, [{ key: 'channel', value: 'Stable' }]);
    const [dsTag] = await created('/rest/v1/distributionsettags', [{ name: 'beta*' }, { name: 'beta-1' }]);
    id['ds-tag'] = idOf(dsTag);
    await noContent(`/rest/v1/distributionsettags/${id['ds-tag']}/assigned`, [id['fw-2']]);
    const beta1 = idOf((await getJson<JsonPage>(t, '/rest/v1/distributionsettags?q=name==beta-1')).content[0]);
    await noContent(`/rest/v1/distributionsettags/${beta1}/assigned`, [id['fw-1']]);

    const [gateway, camera] = await created('/rest/v1/targettypes', [
      { key: 'gw', name: 'Gateway' },
      { key: 'cam', name: 'Camera' },
    ]);
    id['gw'] = idOf(gateway);
    for (const [controllerId, fields] of [
      ['f-1', { name: 'Alpha', targetType: id['gw'] }],
      ['f-2', { name: 'Bert' }],
      ['f-3', { name: 'Carl', targetType: idOf(camera) }],
    ] as const) {
      t.clock.advance(1000);
      const [target] = await createTargets(t, [{ controllerId, ...fields }]);
      createdAt[controllerId] = target?.['createdAt'] as number;
    }
    await patchTarget(t.db, 'f-1', { assigned_distribution_set_id: id['fw-2'], installed_distribution_set_id: id['fw-1'] });
    await patchTarget(t.db, 'f-3', { assigned_distribution_set_id: id['fw-1'], installed_distribution_set_id: id['fw-1'] });
    t.clock.advance(1000);
    expect((await t.request('/rest/v1/targets/f-1', send('PUT', { description: 'changed' }))).status).toBe(200);
    await created('/rest/v1/targets/f-1/metadata', [{ key: 'Region', value: 'eu' }]);
    await created('/rest/v1/targets/f-2/metadata', [{ key: 'region', value: 'us' }]);
    await created('/rest/v1/targettags', [{ name: 'beta*' }, { name: 'beta-1' }]);
    const targetTags = (await getJson<JsonPage>(t, '/rest/v1/targettags')).content;
    await noContent(`/rest/v1/targettags/${idOf(targetTags[0])}/assigned`, ['f-2']);
    await noContent(`/rest/v1/targettags/${idOf(targetTags[1])}/assigned`, ['f-1']);

    await createTargets(t, [
      { controllerId: 'a-1', name: 'Anna', address: '10.1.0.1' },
      { controllerId: 'a-2', name: 'Bert' },
      { controllerId: 'a-3', name: 'Cleo' },
      { controllerId: 'a-4', name: 'Dora' },
      { controllerId: 'r-1', name: 'Rollo' },
    ]);
    id['A1'] = await assignOk(t, 'a-1', { id: id['fw-2'] });
    id['A2'] = await assignOk(t, 'a-2', { id: id['fw-1'] });
    id['A3'] = await assignOk(t, 'a-2', { id: id['fw-2'] });
    id['A4'] = await assignOk(t, 'a-3', { id: id['fw-1'] });
    id['A5'] = await assignOk(t, 'a-4', { id: id['fw-1'] });
    await t.db('actions').where('id', id['A4']).update({ active: false, status: 'finished', last_status_code: 200 });
    await t.db('actions').where('id', id['A5']).update({ active: false, status: 'error', last_status_code: 500 });
    await patchTarget(t.db, 'a-3', { update_status: 'in_sync', installed_distribution_set_id: id['fw-1'] });
    await patchTarget(t.db, 'a-4', { update_status: 'error' });
    const rollout = await createRollout(t, { set: id['fw-1'], filter: 'controllerId==r-*' });
    id['R1'] = idOf(rollout);
    id['R2'] = idOf(await createRollout(t, { set: id['fw-2'], filter: 'controllerId==r-*' }));
    await operateOk(t, id['R1'], 'start');
    const rolloutActions = await getJson<JsonPage>(t, '/rest/v1/targets/r-1/actions');
    expect(rolloutActions.total).toBe(1);
    id['A6'] = idOf(rolloutActions.content[0]);
  });

  describe('targets', () => {
    const targets = async (q: string) => (await page('/rest/v1/targets', `controllerId==f-*;(${q})`)).content.map((target) => target['controllerId']);

    it.each([
      ['assignedds.name==FW', ['f-1', 'f-3']],
      ['assignedDS.version==2.*', ['f-1']],
      ['assignedds.version!=2.0', ['f-2', 'f-3']],
      ['assignedds.name=out=(fw)', ['f-2']],
      ['assignedds.version=in=(1.0,3.0)', ['f-3']],
      ['installedds.version==1.0', ['f-1', 'f-3']],
      ['installedDS.name!=fw', ['f-2']],
      ['assignedds.name==""', ['f-2']],
      ['installedds.name!=""', ['f-1', 'f-3']],
      ['type==GW', ['f-1']],
      ['type!=gw', ['f-2', 'f-3']],
      ['type.name==cam*', ['f-3']],
      ['TYPE.KEY=in=(gw,cam)', ['f-1', 'f-3']],
      ['targettype.key==cam', ['f-3']],
      ['targettype.name==Gateway', ['f-1']],
      ['metadata.region==EU', ['f-1']],
      ['metadata.REGION==*', ['f-1', 'f-2']],
      ['metadata.region!=eu', ['f-2']],
      ['metadata.region=in=(eu,us)', ['f-1', 'f-2']],
      ['metadata.region=out=(eu)', ['f-2']],
      ['metadata.region==""', ['f-3']],
      ['metadata.nothing!=x', []],
      ['createdby==ADMIN', ['f-1', 'f-2', 'f-3']],
      ['lastmodifiedby==admin;name==b*', ['f-2']],
      ['tag=in=(beta*)', ['f-2']],
      ['tag==beta*', ['f-1', 'f-2']],
      ['tag=in=(BETA-1)', ['f-1']],
      ['tag==""', ['f-3']],
      ['tag=is=null', ['f-3']],
      ['tag=not=null', ['f-1', 'f-2']],
      ['metadata.region=is=null', ['f-3']],
      ['metadata.Region=not=null', ['f-1', 'f-2']],
      ['assignedds.name=is=null', ['f-2']],
      ['installedds.version=not=null', ['f-1', 'f-3']],
      ['type=is=null', ['f-2']],
      ['targettype.key=ne=null', ['f-1', 'f-3']],
      ['description=not=null', ['f-1']],
      ['name=eq=ALPHA', ['f-1']],
      ['name=ne=alpha', ['f-2', 'f-3']],
      ['name=is="null"', []],
    ])('%s', async (q, expected) => {
      expect(await targets(q)).toEqual(expected);
    });

    it('compares createdAt and lastModifiedAt as epoch milliseconds', async () => {
      expect(await targets(`createdat=lt=${createdAt['f-2']}`)).toEqual(['f-1']);
      expect(await targets(`createdAt=ge=${createdAt['f-2']}`)).toEqual(['f-2', 'f-3']);
      expect(await targets(`lastModifiedAt=gt=${createdAt['f-3']}`)).toEqual(['f-1']);
    });

    it('compares the type by id', async () => {
      expect(await targets(`type.id==${id['gw']}`)).toEqual(['f-1']);
    });

    it('applies the same fields to the targets of a tag, to target filters and to rollouts', async () => {
      const tagged = idOf((await getJson<JsonPage>(t, '/rest/v1/targettags?q=name==beta-1')).content[0]);
      expect((await page(`/rest/v1/targettags/${tagged}/assigned`, 'assignedds.version==2.0')).total).toBe(1);
      await createFilter(t, 'installedds.name==fw;metadata.region==eu', 'by-set');
    });

    it.each([
      ['attribute.serial==1', INVALID_FIELD],
      ['assignedds==fw', INVALID_FIELD],
      ['assignedds.foo==fw', INVALID_FIELD],
      ['assignedds.id==1', INVALID_FIELD],
      ['metadata==x', INVALID_FIELD],
      ['targettype==gw', INVALID_FIELD],
      ['type.colour==red', INVALID_FIELD],
      ['type.id==x', SYNTAX],
      ['createdat==yesterday', SYNTAX],
    ])('refuses %s', async (q, code) => {
      expect(await refusal('/rest/v1/targets', q)).toBe(code);
    });

    it('refuses device attributes in saved filters and rollouts too', async () => {
      const filter = await postFilter(t, { name: 'attr', query: 'attribute.hw==2' });
      expect(filter.status).toBe(400);
      const rollout = await postRollout(t, { name: 'attr', distributionSetId: id['fw-1'], targetFilterQuery: 'metadata==x', amountGroups: 1 });
      expect(rollout.status).toBe(400);
    });
  });

  describe('actions', () => {
    const actions = async (q: string) => (await page('/rest/v1/actions', q)).content.map((action) => action['id']);
    const ids = (...names: string[]) => names.map((name) => id[name]);

    it.each([
      ['status==pending', ['A1', 'A3', 'A6']],
      ['status==PENDING', ['A1', 'A3', 'A6']],
      ['status==finished', ['A2', 'A4', 'A5']],
      ['status!=finished', ['A1', 'A3', 'A6']],
      ['status==running', ['A1', 'A3', 'A6']],
      ['status==canceled', ['A2']],
      ['status==error', ['A5']],
      ['status=in=(error,pending)', ['A1', 'A3', 'A5', 'A6']],
      ['status=out=(pending,canceled)', ['A4', 'A5']],
      ['status!=error', ['A1', 'A2', 'A3', 'A4', 'A6']],
      ['detailStatus==finished', ['A4']],
      ['active==false', ['A2', 'A4', 'A5']],
      ['laststatuscode==200', ['A4']],
      ['laststatuscode!=200', ['A1', 'A2', 'A3', 'A5', 'A6']],
      ['target.controllerId==A-1', ['A1']],
      ['target.name==bert', ['A2', 'A3']],
      ['target.name!=bert', ['A1', 'A4', 'A5', 'A6']],
      ['target.address==10.1.*', ['A1']],
      ['target.updateStatus==pending', ['A1', 'A2', 'A3', 'A6']],
      ['target.updatestatus=in=(IN_SYNC,error)', ['A4', 'A5']],
      ['distributionset.name==fw;distributionSet.version==1.0', ['A2', 'A4', 'A5', 'A6']],
      ['distributionset.type==OS', ['A1', 'A2', 'A3', 'A4', 'A5', 'A6']],
      ['rollout.name==rollout-*', ['A6']],
      ['rollout.name!=rollout-*', ['A1', 'A2', 'A3', 'A4', 'A5']],
      ['rolloutgroup.name==group-1', ['A6']],
      ['createdby==admin;target.controllerId==a-2', ['A2', 'A3']],
    ])('%s', async (q, expected) => {
      expect(await actions(q)).toEqual(ids(...expected));
    });

    it('compares ids of the action, its set and its rollout', async () => {
      expect(await actions(`id==${id['A3']}`)).toEqual(ids('A3'));
      expect(await actions(`distributionset.id==${id['fw-2']}`)).toEqual(ids('A1', 'A3'));
      expect(await actions(`rollout.id==${id['R1']}`)).toEqual(ids('A6'));
      expect(await actions(`rollout.id!=${id['R1']}`)).toEqual(ids('A1', 'A2', 'A3', 'A4', 'A5'));
    });

    it('filters a target’s action history with the same fields', async () => {
      expect((await page('/rest/v1/targets/a-2/actions', 'status==finished')).content.map((action) => action['id'])).toEqual(ids('A2'));
    });

    it.each([
      ['status==bogus', INVALID_FIELD],
      ['status=lt=running', SYNTAX],
      ['status==run*', INVALID_FIELD],
      ['target.id==a-1', INVALID_FIELD],
      ['target==a-1', INVALID_FIELD],
      ['distributionset.description==x', INVALID_FIELD],
      ['weight==1', INVALID_FIELD],
      ['detailstatus=gt=error', SYNTAX],
    ])('refuses %s', async (q, code) => {
      expect(await refusal('/rest/v1/actions', q)).toBe(code);
    });
  });

  describe('distribution sets and modules', () => {
    const sets = async (q: string) => (await page('/rest/v1/distributionsets', q)).content.map((json) => json['id']);
    const ids = (...names: string[]) => names.map((name) => id[name]);

    it.each([
      ['module.name==M-OS', ['fw-1', 'fw-2']],
      ['module.name!=m-os', ['apps', 'draft']],
      ['module.name==m-app;type==os_app', ['draft']],
      ['type.name=="App(s) only"', ['apps']],
      ['type.key=in=(app,os_app)', ['apps', 'draft']],
      ['complete==false', ['draft']],
      ['complete!=false', ['fw-1', 'fw-2', 'apps']],
      ['metadata.CHANNEL==stable', ['fw-2']],
      ['metadata.channel!=stable', []],
      ['tag=in=(beta*)', ['fw-2']],
      ['tag==beta*', ['fw-1', 'fw-2']],
      ['tag!=beta-1', ['fw-2', 'apps', 'draft']],
      ['createdby==admin;valid==true', ['fw-1', 'fw-2', 'apps', 'draft']],
      ['tag=is=null', ['apps', 'draft']],
      ['metadata.channel=eq=null', ['fw-1', 'apps', 'draft']],
      ['complete=is=null', []],
      ['complete=not=null', ['fw-1', 'fw-2', 'apps', 'draft']],
    ])('%s', async (q, expected) => {
      expect(await sets(q)).toEqual(ids(...expected));
    });

    it('compares module ids, on the sets of a tag too', async () => {
      expect(await sets(`module.id==${id['m-app']}`)).toEqual(ids('apps', 'draft'));
      expect((await page(`/rest/v1/distributionsettags/${id['ds-tag']}/assigned`, `module.id!=${id['m-os-1']}`)).total).toBe(1);
    });

    it.each([
      ['module==m-os', INVALID_FIELD],
      ['module.version==1.0', INVALID_FIELD],
      ['metadata.==x', INVALID_FIELD],
      ['complete=gt=true', SYNTAX],
      ['name=is=(fw,apps)', SYNTAX],
      ['metadata=is=null', INVALID_FIELD],
    ])('refuses %s', async (q, code) => {
      expect(await refusal('/rest/v1/distributionsets', q)).toBe(code);
    });

    it('filters modules by type, type name and metadata', async () => {
      const modules = async (q: string) => (await page('/rest/v1/softwaremodules', q)).content.map((json) => json['version']);
      expect(await modules('type==os')).toEqual(['1.0', '2.0']);
      expect(await modules('type.name==application')).toEqual(['1.0.0']);
      expect(await modules('metadata.channel==Stable')).toEqual(['2.0']);
      expect(await modules('name==m-os;version=gt=1.5')).toEqual(['2.0']);
    });

    it('filters a set’s tags by the set (hawkBit’s distributionset.id|name)', async () => {
      const tags = async (q: string) => (await page('/rest/v1/distributionsettags', q)).content.map((json) => json['name']);
      expect(await tags(`distributionset.id==${id['fw-2']}`)).toEqual(['beta*']);
      expect(await tags('distributionset.name==fw')).toEqual(['beta*', 'beta-1']);
      expect(await tags('distributionset.name!=fw')).toEqual([]);
    });
  });

  describe('rollouts', () => {
    const rollouts = async (q: string) => (await page('/rest/v1/rollouts', q)).content.map((json) => json['id']);

    it('filters by the rollout’s set', async () => {
      expect(await rollouts('distributionset.name==fw;distributionset.version==2.*')).toEqual([id['R2']]);
      expect(await rollouts(`distributionset.id==${id['fw-1']}`)).toEqual([id['R1']]);
      expect(await rollouts('distributionset.type==os')).toEqual([id['R1'], id['R2']]);
      expect(await rollouts('status==ready;createdby==admin')).toEqual([id['R2']]);
    });

    it('refuses a sub-attribute hawkBit does not have', async () => {
      expect(await refusal('/rest/v1/rollouts', 'distributionset.description==x')).toBe(INVALID_FIELD);
    });
  });
});
