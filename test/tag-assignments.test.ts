import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { TAG_KIND_FIXTURES, tagClient, type OwnerKey } from './support/tag-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

describe.each(DATABASE_KINDS)('tag assignment on %s', (database) => {
  describe.each(TAG_KIND_FIXTURES)('$label', (fixture) => {
    const { base, send, assignmentCount, createTag, getTag, ownerTags } = tagClient(() => t, fixture);

    const t = useTestApp(database);

    it('tags several entities at once, idempotently', async () => {
      const tag = await createTag('bulk-assign');
      const owners = await fixture.createOwners(t, 3);
      const response = await send('POST', `${base}/${tag.id}/assigned`, owners.slice(0, 2));
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      expect((await send('POST', `${base}/${tag.id}/assigned`, [...owners, owners[0]])).status).toBe(204);
      expect((await getTag(tag.id)).assignedCount).toBe(3);
      expect((await ownerTags(owners[2] as OwnerKey)).map((owned) => owned.id)).toEqual([tag.id]);
    });

    it("tags with hawkBit 0.8's PUT form as with the POST, answering 200, all or nothing", async () => {
      const tag = await createTag('legacy-put');
      const owners = await fixture.createOwners(t, 2);
      const response = await send('PUT', `${base}/${tag.id}/assigned`, owners);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
      expect((await send('PUT', `${base}/${tag.id}/assigned`, owners)).status).toBe(200);
      expect((await getTag(tag.id)).assignedCount).toBe(2);
      const refused = await send('PUT', `${base}/${tag.id}/assigned`, [fixture.unknownOwner]);
      expect(refused.status).toBe(404);
      expect((await getTag(tag.id)).assignedCount).toBe(2);
    });

    it('assigns nothing when one entity of the request is unknown, naming the missing ones', async () => {
      const tag = await createTag('all-or-nothing');
      const owners = await fixture.createOwners(t, 2);
      const before = await assignmentCount();
      const single = await send('POST', `${base}/${tag.id}/assigned`, [...owners, fixture.unknownOwner]);
      expect((await expectError(single, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toBe(
        `${fixture.kind.owner.entity} with given identifier {${fixture.unknownOwner}} does not exist.`,
      );
      const unknown = [fixture.unknownOwner, fixture.otherUnknownOwner];
      const several = await send('POST', `${base}/${tag.id}/assigned`, [unknown[0], owners[0], unknown[1]]);
      expect((await expectError(several, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toBe(
        `${fixture.kind.owner.entity}s with given identifiers {${unknown.join(',')}} do not exist.`,
      );
      expect(await assignmentCount()).toBe(before);
      expect((await getTag(tag.id)).assignedCount).toBe(0);
    });

    it('accepts an empty list as a no-op, and refuses bodies of the wrong shape with 400', async () => {
      const tag = await createTag('shapes');
      const before = await assignmentCount();
      expect((await send('POST', `${base}/${tag.id}/assigned`, [])).status).toBe(204);
      for (const body of [{ ids: [] }, [fixture.wrongOwnerItem], [null], '[1,']) {
        for (const method of ['POST', 'DELETE']) {
          const response = await send(method, `${base}/${tag.id}/assigned`, body);
          await expectError(response, 400, 'hawkbit.server.error.rest.body.notReadable');
        }
      }
      expect(await assignmentCount()).toBe(before);
    });

    it('answers 404 for an unknown tag on every assignment operation', async () => {
      const [owner] = await fixture.createOwners(t, 1);
      const responses = await Promise.all([
        send('POST', `${base}/424242/assigned`, [owner]),
        send('DELETE', `${base}/424242/assigned`, [owner]),
        send('POST', `${base}/424242/assigned/${owner}`),
        send('DELETE', `${base}/424242/assigned/${owner}`),
      ]);
      for (const response of responses) {
        expect((await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toBe(
          `${fixture.kind.entity} with given identifier {424242} does not exist.`,
        );
      }
    });

    it('untags several entities at once, idempotently and all or nothing', async () => {
      const tag = await createTag('bulk-unassign');
      const owners = await fixture.createOwners(t, 3);
      await send('POST', `${base}/${tag.id}/assigned`, owners);
      const refused = await send('DELETE', `${base}/${tag.id}/assigned`, [owners[0], fixture.unknownOwner]);
      expect(refused.status).toBe(404);
      expect((await getTag(tag.id)).assignedCount).toBe(3);
      expect((await send('DELETE', `${base}/${tag.id}/assigned`, owners.slice(0, 2))).status).toBe(204);
      expect((await send('DELETE', `${base}/${tag.id}/assigned`, owners.slice(0, 2))).status).toBe(204);
      expect((await getTag(tag.id)).assignedCount).toBe(1);
      expect(await ownerTags(owners[0] as OwnerKey)).toEqual([]);
    });

    it('tags and untags one entity by path, idempotently', async () => {
      const tag = await createTag('single');
      const [owner] = (await fixture.createOwners(t, 1)) as [OwnerKey];
      for (let i = 0; i < 2; i++) expect((await send('POST', `${base}/${tag.id}/assigned/${owner}`)).status).toBe(204);
      expect((await ownerTags(owner)).map((owned) => owned.name)).toEqual(['single']);
      for (let i = 0; i < 2; i++) expect((await send('DELETE', `${base}/${tag.id}/assigned/${owner}`)).status).toBe(204);
      expect(await ownerTags(owner)).toEqual([]);
      for (const method of ['POST', 'DELETE']) {
        const response = await send(method, `${base}/${tag.id}/assigned/${fixture.unknownOwner}`);
        expect((await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toContain(`{${fixture.unknownOwner}}`);
      }
    });

    it("lists an entity's tags in full, ordered by id, and 404 for an unknown entity", async () => {
      const first = await createTag('owned-1', { colour: 'teal' });
      const second = await createTag('owned-2');
      const [owner, bare] = (await fixture.createOwners(t, 2)) as [OwnerKey, OwnerKey];
      await send('POST', `${base}/${second.id}/assigned/${owner}`);
      await send('POST', `${base}/${first.id}/assigned/${owner}`);
      const response = await send('GET', fixture.ownerTagsPath(owner));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        { ...first, assignedCount: 1 },
        { ...second, assignedCount: 1 },
      ]);
      expect(await ownerTags(bare)).toEqual([]);
      const unknown = await send('GET', fixture.ownerTagsPath(fixture.unknownOwner));
      await expectError(unknown, 404, 'hawkbit.server.error.repo.entityNotFound');
    });

    it('drops the assignment when the tagged entity goes away', async () => {
      const tag = await createTag('cascade');
      const owners = await fixture.createOwners(t, 2);
      await send('POST', `${base}/${tag.id}/assigned`, owners);
      const column = fixture.kind.owner.key;
      await t
        .db(fixture.kind.owner.table)
        .where(column, owners[0] as OwnerKey)
        .delete();
      expect((await getTag(tag.id)).assignedCount).toBe(1);
    });

    it("lists the owners carrying the tag through the owners' own list, `q=tag==name`", async () => {
      const tag = await createTag('filtered');
      const owners = await fixture.createOwners(t, 3);
      await send('POST', `${base}/${tag.id}/assigned`, [owners[0], owners[2]]);
      const response = await send('GET', `${fixture.ownerList}?q=${encodeURIComponent('tag==filtered')}&sort=id:ASC`);
      expect(response.status).toBe(200);
      const { content } = (await response.json()) as { content: Record<string, unknown>[] };
      expect(content.map(fixture.ownerKeyOf)).toEqual([owners[0], owners[2]]);
    });
  });
});
