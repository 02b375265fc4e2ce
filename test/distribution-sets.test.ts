import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../src/errors.js';
import type { ExceptionInfo } from '../src/http/error-status.js';
import { DATABASE_KINDS } from './support/databases.js';
import { expectError } from './support/expect-error.js';
import { expectData, mgmtClient } from './support/mgmt-client.js';
import { createModule } from './support/software-module-api.js';
import { createDistributionSetTag } from './support/tag-fixtures.js';
import { createFilter } from './support/target-filter-fixtures.js';
import { createTargets, idOf } from './support/target-fixtures.js';
import { basicAuth, type TestApp } from './support/test-app.js';
import { distributionSetTypeId } from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';
interface ModuleJson {
  id: number;
  name: string;
  type: string;
  locked: boolean;
}
interface SetJson {
  id: number;
  name: string;
  version: string;
  description?: string;
  type: string;
  typeName: string;
  complete: boolean;
  locked: boolean;
  deleted: boolean;
  valid: boolean;
  requiredMigrationStep: boolean;
  modules: ModuleJson[];
  createdAt: number;
  createdBy: string;
  lastModifiedAt: number;
  lastModifiedBy: string;
  _links: Record<string, { href: string }>;
}
interface Page<T> {
  content: T[];
  total: number;
  size: number;
}

const SETS = '/rest/v1/distributionsets';

