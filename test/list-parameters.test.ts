import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, createSet } from './support/deployment-fixtures.js';
import { createRollout } from './support/rollout-fixtures.js';
import { createModule, uploadArtifact } from './support/software-module-api.js';
import { createFilter } from './support/target-filter-fixtures.js';
import { AUTH, createTargets, getJson, send, idOf, type Json, type JsonPage } from './support/target-fixtures.js';
import { createTargetTag } from './support/tag-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

/** hawkBit's list parameters besides paging and `q`: `representation`, `onNotFoundPolicy`, `useartifacturlhandler`. */
describe.each(DATABASE_KINDS)('hawkBit list parameters on %s', (kind) => {
  let rolloutId: number;
  let moduleId: number;
  let artifactId: number;
  const t = useTestApp(kind);
  beforeAll(async () => {
    await createTargets(t, [{ controllerId: 'p-1' }, { controllerId: 'p-2' }]);
    const set = await createSet(t);
    await assignOk(t, 'p-1', { id: set });
    rolloutId = idOf(await createRollout(t, { set, filter: 'controllerId==p-2' }));
    const filter = await createFilter(t, 'controllerId==p-*', 'p-filter');
    expect((await t.request(`/rest/v1/targetfilters/${idOf(filter)}/autoAssignDS`, send('POST', { id: set }))).status).toBe(200);
    moduleId = (await createModule(t)).id;
    artifactId = (await uploadArtifact(t, moduleId, 'bytes')).id;
  });

  const first = async (path: string) => (await getJson<JsonPage>(t, path)).content[0] as Json;
  const linkNames = (json: Json) => Object.keys(json._links).sort();

  describe('representation', () => {
    it('gives rollouts in full by default and with full, and only the self link and no approval details when compact', async () => {
      const full = await first('/rest/v1/rollouts');
      expect(await first('/rest/v1/rollouts?representation=full')).toEqual(full);
      expect(linkNames(full)).toEqual(expect.arrayContaining(['self', 'start', 'groups', 'distributionset']));
      await t.db('rollouts').where('id', rolloutId).update({ approval_decided_by: 'admin', approval_remark: 'ok' });
      const compact = await first('/rest/v1/rollouts?representation=compact');
      expect(linkNames(compact)).toEqual(['self']);
      expect(compact).not.toHaveProperty('approveDecidedBy');
      expect(compact).not.toHaveProperty('approvalRemark');
      expect(compact).toMatchObject({ id: rolloutId, totalTargets: 1, totalTargetsPerStatus: { notstarted: 1 } });
      expect(await first('/rest/v1/rollouts?representation=full')).toMatchObject({ approveDecidedBy: 'admin', approvalRemark: 'ok' });
    });

    it('gives actions all their links unless compact', async () => {
      expect(linkNames(await first('/rest/v1/actions'))).toEqual(['distributionset', 'self', 'status', 'target']);
      expect(linkNames(await first('/rest/v1/actions?representation=full'))).toEqual(['distributionset', 'self', 'status', 'target']);
      expect(linkNames(await first('/rest/v1/actions?representation=compact'))).toEqual(['self']);
    });

    it('gives target filters their autoAssignDS link unless compact', async () => {
      expect(linkNames(await first('/rest/v1/targetfilters'))).toEqual(['autoAssignDS', 'self']);
      const compact = await first('/rest/v1/targetfilters?representation=compact');
      expect(linkNames(compact)).toEqual(['self']);
      expect(compact).toMatchObject({ name: 'p-filter', autoAssignActionType: 'forced' });
    });

    it('gives deploy groups alike in both representations: their only link is self, their counts are Falconet’s', async () => {
      const path = `/rest/v1/rollouts/${rolloutId}/deploygroups`;
      expect(await first(`${path}?representation=compact`)).toEqual(await first(path));
    });

    it('keeps the links of artifacts in both representations', async () => {
      const path = `/rest/v1/softwaremodules/${moduleId}/artifacts`;
      for (const representation of ['compact', 'full']) {
        const [artifact] = await getJson<Json[]>(t, `${path}?representation=${representation}`);
        expect(linkNames(artifact as Json)).toEqual(['download', 'self']);
      }
    });

    it.each(['/rest/v1/rollouts', '/rest/v1/actions', '/rest/v1/targetfilters', `/rest/v1/rollouts/1/deploygroups`])(
      'refuses an unknown representation on %s with 400',
      async (path) => {
        const response = await t.request(`${path}?representation=detailed`, { headers: AUTH });
        expect(response.status).toBe(400);
      },
    );
  });

  it('refuses useartifacturlhandler=true: there is no artifact URL handler, the links are the management ones', async () => {
    const list = `/rest/v1/softwaremodules/${moduleId}/artifacts`;
    for (const path of [list, `${list}/${artifactId}`]) {
      expect((await t.request(`${path}?useartifacturlhandler=true`, { headers: AUTH })).status).toBe(400);
      expect((await t.request(`${path}?useartifacturlhandler=false`, { headers: AUTH })).status).toBe(200);
    }
  });

  describe('onNotFoundPolicy of bulk target tagging', () => {
    const tagged = async (tagId: number) =>
      (await getJson<JsonPage>(t, `/rest/v1/targettags/${tagId}/assigned`)).content.map((target) => target['controllerId']);
    const bulk = (method: string, tagId: number, policy: string) =>
      t.request(`/rest/v1/targettags/${tagId}/assigned${policy === '' ? '' : `?onNotFoundPolicy=${policy}`}`, send(method, ['p-1', 'nope']));
    let tagId: number;
    beforeAll(async () => {
      tagId = await createTargetTag(t, { name: 'policy' });
    });

    it('changes nothing and answers 404 by default and with FAIL', async () => {
      for (const policy of ['', 'FAIL']) {
        const response = await bulk('POST', tagId, policy);
        expect(response.status).toBe(404);
        const body = (await response.json()) as { errorCode: string; message: string };
        expect(body.errorCode).toBe('hawkbit.server.error.repo.entityNotFound');
        expect(body.message).toContain('{nope}');
        expect(await tagged(tagId)).toEqual([]);
      }
    });

    it('tags the known targets, then answers 404 naming the unknown ones, with ON_WHAT_FOUND_AND_FAIL', async () => {
      const response = await bulk('POST', tagId, 'ON_WHAT_FOUND_AND_FAIL');
      expect(response.status).toBe(404);
      expect(await tagged(tagId)).toEqual(['p-1']);
      expect((await bulk('DELETE', tagId, 'ON_WHAT_FOUND_AND_FAIL')).status).toBe(404);
      expect(await tagged(tagId)).toEqual([]);
    });

    it('tags and untags the known targets and answers 204 with ON_WHAT_FOUND_AND_SUCCESS', async () => {
      expect((await bulk('POST', tagId, 'ON_WHAT_FOUND_AND_SUCCESS')).status).toBe(204);
      expect(await tagged(tagId)).toEqual(['p-1']);
      expect((await bulk('DELETE', tagId, 'FAIL')).status).toBe(404);
      expect(await tagged(tagId)).toEqual(['p-1']);
      expect((await bulk('DELETE', tagId, 'ON_WHAT_FOUND_AND_SUCCESS')).status).toBe(204);
      expect(await tagged(tagId)).toEqual([]);
    });

    it('refuses an unknown policy with 400 and changes nothing', async () => {
      expect((await bulk('POST', tagId, 'IGNORE')).status).toBe(400);
      expect(await tagged(tagId)).toEqual([]);
    });
  });
});
