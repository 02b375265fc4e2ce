import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/expect-error.js';
import { DATABASE_KINDS } from './support/databases.js';
import { createTargetTag, tagTarget } from './support/tag-fixtures.js';
import { AUTH, createTargets, getJson, patchTarget, setPollTime, type JsonPage } from './support/target-fixtures.js';
import { type TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

const ALL = ['dev-01', 'dev-02', 'dev-03', 'dev-04', 'gw-10'];

/** Five targets that differ in every filterable field. */
async function seed(t: TestApp): Promise<Record<string, number>> {
  await createTargets(t, [
    { controllerId: 'dev-01', name: 'Bench A', description: 'lab bench', group: 'eu/berlin', address: '10.0.0.1' },
    { controllerId: 'dev-02', name: 'Bench B', group: 'eu/paris', address: '10.0.0.2' },
    { controllerId: 'dev-03', name: 'Field C', description: 'field unit', group: 'us', address: '192.168.1.3' },
    { controllerId: 'dev-04', name: 'Field D', group: 'eu/berlin' },
    { controllerId: 'gw-10', name: 'Gateway', description: 'gateway', address: '2001:db8::10' },
  ]);
  const columns: Record<string, Record<string, unknown>> = {
    'dev-01': { update_status: 'pending', auto_confirm_active: true },
    'dev-02': { update_status: 'in_sync' },
    'dev-03': { update_status: 'error' },
    'dev-04': { update_status: 'registered' },
  };
  for (const [controllerId, values] of Object.entries(columns)) await patchTarget(t.db, controllerId, values);
  const polledAt: Record<string, number> = { 'dev-01': 1000, 'dev-02': 2000, 'dev-04': 3000 };
  for (const [controllerId, at] of Object.entries(polledAt)) await setPollTime(t.db, controllerId, at);
  const tags: Record<string, number> = {};
  for (const name of ['alpha', 'beta', 'gamma', 'unused']) tags[name] = await createTargetTag(t, { name });
  const assignments: [string, string][] = [
    ['dev-01', 'alpha'],
    ['dev-01', 'beta'],
    ['dev-02', 'beta'],
    ['dev-04', 'gamma'],
  ];
  for (const [controllerId, tag] of assignments) await tagTarget(t, controllerId, tags[tag] as number);
  return tags;
}

const ids = (page: JsonPage) => page.content.map((target) => target.controllerId);

describe.each(DATABASE_KINDS)('target lists on %s', (kind) => {
  let tags: Record<string, number>;
  const t = useTestApp(kind);
  beforeAll(async () => {
    tags = await seed(t);
  });

  const list = (query: string) => getJson<JsonPage>(t, `/rest/v1/targets?${query}`);
  const q = (expression: string) => list(`q=${encodeURIComponent(expression)}`);
  const refused = async (path: string, errorCode: string) => expectError(await t.request(path, { headers: AUTH }), 400, errorCode);

  describe('paging and sorting', () => {
    it('lists every target in hawkBit envelope, sorted by controllerId by default', async () => {
      const page = await list('');
      expect(ids(page)).toEqual(ALL);
      expect(page).toMatchObject({ total: 5, size: 5 });
      expect(page.content[0]).toMatchObject({ controllerId: 'dev-01', tags: [{ name: 'alpha' }, { name: 'beta' }] });
    });

    it('pages with offset and limit', async () => {
      expect(await list('offset=1&limit=2')).toMatchObject({ total: 5, size: 2, content: [{ controllerId: 'dev-02' }, { controllerId: 'dev-03' }] });
      expect(await list('offset=10')).toEqual({ content: [], total: 5, size: 0 });
      expect(ids(await list('offset=-1&limit=0'))).toEqual(ALL);
    });

    it.each([
      ['name:DESC', ['gw-10', 'dev-04', 'dev-03', 'dev-02', 'dev-01']],
      ['ID:desc', ['gw-10', 'dev-04', 'dev-03', 'dev-02', 'dev-01']],
      ['controllerId:DESC', ['gw-10', 'dev-04', 'dev-03', 'dev-02', 'dev-01']],
      ['updateStatus:ASC', ['dev-03', 'dev-02', 'dev-01', 'dev-04', 'gw-10']],
      ['createdAt:ASC,controllerId:DESC', ['gw-10', 'dev-04', 'dev-03', 'dev-02', 'dev-01']],
      ['lastModifiedAt:asc', ALL],
    ])('sorts by %s', async (sort, expected) => {
      expect(ids(await list(`sort=${sort}`))).toEqual(expected);
    });

    it('sorts on several fields with a filter', async () => {
      expect(ids(await list(`q=${encodeURIComponent('group==eu/*')}&sort=group:ASC,controllerId:DESC`))).toEqual(['dev-04', 'dev-01', 'dev-02']);
      expect(ids(await list('q=lastControllerRequestAt=gt=0&sort=lastControllerRequestAt:DESC'))).toEqual(['dev-04', 'dev-02', 'dev-01']);
      expect(ids(await list('q=address==10.*&sort=address:DESC,description:ASC'))).toEqual(['dev-02', 'dev-01']);
    });

    it.each([
      ['sort=foo:ASC', 'hawkbit.server.error.rest.param.invalidField'],
      ['sort=name:UP', 'hawkbit.server.error.rest.param.invalidDirection'],
      ['sort=name', 'hawkbit.server.error.rest.param.sortParamSyntax'],
      ['sort=name:ASC:DESC', 'hawkbit.server.error.rest.param.sortParamSyntax'],
      ['limit=ten', 'hawkbit.server.error.rest.body.notReadable'],
      ['offset=1.5', 'hawkbit.server.error.rest.body.notReadable'],
    ])('refuses %s with 400', async (query, code) => {
      await refused(`/rest/v1/targets?${query}`, code);
    });

    it('reads a page in a constant number of queries, however many targets it holds', async () => {
      const queries = async (limit: number) => {
        let n = 0;
        const count = () => void (n += 1);
        t.db.on('query', count);
        try {
          await list(`limit=${limit}`);
        } finally {
          t.db.off('query', count);
        }
        return n;
      };
      expect(await queries(5)).toBe(await queries(1));
    });
  });

  describe('FIQL', () => {
    it.each([
      ['controllerId==dev-0*', ['dev-01', 'dev-02', 'dev-03', 'dev-04']],
      ['id==dev-02', ['dev-02']],
      ['CONTROLLERID==DEV-02', ['dev-02']],
      ['controllerId==*1*', ['dev-01', 'gw-10']],
      ['name==*bench*', ['dev-01', 'dev-02']],
      ['NAME==field*', ['dev-03', 'dev-04']],
      ['name=="Bench A"', ['dev-01']],
      ['description==*unit', ['dev-03']],
      ['description==lab*,description==gate*', ['dev-01', 'gw-10']],
      ['updateStatus==pending', ['dev-01']],
      ['UpdateStatus==IN_SYNC', ['dev-02']],
      ['updatestatus=in=(error,registered)', ['dev-03', 'dev-04']],
      ['updateStatus!=unknown', ['dev-01', 'dev-02', 'dev-03', 'dev-04']],
      ['group==eu/berlin', ['dev-01', 'dev-04']],
      ['group==EU/*', ['dev-01', 'dev-02', 'dev-04']],
      ['group!=eu/*', ['dev-03', 'gw-10']],
      ['(group==eu/berlin,group==us);updateStatus!=registered', ['dev-01', 'dev-03']],
      ['group==eu/berlin,group==us;updateStatus!=registered', ['dev-01', 'dev-03', 'dev-04']],
      ['name==bench*;(tag==alpha,tag==gamma)', ['dev-01']],
      ['tag==beta', ['dev-01', 'dev-02']],
      ['tag==BET*', ['dev-01', 'dev-02']],
      ['tag!=beta', ['dev-03', 'dev-04', 'gw-10']],
      ['tag=in=(alpha,gamma)', ['dev-01', 'dev-04']],
      ['tag=out=(beta,gamma)', ['dev-03', 'gw-10']],
      ['tag==beta;tag==alpha', ['dev-01']],
      ['tag==unused', []],
      ['address==10.0.0.1', ['dev-01']],
      ['ipaddress==10.0.0.*', ['dev-01', 'dev-02']],
      ['address=="2001:db8::10"', ['gw-10']],
      ['lastControllerRequestAt=gt=1500', ['dev-02', 'dev-04']],
      ['lastcontrollerrequestat=le=2000', ['dev-01', 'dev-02']],
      ['autoConfirm==true', ['dev-01']],
      ['AUTOCONFIRM==FALSE', ['dev-02', 'dev-03', 'dev-04', 'gw-10']],
    ])('filters %s', async (expression, expected) => {
      const page = await q(expression);
      expect(ids(page)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    });

    it('counts the filtered total while paging', async () => {
      expect(await list(`q=${encodeURIComponent('controllerId==dev*')}&limit=1&offset=1`)).toMatchObject({
        total: 4,
        size: 1,
        content: [{ controllerId: 'dev-02' }],
      });
    });

    it.each([
      ['foo==1', 'rsqlInvalidField'],
      ['attribute.serial==1', 'rsqlInvalidField'],
      ['updateStatus==bogus', 'rsqlInvalidField'],
      ['', 'rsqlParamSyntax'],
      ['name', 'rsqlParamSyntax'],
      ['name==', 'rsqlParamSyntax'],
      ['(name==a', 'rsqlParamSyntax'],
      ['name=x=1', 'rsqlParamSyntax'],
      ['name==a;', 'rsqlParamSyntax'],
      ['lastControllerRequestAt==soon', 'rsqlParamSyntax'],
      ['autoConfirm==maybe', 'rsqlParamSyntax'],
      ['updateStatus=gt=pending', 'rsqlParamSyntax'],
    ])('refuses %s with 400 %s', async (expression, code) => {
      await refused(`/rest/v1/targets?q=${encodeURIComponent(expression)}`, `hawkbit.server.error.rest.param.${code}`);
    });
  });

  describe('targets of a tag', () => {
    const assigned = (tag: number, query = '') => getJson<JsonPage>(t, `/rest/v1/targettags/${tag}/assigned?${query}`);

    it('lists the targets carrying the tag, with their embeddings', async () => {
      const page = await assigned(tags['beta'] as number);
      expect(page).toMatchObject({ total: 2, size: 2 });
      expect(ids(page)).toEqual(['dev-01', 'dev-02']);
      expect(page.content[1]).toMatchObject({ controllerId: 'dev-02', tags: [{ id: tags['beta'], name: 'beta' }] });
      expect(await assigned(tags['unused'] as number)).toEqual({ content: [], total: 0, size: 0 });
    });

    it('pages, sorts and filters them', async () => {
      const beta = tags['beta'] as number;
      expect(ids(await assigned(beta, 'sort=controllerId:DESC'))).toEqual(['dev-02', 'dev-01']);
      expect(await assigned(beta, 'limit=1&offset=1')).toMatchObject({ total: 2, size: 1, content: [{ controllerId: 'dev-02' }] });
      expect(ids(await assigned(beta, `q=${encodeURIComponent('name==*a')}`))).toEqual(['dev-01']);
    });

    it('answers 404 for an unknown tag and 400 for bad parameters', async () => {
      const response = await t.request('/rest/v1/targettags/9999/assigned', { headers: AUTH });
      expect((await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toBe(
        'TargetTag with given identifier {9999} does not exist.',
      );
      const beta = tags['beta'] as number;
      await refused(`/rest/v1/targettags/${beta}/assigned?sort=tag:ASC`, 'hawkbit.server.error.rest.param.invalidField');
      await refused(`/rest/v1/targettags/${beta}/assigned?q=bogus==1`, 'hawkbit.server.error.rest.param.rsqlInvalidField');
      await refused('/rest/v1/targettags/beta/assigned', 'hawkbit.server.error.rest.body.notReadable');
    });
  });
});

describe.each(DATABASE_KINDS)('target page limits on %s', (kind) => {
  const t = useTestApp(kind);
  beforeAll(async () => {
    await createTargets(
      t,
      Array.from({ length: 510 }, (_, index) => ({ controllerId: `bulk-${String(index).padStart(3, '0')}` })),
    );
  });

  it('answers 50 targets by default and at most 500', async () => {
    const byDefault = await getJson<JsonPage>(t, '/rest/v1/targets');
    expect(byDefault).toMatchObject({ total: 510, size: 50 });
    expect(byDefault.content[49]?.controllerId).toBe('bulk-049');
    expect(await getJson<JsonPage>(t, '/rest/v1/targets?limit=1000')).toMatchObject({ total: 510, size: 500 });
    expect(await getJson<JsonPage>(t, '/rest/v1/targets?limit=500&offset=500')).toMatchObject({ total: 510, size: 10 });
  });
});