/** The HTTP and fixture helpers of one app: modules, targets, actions and tags are inserted with knex. */
function fixtures(t: TestApp) {
  const call = (path: string, method = 'GET', body?: unknown) =>
    t.request(path, {
      method,
      headers: { authorization: basicAuth(), 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const stamp = () => ({ created_at: t.clock(), created_by: 'test', last_modified_at: t.clock(), last_modified_by: 'test' });
  const insert = async (table: string, row: Record<string, unknown>): Promise<number> => {
    const inserted: unknown = await t.db(table).insert({ ...row, ...stamp() }, ['id']);
    return (inserted as { id: number }[])[0]?.id ?? Number.NaN;
  };
  let serial = 0;
  return {
    call,
    insert,
    async json<T>(path: string, method = 'GET', body?: unknown, status = 200): Promise<T> {
      const response = await call(path, method, body);
      expect(response.status, await response.clone().text()).toBe(status);
      return (await response.json()) as T;
    },
    async error(path: string, method: string, body: unknown, status: number, errorCode: ErrorCode): Promise<ExceptionInfo> {
      return expectError(await call(path, method, body), status, errorCode);
    },
    async module(type: string, name = `module-${++serial}`): Promise<number> {
      return (await createModule(t, { type, name, version: '1.0' })).id;
    },
    async createSet(body: Record<string, unknown>): Promise<SetJson> {
      const response = await call(SETS, 'POST', [{ name: `set-${++serial}`, version: '1.0', type: 'os_app', ...body }]);
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as SetJson[])[0] as SetJson;
    },
    /** A target with an action on the set, which locks it and keeps it from being deleted. */
    async deploy(setId: number): Promise<void> {
      const target = await insert('targets', {
        controller_id: `dev-${++serial}`,
        name: 'device',
        security_token: 'token',
        update_status: 'pending',
      });
      await t.db('actions').insert({
        target_id: target,
        distribution_set_id: setId,
        active: true,
        status: 'running',
        action_type: 'forced',
        ...stamp(),
      });
    },
    async tag(name: string, setIds: number[]): Promise<number> {
      const tag = await createDistributionSetTag(t, { name });
      if (setIds.length > 0) {
        const assigned = mgmtClient(t).POST('/rest/v1/distributionsettags/{distributionSetTagId}/assigned', {
          params: { path: { distributionSetTagId: tag } },
          body: setIds,
        });
        await expectData(assigned, 204);
      }
      return tag;
    },
    count: async (table: string) => Number((await t.db(table).count<{ n: number | string }[]>({ n: '*' }))[0]?.n),
  };
}

describe.each(DATABASE_KINDS)('distribution sets on %s', (kind) => {
  let f: ReturnType<typeof fixtures>;
  const t = useTestApp(kind);
  beforeAll(() => {
    f = fixtures(t);
  });

  describe('create', () => {
    it('creates sets with their modules and answers 201 with hawkBit JSON', async () => {
      const os = await f.module('os', 'linux');
      const app = await f.module('application', 'agent');
      const created = await f.json<SetJson[]>(
        SETS,
        'POST',
        [
          { name: 'gateway', version: '2.0', type: 'os_app', description: 'edge', modules: [{ id: os }, { id: app }], locked: true },
          { name: 'gateway', version: '2.1', type: 'app', requiredMigrationStep: true },
        ],
        201,
      );
      expect(created).toHaveLength(2);
      const [first, second] = created as [SetJson, SetJson];
      expect(first).toMatchObject({
        name: 'gateway',
        version: '2.0',
        description: 'edge',
        type: 'os_app',
        typeName: 'OS with app(s)',
        complete: true,
        locked: false,
        deleted: false,
        valid: true,
        requiredMigrationStep: false,
        createdBy: 'admin',
        createdAt: t.clock(),
        lastModifiedBy: 'admin',
      });
      expect(first.modules.map((module) => [module.id, module.type, module.locked])).toEqual([
        [os, 'os', false],
        [app, 'application', false],
      ]);
      const self = `http://localhost${SETS}/${first.id}`;
      expect(first._links).toEqual({
        self: { href: self },
        type: { href: expect.stringMatching(/\/rest\/v1\/distributionsettypes\/\d+$/) as unknown },
        modules: { href: `${self}/assignedSM?offset=0&limit=50` },
        metadata: { href: `${self}/metadata?offset=0&limit=50` },
      });
      expect(second).toMatchObject({ type: 'app', complete: false, requiredMigrationStep: true, modules: [] });
      expect(second).not.toHaveProperty('description');
      expect(await f.json<SetJson>(`${SETS}/${first.id}`)).toEqual(first);
    });

    it('derives completeness from the mandatory module types of the set type', async () => {
      const onlyApp = await f.createSet({ type: 'os_app', modules: [{ id: await f.module('application') }] });
      expect(onlyApp.complete).toBe(false);
      const response = await f.call(`${SETS}/${onlyApp.id}/assignedSM`, 'POST', [{ id: await f.module('os') }]);
      expect(response.status).toBe(204);
      expect((await f.json<SetJson>(`${SETS}/${onlyApp.id}`)).complete).toBe(true);
      expect((await f.createSet({ type: 'app', modules: [{ id: await f.module('application') }] })).complete).toBe(true);
    });

    it.each([
      ['an unknown type', { type: 'nope' }, 404, ErrorCode.entityNotFound],
      ['an unknown module', { modules: [{ id: 999999 }] }, 404, ErrorCode.entityNotFound],
      ['a module id beyond the id range', { modules: [{ id: 99999999999 }] }, 400, ErrorCode.bodyNotReadable],
      ['a missing name', { name: undefined }, 400, ErrorCode.bodyNotReadable],
      ['a number as version', { version: 3 }, 400, ErrorCode.bodyNotReadable],
      ['a missing type', { type: undefined }, 400, ErrorCode.bodyNotReadable],
      ['a module without id', { modules: [{}] }, 400, ErrorCode.bodyNotReadable],
    ])('refuses %s and creates nothing', async (_case, fields, status, errorCode) => {
      const before = await f.count('distribution_sets');
      const body = [
        { name: 'fine', version: '1', type: 'os' },
        { name: 'bad', version: '1', type: 'os', ...fields },
      ];
      await f.error(SETS, 'POST', body, status, errorCode);
      expect(await f.count('distribution_sets')).toBe(before);
    });

    it('refuses a body that is not a non-empty array', async () => {
      await f.error(SETS, 'POST', { name: 'x', version: '1', type: 'os' }, 400, ErrorCode.bodyNotReadable);
      await f.error(SETS, 'POST', [], 400, ErrorCode.bodyNotReadable);
    });

    it('refuses a module whose type the set type does not admit', async () => {
      const info = await f.error(
        SETS,
        'POST',
        [{ name: 'n', version: '1', type: 'app', modules: [{ id: await f.module('os') }] }],
        400,
        ErrorCode.distributionSetModuleUnsupported,
      );
      expect(info.message).toContain("type 'os'");
    });

    it('refuses more modules of one type than it allows', async () => {
      const modules = [{ id: await f.module('os') }, { id: await f.module('os') }];
      await f.error(SETS, 'POST', [{ name: 'two-os', version: '1', type: 'os', modules }], 400, ErrorCode.constraintViolation);
      expect(await t.db('distribution_sets').where('name', 'two-os').first()).toBeUndefined();
    });

    it('keeps name + version unique, also within one request', async () => {
      await f.createSet({ name: 'unique', version: '1' });
      await f.error(SETS, 'POST', [{ name: 'unique', version: '1', type: 'app' }], 409, ErrorCode.entityAlreadyExists);
      const before = await f.count('distribution_sets');
      await f.error(
        SETS,
        'POST',
        [
          { name: 'twice', version: '1', type: 'os' },
          { name: 'twice', version: '1', type: 'app' },
        ],
        409,
        ErrorCode.entityAlreadyExists,
      );
      expect(await f.count('distribution_sets')).toBe(before);
      await f.createSet({ name: 'unique', version: '2' });
    });

    it('asks for credentials', async () => {
      const response = await t.request(SETS, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
      expect(response.status).toBe(401);
    });
  });

  describe('read, update, delete', () => {
    it('answers 404 for an unknown set and 400 for a malformed id', async () => {
      await f.error(`${SETS}/999999`, 'GET', undefined, 404, ErrorCode.entityNotFound);
      await f.error(`${SETS}/99999999999`, 'GET', undefined, 404, ErrorCode.entityNotFound);
      await f.error(`${SETS}/abc`, 'GET', undefined, 400, ErrorCode.bodyNotReadable);
    });

    it('updates name, version, description and requiredMigrationStep; null and absent keep values', async () => {
      const set = await f.createSet({ description: 'old' });
      t.clock.advance(1000);
      const change = { name: 'renamed', version: '9', requiredMigrationStep: true, description: null };
      const updated = await f.json<SetJson>(`${SETS}/${set.id}`, 'PUT', change);
      expect(updated).toMatchObject({ ...change, description: 'old', lastModifiedAt: t.clock() });
      expect(updated.createdAt).toBe(set.createdAt);
      expect(await f.json<SetJson>(`${SETS}/${set.id}`, 'PUT', { description: 'new' })).toMatchObject({ name: 'renamed', description: 'new' });
    });

    it('keeps name + version unique on update and refuses bad bodies', async () => {
      const taken = await f.createSet({ name: 'taken', version: '1' });
      const other = await f.createSet({ name: 'other', version: '1' });
      await f.error(`${SETS}/${other.id}`, 'PUT', { name: 'taken' }, 409, ErrorCode.entityAlreadyExists);
      await f.error(`${SETS}/${other.id}`, 'PUT', { name: '' }, 400, ErrorCode.bodyNotReadable);
      await f.error(`${SETS}/999999`, 'PUT', { name: 'x' }, 404, ErrorCode.entityNotFound);
      expect((await f.json<SetJson>(`${SETS}/${other.id}`)).name).toBe('other');
      expect((await f.json<SetJson>(`${SETS}/${taken.id}`, 'PUT', { name: 'taken', version: '1' })).name).toBe('taken');
    });

    it('refuses to change requiredMigrationStep once actions reference the set', async () => {
      const set = await f.createSet({});
      await f.deploy(set.id);
      await f.error(`${SETS}/${set.id}`, 'PUT', { requiredMigrationStep: true }, 403, ErrorCode.entityReadOnly);
      expect((await f.json<SetJson>(`${SETS}/${set.id}`, 'PUT', { description: 'still editable' })).description).toBe('still editable');
    });

    it('deletes a set with its metadata and tag assignments', async () => {
      const set = await f.createSet({ modules: [{ id: await f.module('os') }] });
      await f.json(`${SETS}/${set.id}/metadata`, 'POST', [{ key: 'k', value: 'v' }], 201);
      await f.tag('doomed', [set.id]);
      expect((await f.call(`${SETS}/${set.id}`, 'DELETE')).status).toBe(204);
      await f.error(`${SETS}/${set.id}`, 'GET', undefined, 404, ErrorCode.entityNotFound);
      await f.error(`${SETS}/${set.id}`, 'DELETE', undefined, 404, ErrorCode.entityNotFound);
      expect(await t.db('distribution_set_metadata').where('distribution_set_id', set.id).first()).toBeUndefined();
    });

    it('refuses to delete a set referenced by actions, as the spec asks', async () => {
      const deployed = await f.createSet({});
      await f.deploy(deployed.id);
      const info = await f.error(`${SETS}/${deployed.id}`, 'DELETE', undefined, 409, ErrorCode.entityInUse);
      expect(info.message).toContain('actions');
      expect(await f.json<SetJson>(`${SETS}/${deployed.id}`)).toMatchObject({ id: deployed.id, locked: true, deleted: false });
    });

    describe('soft deletion of a set only a rollout or a target references (hawkBit, decision 213)', () => {
      let installed: SetJson;
      let rolledOut: SetJson;
      let kept: SetJson;
      const listed = async (mode?: string) =>
        (await f.json<{ content: SetJson[] }>(`${SETS}?limit=500${mode === undefined ? '' : `&soft_deleted_mode=${mode}`}`)).content
          .map((set) => set.id)
          .filter((id) => [installed.id, rolledOut.id, kept.id].includes(id));

      beforeAll(async () => {
        [installed, rolledOut, kept] = [await f.createSet({}), await f.createSet({}), await f.createSet({})];
        await f.insert('targets', {
          controller_id: `holder-${kind}`,
          name: 'holder',
          security_token: 't',
          update_status: 'in_sync',
          installed_distribution_set_id: installed.id,
        });
        await f.insert('rollouts', {
          name: 'wave',
          distribution_set_id: rolledOut.id,
          target_filter_query: 'name==*',
          status: 'finished',
          action_type: 'forced',
          success_condition: '50',
        });
        await f.insert('auto_assignments', {
          name: `auto-${kind}`,
          query: 'name==x',
          distribution_set_id: rolledOut.id,
          action_type: 'forced',
          confirmation_required: false,
          status: 'running',
          created_at: 0,
          created_by: 'admin',
          last_modified_at: 0,
          last_modified_by: 'admin',
        });
        for (const set of [installed, rolledOut]) expect((await f.call(`${SETS}/${set.id}`, 'DELETE')).status).toBe(204);
      });

      it('refuses a set whose rollout has not ended: the rollout would deploy a deleted set', async () => {
        const live = await f.createSet({});
        await f.insert('rollouts', {
          name: `live-${kind}`,
          distribution_set_id: live.id,
          target_filter_query: 'name==*',
          status: 'running',
          action_type: 'forced',
          success_condition: '50',
        });
        expect((await f.error(`${SETS}/${live.id}`, 'DELETE', undefined, 409, ErrorCode.entityInUse)).message).toContain('rollout');
        expect((await f.json<SetJson>(`${SETS}/${live.id}`)).deleted).toBe(false);
      });

      it('keeps the row, marked deleted, and says who deleted it when', async () => {
        for (const set of [installed, rolledOut]) {
          expect(await f.json<SetJson>(`${SETS}/${set.id}`)).toMatchObject({ id: set.id, deleted: true, lastModifiedBy: 'admin' });
        }
        expect(await t.db('auto_assignments').where('name', `auto-${kind}`).first('id')).toBeUndefined();
        expect((await f.call(`${SETS}/${rolledOut.id}`, 'DELETE')).status).toBe(204);
        expect((await f.json<SetJson>(`${SETS}/${rolledOut.id}`)).deleted).toBe(true);
      });

      it('leaves the list unless soft_deleted_mode asks', async () => {
        expect(await listed()).toEqual([kept.id]);
        expect(await listed('EXCLUDE_SOFT_DELETED')).toEqual([kept.id]);
        expect(await listed('INCLUDE_SOFT_DELETED')).toEqual([installed.id, rolledOut.id, kept.id]);
        expect(await listed('ONLY_SOFT_DELETED')).toEqual([installed.id, rolledOut.id]);
        await f.error(`${SETS}?soft_deleted_mode=ALL`, 'GET', undefined, 400, ErrorCode.bodyNotReadable);
      });

      it('refuses new assignments, rollouts, auto-assignments and changes with 404 deleted, and changes nothing', async () => {
        await createTargets(t, [{ controllerId: `fresh-${kind}`, name: 'fresh', securityToken: 't' }]);
        const filter = idOf(await createFilter(t, 'name==y', `other-${kind}`));
        const actions = await f.count('actions');
        await f.error(`/rest/v1/targets/fresh-${kind}/assignedDS`, 'POST', { id: installed.id }, 404, ErrorCode.deleted);
        await f.error(`${SETS}/${installed.id}/assignedTargets`, 'POST', [{ id: `fresh-${kind}` }], 404, ErrorCode.deleted);
        await f.error(
          '/rest/v1/rollouts',
          'POST',
          { name: `again-${kind}`, distributionSetId: rolledOut.id, targetFilterQuery: 'name==*', amountGroups: 1 },
          404,
          ErrorCode.deleted,
        );
        await f.error(`/rest/v1/targetfilters/${filter}/autoAssignDS`, 'POST', { id: rolledOut.id }, 404, ErrorCode.deleted);
        const autoAssignment = { name: `direct-${kind}`, targetFilterQuery: 'name==y', distributionSetId: rolledOut.id };
        await f.error('/rest/v1/autoassignments', 'POST', autoAssignment, 404, ErrorCode.deleted);
        await f.error(`${SETS}/${installed.id}`, 'PUT', { description: 'changed' }, 404, ErrorCode.deleted);
        expect(await f.count('actions')).toBe(actions);
        expect(await f.count('auto_assignments')).toBe(0);
        expect((await f.json<SetJson>(`${SETS}/${installed.id}`)).description).toBeUndefined();
      });
    });
  });

  describe('assigned software modules', () => {
    it('adds modules, keeps those already held and replaces the one module of a single-module type', async () => {
      const [os1, os2] = [await f.module('os', 'os-a'), await f.module('os', 'os-b')];
      const [app1, app2] = [await f.module('application', 'z-app'), await f.module('application', 'a-app')];
      const set = await f.createSet({ modules: [{ id: os1 }, { id: app1 }] });
      t.clock.advance(5000);
      expect((await f.call(`${SETS}/${set.id}/assignedSM`, 'POST', [{ id: os2 }, { id: app2 }, { id: app1 }])).status).toBe(204);
      const after = await f.json<SetJson>(`${SETS}/${set.id}`);
      expect(after.modules.map((module) => module.id).sort((a, b) => a - b)).toEqual([os2, app1, app2].sort((a, b) => a - b));
      expect(after.lastModifiedAt).toBe(t.clock());

      const page = await f.json<Page<ModuleJson>>(`${SETS}/${set.id}/assignedSM?sort=name:ASC`);
      expect(page).toMatchObject({ total: 3, size: 3 });
      expect(page.content.map((module) => module.name)).toEqual(['a-app', 'os-b', 'z-app']);
      const second = await f.json<Page<ModuleJson>>(`${SETS}/${set.id}/assignedSM?offset=1&limit=1&sort=type:DESC,id:ASC`);
      expect(second).toMatchObject({ total: 3, size: 1 });
      expect(second.content[0]?.type).toBe('application');
    });

    it('refuses two modules of a single-module type in one request, unknown modules and unsupported types', async () => {
      const set = await f.createSet({ type: 'os', modules: [{ id: await f.module('os') }] });
      const assigned = `${SETS}/${set.id}/assignedSM`;
      await f.error(assigned, 'POST', [{ id: await f.module('os') }, { id: await f.module('os') }], 400, ErrorCode.constraintViolation);
      await f.error(assigned, 'POST', [{ id: await f.module('os') }, { id: 999999 }], 404, ErrorCode.entityNotFound);
      await f.error(assigned, 'POST', [{ id: await f.module('application') }], 400, ErrorCode.distributionSetModuleUnsupported);
      await f.error(assigned, 'POST', { id: 1 }, 400, ErrorCode.bodyNotReadable);
      expect((await f.json<SetJson>(`${SETS}/${set.id}`)).modules).toEqual(set.modules);
    });

    it('refuses more modules of a multi-module type than its maxAssignments', async () => {
      const [pair] = await expectData(
        mgmtClient(t).POST('/rest/v1/softwaremoduletypes', { body: [{ key: 'pair', name: 'Pair', maxAssignments: 2, minArtifacts: 0 }] }),
        201,
      );
      await expectData(
        mgmtClient(t).POST('/rest/v1/distributionsettypes', { body: [{ key: 'pairs', name: 'Pairs', mandatorymodules: [{ id: idOf(pair) }] }] }),
        201,
      );
      const set = await f.createSet({ type: 'pairs', modules: [{ id: await f.module('pair') }, { id: await f.module('pair') }] });
      expect(set.complete).toBe(true);
      await f.error(`${SETS}/${set.id}/assignedSM`, 'POST', [{ id: await f.module('pair') }], 400, ErrorCode.constraintViolation);
    });

    it('refuses changes to a locked set with 423 and shows its modules locked', async () => {
      const os = await f.module('os');
      const set = await f.createSet({ modules: [{ id: os }] });
      await f.deploy(set.id);
      await f.error(`${SETS}/${set.id}/assignedSM`, 'POST', [{ id: await f.module('application') }], 423, ErrorCode.locked);
      const locked = await f.json<SetJson>(`${SETS}/${set.id}`);
      expect(locked.locked).toBe(true);
      expect(locked.modules).toMatchObject([{ id: os, locked: true }]);
      expect((await f.json<Page<ModuleJson>>(`${SETS}/${set.id}/assignedSM`)).content).toMatchObject([{ id: os, locked: true }]);
    });

    it('answers 404 for an unknown set and 400 for a bad sort', async () => {
      await f.error(`${SETS}/999999/assignedSM`, 'GET', undefined, 404, ErrorCode.entityNotFound);
      await f.error(`${SETS}/999999/assignedSM`, 'POST', [], 404, ErrorCode.entityNotFound);
      const set = await f.createSet({});
      await f.error(`${SETS}/${set.id}/assignedSM?sort=vendor:ASC`, 'GET', undefined, 400, ErrorCode.sortInvalidField);
    });
  });

  describe('metadata', () => {
    it('creates, lists, reads, updates and deletes entries', async () => {
      const set = await f.createSet({});
      const base = `${SETS}/${set.id}/metadata`;
      expect(
        await f.json(
          base,
          'POST',
          [
            { key: 'b', value: '2' },
            { key: 'a', value: '1' },
          ],
          201,
        ),
      ).toEqual([
        { key: 'b', value: '2' },
        { key: 'a', value: '1' },
      ]);
      expect(await f.json(base)).toEqual({
        content: [
          { key: 'a', value: '1' },
          { key: 'b', value: '2' },
        ],
        total: 2,
        size: 2,
      });
      expect(await f.json(`${base}/a`)).toEqual({ key: 'a', value: '1' });
      expect(await f.json(`${base}/a`, 'PUT', { value: 'one' })).toEqual({ key: 'a', value: 'one' });
      expect((await f.call(`${base}/a`, 'DELETE')).status).toBe(204);
      await f.error(`${base}/a`, 'GET', undefined, 404, ErrorCode.entityNotFound);
      await f.error(base, 'POST', [{ key: 'b', value: 'again' }], 409, ErrorCode.entityAlreadyExists);
      await f.error(`${SETS}/999999/metadata`, 'POST', [{ key: 'x', value: 'y' }], 404, ErrorCode.entityNotFound);
      await f.error(`${SETS}/999999/metadata/x`, 'GET', undefined, 404, ErrorCode.entityNotFound);
    });
  });

  describe('lists', () => {
    let tagged: SetJson[];
    let tagId: number;
    let unusedTagId: number;
    beforeAll(async () => {
      tagged = [
        await f.createSet({ name: 'gw-alpha', version: '1', type: 'os', description: 'b', modules: [{ id: await f.module('os') }] }),
        await f.createSet({ name: 'gw-beta', version: '1', type: 'app', description: 'a' }),
      ];
      await f.createSet({ name: 'camera', version: '1', type: 'app', description: 'c' });
      tagId = await f.tag(
        'beta',
        tagged.map((set) => set.id),
      );
      unusedTagId = await f.tag('unused', []);
    });
    const names = (page: Page<SetJson>) => page.content.map((set) => set.name);

    it('lists by id by default, with paging', async () => {
      const all = await f.json<Page<SetJson>>(SETS);
      expect(all.total).toBe(all.size);
      expect(all.content.map((set) => set.id)).toEqual([...all.content.map((set) => set.id)].sort((a, b) => a - b));
      const second = await f.json<Page<SetJson>>(`${SETS}?offset=1&limit=1`);
      expect(second).toMatchObject({ total: all.total, size: 1 });
      expect(second.content[0]?.id).toBe(all.content[1]?.id);
    });

    it('sorts by the allowed fields and refuses others', async () => {
      const filtered = `${SETS}?q=name==gw*,name==camera`;
      expect(names(await f.json(`${filtered}&sort=name:DESC`))).toEqual(['gw-beta', 'gw-alpha', 'camera']);
      expect(names(await f.json(`${filtered}&sort=description:asc`))).toEqual(['gw-beta', 'gw-alpha', 'camera']);
      expect(names(await f.json(`${filtered}&sort=complete:DESC,type:ASC,id:DESC`))).toEqual(['gw-alpha', 'camera', 'gw-beta']);
      await f.error(`${SETS}?sort=vendor:ASC`, 'GET', undefined, 400, ErrorCode.sortInvalidField);
      await f.error(`${SETS}?sort=name:UP`, 'GET', undefined, 400, ErrorCode.sortInvalidDirection);
      await f.error(`${SETS}?sort=name`, 'GET', undefined, 400, ErrorCode.sortParamSyntax);
    });

    it('filters with q by name wildcard, tag, type and validity', async () => {
      expect(names(await f.json(`${SETS}?q=name==GW-*`))).toEqual(['gw-alpha', 'gw-beta']);
      expect(names(await f.json(`${SETS}?q=tag==BETA;type==app`))).toEqual(['gw-beta']);
      expect(names(await f.json(`${SETS}?q=${encodeURIComponent('tag!=beta;valid==true;name=in=(camera,gw-alpha)')}`))).toEqual(['camera']);
      expect(names(await f.json(`${SETS}?q=${encodeURIComponent('description=in=(a,c)')}&sort=name:ASC`))).toEqual(['camera', 'gw-beta']);
      expect((await f.json<Page<SetJson>>(`${SETS}?q=valid==false`)).total).toBe(0);
      expect((await f.json<Page<SetJson>>(`${SETS}?q=id==${tagged[0]?.id}`)).total).toBe(1);
    });

    it('refuses a malformed q and an unknown field', async () => {
      await f.error(`${SETS}?q=name==`, 'GET', undefined, 400, ErrorCode.rsqlParamSyntax);
      await f.error(`${SETS}?q=vendor==x`, 'GET', undefined, 400, ErrorCode.rsqlInvalidField);
      await f.error(`${SETS}?q=valid=lt=true`, 'GET', undefined, 400, ErrorCode.rsqlParamSyntax);
    });

    it('lists the sets carrying a tag, with paging, sort and q', async () => {
      const byTag = `/rest/v1/distributionsettags/${tagId}/assigned`;
      expect(await f.json<Page<SetJson>>(byTag)).toMatchObject({ total: 2, size: 2, content: tagged.map((set) => ({ id: set.id })) });
      expect(names(await f.json(`${byTag}?sort=name:DESC&limit=1`))).toEqual(['gw-beta']);
      expect(names(await f.json(`${byTag}?q=type==os`))).toEqual(['gw-alpha']);
      await f.error(`${byTag}?q=bad==1`, 'GET', undefined, 400, ErrorCode.rsqlInvalidField);
      await f.error(`${byTag}?sort=x:ASC`, 'GET', undefined, 400, ErrorCode.sortInvalidField);
      await f.error('/rest/v1/distributionsettags/999999/assigned', 'GET', undefined, 404, ErrorCode.entityNotFound);
      const unused = unusedTagId;
      expect(await f.json(`/rest/v1/distributionsettags/${unused}/assigned`)).toEqual({ content: [], total: 0, size: 0 });
    });
  });
});

describe.each(DATABASE_KINDS)('distribution-set quotas and large lists on %s', (kind) => {
  let f: ReturnType<typeof fixtures>;
  const t = useTestApp(kind, {
    'quota.max_software_modules_per_distribution_set': 2,
    'quota.max_metadata_entries_per_distribution_set': 2,
  });
  beforeAll(() => {
    f = fixtures(t);
  });

  it('caps the modules of a set at creation and on assignment with 429', async () => {
    const apps = [await f.module('application'), await f.module('application'), await f.module('application')];
    await f.error(SETS, 'POST', [{ name: 'big', version: '1', type: 'app', modules: apps.map((id) => ({ id })) }], 429, ErrorCode.quotaExceeded);
    const set = await f.createSet({ type: 'app', modules: [{ id: apps[0] }, { id: apps[1] }] });
    await f.error(`${SETS}/${set.id}/assignedSM`, 'POST', [{ id: apps[2] }], 429, ErrorCode.quotaExceeded);
    expect((await f.json<SetJson>(`${SETS}/${set.id}`)).modules).toHaveLength(2);
  });

  it('caps the metadata entries of a set with 429', async () => {
    const set = await f.createSet({});
    await f.error(
      `${SETS}/${set.id}/metadata`,
      'POST',
      [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
        { key: 'c', value: '3' },
      ],
      429,
      ErrorCode.quotaExceeded,
    );
  });

  it('pages large lists (default 50, at most 500) with a constant number of queries', async () => {
    await t.db('distribution_sets').delete();
    const typeId = await distributionSetTypeId(t, 'os_app');
    const os = await f.module('os');
    const rows = Array.from({ length: 520 }, (_, index) => ({
      type_id: typeId,
      name: `bulk-${index}`,
      version: '1',
      created_at: 1,
      created_by: 'test',
      last_modified_at: 1,
      last_modified_by: 'test',
    }));
    await t.db.batchInsert('distribution_sets', rows, 100);
    const ids = await t.db('distribution_sets').select<{ id: number }[]>('id');
    await t.db.batchInsert(
      'distribution_set_modules',
      ids.map(({ id }) => ({ distribution_set_id: id, software_module_id: os })),
      100,
    );

    const queries = async (path: string) => {
      let count = 0;
      const listener = () => void count++;
      t.db.on('query', listener);
      const page = await f.json<Page<SetJson>>(path);
      t.db.off('query', listener);
      return { page, count };
    };
    const small = await queries(`${SETS}?limit=2`);
    const standard = await queries(SETS);
    expect(standard.page).toMatchObject({ total: 520, size: 50 });
    expect(standard.page.content.every((set) => set.complete && set.modules.length === 1)).toBe(true);
    expect(standard.count).toBe(small.count);
    expect((await f.json<Page<SetJson>>(`${SETS}?limit=1000`)).size).toBe(500);
    expect((await f.json<Page<SetJson>>(`${SETS}?offset=510&limit=0`)).size).toBe(10);
  });
});
