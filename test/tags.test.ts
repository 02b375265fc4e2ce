import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { FIXTURE_AUDIT, TAG_KIND_FIXTURES, tagClient, type OwnerKey, type TagJson } from './support/tag-fixtures.js';
import { basicAuth } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';
import { idOf } from './support/target-fixtures.js';

describe.each(DATABASE_KINDS)('tags on %s', (database) => {
  describe.each(TAG_KIND_FIXTURES)('$label', (fixture) => {
    const { base, send, tagCount, createTag, getTag, ownerTags } = tagClient(() => t, fixture);

    const t = useTestApp(database);

    describe('create, read, update, delete', () => {
      it('creates tags from an array and answers 201 with the created tags', async () => {
        const response = await send('POST', base, [{ name: 'europe', description: 'Deployed in Europe', colour: '#2e7d32', ignored: true }, { name: 'lab' }]);
        expect(response.status).toBe(201);
        const [europe, lab] = (await response.json()) as TagJson[];
        expect(europe).toEqual({
          id: expect.any(Number) as number,
          name: 'europe',
          description: 'Deployed in Europe',
          colour: '#2e7d32',
          assignedCount: 0,
          createdAt: t.clock(),
          createdBy: 'admin',
          lastModifiedAt: t.clock(),
          lastModifiedBy: 'admin',
          _links: {
            self: { href: `http://localhost${base}/${europe?.id}` },
            [fixture.assignedRelation]: { href: `http://localhost${base}/${europe?.id}/assigned?offset=0&limit=50` },
          },
        });
        expect(lab).not.toHaveProperty('description');
        expect(lab).not.toHaveProperty('colour');
        expect(await getTag(idOf(europe))).toEqual(europe);
      });

      it.each([
        ['a name already taken', [{ name: 'taken-1' }], [{ name: 'fresh-1' }, { name: 'taken-1' }], 'taken-1'],
        ['a name twice in one request', [], [{ name: 'twice' }, { name: 'fresh-2' }, { name: 'twice' }], 'twice'],
      ])('refuses %s with 409 and creates none of the request', async (_case, before, body, name) => {
        if (before.length > 0) expect((await send('POST', base, before)).status).toBe(201);
        const count = await tagCount();
        const response = await send('POST', base, body);
        const error = await expectError(response, 409, 'hawkbit.server.error.repo.entityAlreadyExists');
        expect(error.message).toContain(name);
        expect(await tagCount()).toBe(count);
      });

      it.each([
        ['an object instead of an array', { name: 'solo' }],
        ['an empty array', []],
        ['a missing name', [{ description: 'nameless' }]],
        ['an empty name', [{ name: '' }]],
        ['a name of 65 characters', [{ name: 'n'.repeat(65) }]],
        ['a description of 513 characters', [{ name: 'long-description', description: 'd'.repeat(513) }]],
        ['a colour of 17 characters', [{ name: 'long-colour', colour: 'c'.repeat(17) }]],
        ['a name of the wrong type', [{ name: 7 }]],
        ['malformed JSON', '[{"name": "broken"'],
      ])('refuses a create body with %s with 400 and creates nothing', async (_case, body) => {
        const count = await tagCount();
        const response = await send('POST', base, body);
        await expectError(response, 400, 'hawkbit.server.error.rest.body.notReadable');
        expect(await tagCount()).toBe(count);
      });

      it('accepts the longest allowed fields', async () => {
        const tag = await createTag('m'.repeat(64), { description: 'd'.repeat(512), colour: 'c'.repeat(16) });
        expect(tag.name).toHaveLength(64);
      });

      it('answers 404 for an unknown tag, and 400 for an id that is not a number', async () => {
        for (const id of [987_654, 99_999_999_999]) {
          for (const method of ['GET', 'DELETE']) {
            const response = await send(method, `${base}/${id}`);
            const error = await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound');
            expect(error.message).toBe(`${fixture.kind.entity} with given identifier {${id}} does not exist.`);
          }
          expect((await send('PUT', `${base}/${id}`, { name: 'x' })).status).toBe(404);
        }
        expect((await send('GET', `${base}/abc`)).status).toBe(400);
      });

      it('updates name, description and colour, keeping omitted and null fields', async () => {
        const tag = await createTag('before', { description: 'old', colour: 'red' });
        t.clock.advance(5000);
        const response = await send('PUT', `${base}/${tag.id}`, { name: 'after', colour: 'blue', description: null });
        expect(response.status).toBe(200);
        const updated = (await response.json()) as TagJson;
        expect(updated).toEqual({
          ...tag,
          name: 'after',
          description: 'old',
          colour: 'blue',
          lastModifiedAt: tag.createdAt + 5000,
          lastModifiedBy: 'admin',
        });
        expect(await getTag(tag.id)).toEqual(updated);
        expect((await send('PUT', `${base}/${tag.id}`, { description: '' })).status).toBe(200);
        expect(await getTag(tag.id)).toMatchObject({ name: 'after', description: '', colour: 'blue' });
        expect((await send('PUT', `${base}/${tag.id}`, { name: 'after' })).status).toBe(200);
      });

      it('refuses renaming to a taken name with 409, and bad bodies with 400, changing nothing', async () => {
        await createTag('occupied');
        const tag = await createTag('renamed-not');
        const conflict = await send('PUT', `${base}/${tag.id}`, { name: 'occupied', colour: 'green' });
        await expectError(conflict, 409, 'hawkbit.server.error.repo.entityAlreadyExists');
        for (const body of [{ name: '' }, { colour: 'c'.repeat(17) }, { name: 3 }, '{"name":']) {
          expect((await send('PUT', `${base}/${tag.id}`, body)).status).toBe(400);
        }
        expect(await getTag(tag.id)).toEqual(tag);
      });

      it('deletes a tag and its assignments, but not the tagged entities', async () => {
        const tag = await createTag('doomed');
        const owners = await fixture.createOwners(t, 2);
        expect((await send('POST', `${base}/${tag.id}/assigned`, owners)).status).toBe(204);
        const response = await send('DELETE', `${base}/${tag.id}`);
        expect(response.status).toBe(204);
        expect(await response.text()).toBe('');
        expect((await send('GET', `${base}/${tag.id}`)).status).toBe(404);
        expect(await t.db(fixture.kind.assignmentTable).where('tag_id', tag.id)).toEqual([]);
        expect(await ownerTags(owners[0] as OwnerKey)).toEqual([]);
      });

      it('requires operator authentication', async () => {
        const tag = await createTag('guarded');
        const anonymous = [
          t.request(base),
          t.request(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[{"name":"sneaky"}]' }),
          t.request(`${base}/${tag.id}`, { method: 'DELETE' }),
          t.request(`${base}/${tag.id}/assigned/${fixture.unknownOwner}`, { method: 'POST' }),
          t.request(fixture.ownerTagsPath(fixture.unknownOwner)),
        ];
        for (const response of await Promise.all(anonymous)) expect(response.status).toBe(401);
        expect((await send('GET', base, undefined, basicAuth('admin', 'wrong'))).status).toBe(401);
        expect(await getTag(tag.id)).toEqual(tag);
      });
    });

    describe('lists', () => {
      beforeEach(async () => {
        await t.db(fixture.kind.table).delete();
      });
      const list = async (query = '') => {
        const response = await send('GET', `${base}${query}`);
        expect(response.status).toBe(200);
        return (await response.json()) as { content: TagJson[]; total: number; size: number };
      };
      const names = async (query: string) => (await list(query)).content.map((tag) => tag.name);

      it('pages by offset and limit, sorted by id by default', async () => {
        const created = (await (
          await send(
            'POST',
            base,
            Array.from({ length: 7 }, (_, i) => ({ name: `p${i}` })),
          )
        ).json()) as TagJson[];
        const all = await list();
        expect(all).toEqual({ content: created, total: 7, size: 7 });
        expect(await list('?offset=2&limit=3')).toEqual({ content: created.slice(2, 5), total: 7, size: 3 });
        expect(await list('?offset=6&limit=3')).toMatchObject({ total: 7, size: 1 });
        expect(await list('?offset=-4&limit=0')).toMatchObject({ total: 7, size: 7 });
      });

      it('returns 50 entries by default and at most 500', async () => {
        const rows = Array.from({ length: 501 }, (_, i) => ({ name: `bulk-${String(i).padStart(3, '0')}`, ...FIXTURE_AUDIT }));
        for (let i = 0; i < rows.length; i += 100) await t.db(fixture.kind.table).insert(rows.slice(i, i + 100));
        expect(await list()).toMatchObject({ total: 501, size: 50 });
        expect(await list('?limit=1000')).toMatchObject({ total: 501, size: 500 });
      });

      it('sorts by id, name, description and colour in either direction', async () => {
        await send('POST', base, [
          { name: 'b', description: 'z', colour: 'blue' },
          { name: 'c', description: 'x', colour: 'blue' },
          { name: 'a', description: 'y', colour: 'red' },
        ]);
        expect(await names('?sort=name:ASC')).toEqual(['a', 'b', 'c']);
        expect(await names('?sort=NAME:desc')).toEqual(['c', 'b', 'a']);
        expect(await names('?sort=description:ASC')).toEqual(['c', 'a', 'b']);
        expect(await names('?sort=colour:DESC,id:DESC')).toEqual(['a', 'c', 'b']);
        expect(await names('?sort=id:DESC')).toEqual(['a', 'c', 'b']);
      });

      it.each([
        ['an unknown field', 'owner:ASC', 'hawkbit.server.error.rest.param.invalidField'],
        ['a bad direction', 'name:UP', 'hawkbit.server.error.rest.param.invalidDirection'],
        ['a bad syntax', 'name', 'hawkbit.server.error.rest.param.sortParamSyntax'],
      ])('refuses %s in sort with 400', async (_case, sort, errorCode) => {
        const response = await send('GET', `${base}?sort=${sort}`);
        await expectError(response, 400, errorCode);
      });

      it('counts the entities carrying each tag', async () => {
        const [one, two] = (await (await send('POST', base, [{ name: 'one' }, { name: 'two' }])).json()) as TagJson[];
        const owners = await fixture.createOwners(t, 3);
        await send('POST', `${base}/${one?.id}/assigned`, owners);
        await send('POST', `${base}/${two?.id}/assigned`, owners.slice(0, 1));
        expect((await list()).content.map((tag) => [tag.name, tag.assignedCount])).toEqual([
          ['one', 3],
          ['two', 1],
        ]);
      });
    });
  });
});
