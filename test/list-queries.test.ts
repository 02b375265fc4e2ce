import { fileURLToPath } from 'node:url';
import { OpenAPIBackend } from 'openapi-backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, createSet } from './support/deployment-fixtures.js';
import { createRollout, groups } from './support/rollout-fixtures.js';
import { createModule } from './support/software-module-api.js';
import { createFilter } from './support/target-filter-fixtures.js';
import { createTargets, getJson, idOf, send, type Json, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

/** One paged list: where it is, a `q` matching exactly one of its entries, and that entry. */
interface ListCase {
  readonly path: string;
  readonly q: string;
  /** a property of the matching entry and its value */
  readonly match: readonly [string, unknown];
}

/** Every paged list of openapi/mgmt.yaml (a 200 of content/total/size) by operationId, with its query parameters. */
async function pagedLists(): Promise<Map<string, string[]>> {
  const definition = fileURLToPath(new URL('../openapi/mgmt.yaml', import.meta.url));
  const api = new OpenAPIBackend({ definition, quick: true });
  await api.init();
  const lists = new Map<string, string[]>();
  for (const operation of api.getOperations()) {
    const ok = (operation.responses?.['200'] as { content?: Record<string, { schema?: { properties?: object } }> } | undefined)?.content?.['application/json']
      ?.schema?.properties;
    if (operation.method !== 'get' || ok === undefined || !['content', 'total', 'size'].every((key) => key in ok)) continue;
    const query = (operation.parameters ?? []).flatMap((parameter) => ('in' in parameter && parameter.in === 'query' ? [parameter.name] : []));
    lists.set(operation.operationId as string, query);
  }
  return lists;
}

/** The paged lists of openapi/mgmt.yaml; a new one needs a case below. */
const LISTS = [
  'getSoftwareModuleTypes',
  'getDistributionSetTypes',
  'getTargetTypes',
  'getSoftwareModules',
  'getSoftwareModuleMetadata',
  'getDistributionSets',
  'getAssignedSoftwareModules',
  'getDistributionSetMetadata',
  'getDistributionSetTags',
  'getAssignedDistributionSets',
  'getTargets',
  'getTargetMetadata',
  'getActionHistory',
  'getActionStatusList',
  'getActions',
  'getTargetTags',
  'getAssignedTargets',
  'getRollouts',
  'getRolloutGroups',
  'getRolloutGroupTargets',
  'getFilters',
  'getAssignedTargets_1',
  'getInstalledTargets',
  'getAutoAssignTargetFilterQueries',
  'getAutoAssignments',
  'getDistributionSetAutoAssignments',
  'getAssignedTargets_2',
  'getAssignedTargetsWithSubgroups',
  'getWebhooks',
  'getAuditLog',
  'getWebhookDeliveries',
] as const;

describe.each(DATABASE_KINDS)('q on every paged list on %s', (kind) => {
  const cases = new Map<string, ListCase>();

  const created = async (path: string, body: unknown): Promise<Json[]> => {
    const response = await t.request(path, send('POST', body));
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
    return (await response.json()) as Json[];
  };
  const noContent = async (path: string, body: unknown) => {
    const response = await t.request(path, send('POST', body));
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(204);
  };

  // its webhooks point at a closed port of this machine
  const t = useTestApp(kind, { 'webhooks.allow_private_destinations': true });
  beforeAll(async () => {
    const hooks = [{ name: 'q-hook' }, { name: 'q-hook-other' }].map((hook) => ({ ...hook, url: 'http://127.0.0.1:9/', eventTypes: ['target.created'] }));
    const [hook] = await created('/rest/v1/webhooks', hooks);
    cases.set('getWebhooks', { path: '/rest/v1/webhooks', q: 'name==q-hook', match: ['id', idOf(hook)] });
    // the one webhook creation above is the test app's only entry of that operation
    cases.set('getAuditLog', { path: '/rest/v1/auditlog', q: 'operation==createWebhooks', match: ['operation', 'createWebhooks'] });

    for (const [operationId, path, body] of [
      ['getSoftwareModuleTypes', '/rest/v1/softwaremoduletypes', (key: string) => ({ key, name: key })],
      ['getDistributionSetTypes', '/rest/v1/distributionsettypes', (key: string) => ({ key, name: key })],
      ['getTargetTypes', '/rest/v1/targettypes', (key: string) => ({ key, name: key })],
      ['getTargetTags', '/rest/v1/targettags', (name: string) => ({ name })],
      ['getDistributionSetTags', '/rest/v1/distributionsettags', (name: string) => ({ name })],
    ] as const) {
      const [match] = await created(path, [body('q-match'), body('q-other')]);
      cases.set(operationId, { path, q: 'name==Q-MATCH', match: ['id', idOf(match)] });
    }

    const os = await createModule(t, { name: 'q-os', type: 'os' });
    const app = await createModule(t, { name: 'q-app', type: 'application' });
    cases.set('getSoftwareModules', { path: '/rest/v1/softwaremodules', q: 'name==q-os', match: ['id', os.id] });
    const [bundle, other] = await created('/rest/v1/distributionsets', [
      { name: 'q-bundle', version: '1', type: 'os_app', modules: [{ id: os.id }, { id: app.id }] },
      { name: 'q-other', version: '1', type: 'os_app', modules: [{ id: os.id }] },
    ]);
    cases.set('getDistributionSets', { path: '/rest/v1/distributionsets', q: 'name==q-b*', match: ['id', idOf(bundle)] });
    cases.set('getAssignedSoftwareModules', {
      path: `/rest/v1/distributionsets/${idOf(bundle)}/assignedSM`,
      q: 'type==application',
      match: ['id', app.id],
    });

    for (const [operationId, path] of [
      ['getSoftwareModuleMetadata', `/rest/v1/softwaremodules/${os.id}/metadata`],
      ['getDistributionSetMetadata', `/rest/v1/distributionsets/${idOf(bundle)}/metadata`],
    ] as const) {
      await created(path, [
        { key: 'q-match', value: 'a' },
        { key: 'q-other', value: 'b' },
      ]);
      cases.set(operationId, { path, q: 'value==A', match: ['key', 'q-match'] });
    }
    const dsTag = idOf((await getJson<JsonPage>(t, '/rest/v1/distributionsettags?q=name==q-match')).content[0]);
    await noContent(`/rest/v1/distributionsettags/${dsTag}/assigned`, [idOf(bundle), idOf(other)]);
    cases.set('getAssignedDistributionSets', {
      path: `/rest/v1/distributionsettags/${dsTag}/assigned`,
      q: 'module.name==q-app',
      match: ['id', idOf(bundle)],
    });

    await createTargets(t, [
      { controllerId: 'q-dev-1', group: 'q-fleet' },
      { controllerId: 'q-dev-2', group: 'q-fleet' },
      { controllerId: 'q-dev-3', group: 'q-fleet' },
    ]);
    cases.set('getTargets', { path: '/rest/v1/targets', q: 'controllerId==q-dev-1', match: ['controllerId', 'q-dev-1'] });
    const deliveries = `/rest/v1/webhooks/${idOf(hook)}/deliveries`;
    const delivery = (await getJson<JsonPage>(t, deliveries)).content[0];
    cases.set('getWebhookDeliveries', { path: deliveries, q: `messageid==${String(delivery?.['messageId'])}`, match: ['id', idOf(delivery)] });
    await created('/rest/v1/targets/q-dev-1/metadata', [
      { key: 'q-match', value: 'a' },
      { key: 'q-other', value: 'b' },
    ]);
    cases.set('getTargetMetadata', { path: '/rest/v1/targets/q-dev-1/metadata', q: 'key==q-m*', match: ['key', 'q-match'] });
    const targetTag = idOf((await getJson<JsonPage>(t, '/rest/v1/targettags?q=name==q-match')).content[0]);
    await noContent(`/rest/v1/targettags/${targetTag}/assigned`, ['q-dev-1', 'q-dev-2']);
    cases.set('getAssignedTargets', { path: `/rest/v1/targettags/${targetTag}/assigned`, q: 'name==q-dev-2', match: ['controllerId', 'q-dev-2'] });

    const first = await assignOk(t, 'q-dev-1', { id: idOf(other) });
    await assignOk(t, 'q-dev-1', { id: idOf(bundle) });
    cases.set('getActionHistory', {
      path: '/rest/v1/targets/q-dev-1/actions',
      q: `distributionSet.name==q-other`,
      match: ['id', first],
    });
    cases.set('getActions', { path: '/rest/v1/actions', q: `id==${first}`, match: ['id', first] });
    const entries = await getJson<JsonPage>(t, `/rest/v1/targets/q-dev-1/actions/${first}/status`);
    expect(entries.total).toBeGreaterThan(1);
    const oldest = entries.content[0];
    cases.set('getActionStatusList', {
      path: `/rest/v1/targets/q-dev-1/actions/${first}/status`,
      q: `id==${idOf(oldest)}`,
      match: ['id', idOf(oldest)],
    });

    cases.set('getAssignedTargets_2', { path: '/rest/v1/targetgroups/q-fleet/assigned', q: 'controllerId==q-dev-3', match: ['controllerId', 'q-dev-3'] });
    cases.set('getAssignedTargetsWithSubgroups', {
      path: '/rest/v1/targetgroups/assigned?group=q-fleet&subgroups=true',
      q: 'controllerId==q-dev-2',
      match: ['controllerId', 'q-dev-2'],
    });

    await createTargets(t, [{ controllerId: 'q-dev-4' }]);
    await assignOk(t, 'q-dev-4', { id: idOf(bundle) });
    cases.set('getAssignedTargets_1', {
      path: `/rest/v1/distributionsets/${idOf(bundle)}/assignedTargets`,
      q: 'controllerId==q-dev-4',
      match: ['controllerId', 'q-dev-4'],
    });
    await t
      .db('targets')
      .whereIn('controller_id', ['q-dev-1', 'q-dev-4'])
      .update({ installed_distribution_set_id: idOf(other) });
    cases.set('getInstalledTargets', {
      path: `/rest/v1/distributionsets/${idOf(other)}/installedTargets`,
      q: 'assignedds.name==q-bundle;controllerid==*1',
      match: ['controllerId', 'q-dev-1'],
    });

    const filter = await createFilter(t, 'group==q-fleet', 'q-filter');
    await createFilter(t, 'group==q-fleet', 'q-filter-other');
    cases.set('getFilters', { path: '/rest/v1/targetfilters', q: 'name==q-filter', match: ['id', idOf(filter)] });
    const complete = await createSet(t);
    const autoAssigning: Json[] = [];
    for (const name of ['q-auto-1', 'q-auto-2']) {
      const filter = await createFilter(t, 'controllerId==nobody-*', name);
      expect((await t.request(`/rest/v1/targetfilters/${idOf(filter)}/autoAssignDS`, send('POST', { id: complete }))).status).toBe(200);
      autoAssigning.push(filter);
    }
    cases.set('getAutoAssignTargetFilterQueries', {
      path: `/rest/v1/distributionsets/${complete}/autoAssignTargetFilters`,
      q: 'name==q-auto-2',
      match: ['id', idOf(autoAssigning[1])],
    });
    // the filters' auto-assignments (decision 205) and one of another set
    await created('/rest/v1/autoassignments', { name: 'q-standalone', targetFilterQuery: 'controllerId==nobody-*', distributionSetId: idOf(bundle) });
    cases.set('getAutoAssignments', { path: '/rest/v1/autoassignments', q: 'distributionSet.name==q-bundle', match: ['name', 'q-standalone'] });
    cases.set('getDistributionSetAutoAssignments', {
      path: `/rest/v1/distributionsets/${complete}/autoAssignments`,
      q: 'name==q-auto-1',
      match: ['name', 'q-auto-1'],
    });
    const split = await createRollout(t, { set: complete, filter: 'controllerId=in=(q-dev-2,q-dev-3)', groups: 2 });
    const whole = await createRollout(t, { set: complete, filter: 'controllerId=in=(q-dev-2,q-dev-3)', groups: 1 });
    cases.set('getRollouts', { path: '/rest/v1/rollouts', q: `name==${String(split['name'])}`, match: ['id', idOf(split)] });
    const [firstGroup] = await groups(t, idOf(split));
    cases.set('getRolloutGroups', {
      path: `/rest/v1/rollouts/${idOf(split)}/deploygroups`,
      q: `name==${String(firstGroup?.['name'])}`,
      match: ['id', idOf(firstGroup)],
    });
    const [onlyGroup] = await groups(t, idOf(whole));
    cases.set('getRolloutGroupTargets', {
      path: `/rest/v1/rollouts/${idOf(whole)}/deploygroups/${idOf(onlyGroup)}/targets`,
      q: 'controllerId==*3',
      match: ['controllerId', 'q-dev-3'],
    });
  });

  it('has a case for every paged list, and every paged list declares offset, limit, sort and q', async () => {
    const lists = await pagedLists();
    expect([...lists.keys()].sort()).toEqual([...LISTS].sort());
    expect([...cases.keys()].sort()).toEqual([...LISTS].sort());
    const undeclared = [...lists].flatMap(([operationId, query]) =>
      ['offset', 'limit', 'sort', 'q'].filter((name) => !query.includes(name)).map((name) => `${operationId}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });

  it.each(LISTS)('%s: q keeps exactly the matching entry', async (operationId) => {
    const { path, q, match } = cases.get(operationId) as ListCase;
    const [key, value] = match;
    const all = await getJson<JsonPage>(t, path);
    expect(all.content.map((entry) => entry[key])).toContain(value);
    expect(all.content.some((entry) => entry[key] !== value)).toBe(true);
    const filtered = await getJson<JsonPage>(t, `${path}${path.includes('?') ? '&' : '?'}q=${encodeURIComponent(q)}`);
    expect(filtered).toMatchObject({ total: 1, size: 1 });
    expect(filtered.content[0]?.[key]).toEqual(value);
  });

  it.each(['getSoftwareModuleTypes', 'getSoftwareModules', 'getTargetTags', 'getDistributionSetMetadata', 'getActionStatusList'])(
    '%s: an unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax',
    async (operationId) => {
      const { path } = cases.get(operationId) as ListCase;
      const invalid = await getJson<{ errorCode: string }>(t, `${path}?q=nope==1`, 400);
      expect(invalid.errorCode).toBe('hawkbit.server.error.rest.param.rsqlInvalidField');
      const syntax = await getJson<{ errorCode: string }>(t, `${path}?q=id==`, 400);
      expect(syntax.errorCode).toBe('hawkbit.server.error.rest.param.rsqlParamSyntax');
    },
  );
});
