import { createHash, randomBytes } from 'node:crypto';
import { expectError } from './support/expect-error.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { byteRangeParts, expectedParts, manyRanges } from './support/byteranges.js';
import { actionOf, assignOk, cancel, createSet } from './support/deployment-fixtures.js';
import { createModule, uploadArtifact, type ArtifactJson } from './support/software-module-api.js';
import { createTargets, getJson, patchTarget, type JsonPage } from './support/target-fixtures.js';
import { DATABASE_STORAGE_KINDS } from './support/storage-kinds.js';
import { useTestApp } from './support/use-test-app.js';

const GATEWAY = 'gateway-secret';
const ORIGIN = 'http://ota.example.com';
const MAX_STATUS_ENTRIES = 6;
const hex = (algorithm: string, bytes: Uint8Array) => createHash(algorithm).update(bytes).digest('hex');

interface DdiArtifactJson {
  filename: string;
  hashes: { sha1: string; md5: string; sha256: string };
  size: number;
  _links: Record<string, { href: string }>;
}

describe.each(DATABASE_STORAGE_KINDS)('DDI artifact downloads on %s with %s storage', (kind, storage) => {
  let serial = 0;
  const bytes = randomBytes(5000);
  const FILE = 'fw-1.2.3.swu';
  let moduleId: number;
  let setId: number;
  let artifact: ArtifactJson;

  const tokenOf = (cid: string) => ({ authorization: `TargetToken token-of-${cid}` });
  const path = (cid: string, file = FILE, module = moduleId) => `/DEFAULT/controller/v1/${cid}/softwaremodules/${module}/artifacts/${file}`;
  const download = (cid: string, headers: Record<string, string> = {}, { method = 'GET', file = FILE, module = moduleId } = {}) =>
    t.request(`${ORIGIN}${path(cid, file, module)}`, { method, headers: { ...tokenOf(cid), ...headers } });
  const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

  /** A target with the given token; `assigned` makes the set its assigned one through a real assignment. */
  const target = async ({ assigned = false } = {}) => {
    const cid = `device-${++serial}`;
    await createTargets(t, [{ controllerId: cid, securityToken: `token-of-${cid}` }]);
    const actionId = assigned ? await assignOk(t, cid, { id: setId }) : undefined;
    return { cid, actionId: actionId as number };
  };
  const entries = async (cid: string, actionId: number) => (await getJson<JsonPage>(t, `/rest/v1/targets/${cid}/actions/${actionId}/status?limit=500`)).content;
  const downloadEntries = async (cid: string, actionId: number) => (await entries(cid, actionId)).filter((entry) => entry['type'] === 'download');

  const t = useTestApp(kind, { 'ddi.gateway_token': GATEWAY, 'quota.max_status_entries_per_action': MAX_STATUS_ENTRIES }, { storage });
  beforeAll(async () => {
    moduleId = (await createModule(t, { type: 'os' })).id;
    artifact = await uploadArtifact(t, moduleId, bytes, { partName: FILE });
    await uploadArtifact(t, moduleId, 'second file', { partName: 'notes v2.txt' });
    setId = await createSet(t, { name: 'fw', version: '1.2.3', modules: [moduleId] });
  });

  describe('authentication', () => {
    it('serves the target token and the gateway token, on GET and on HEAD', async () => {
      const { cid } = await target({ assigned: true });
      for (const headers of [tokenOf(cid), { authorization: `GatewayToken ${GATEWAY}` }]) {
        const response = await t.request(path(cid), { headers });
        expect(response.status).toBe(200);
        expect(Buffer.compare(await body(response), bytes)).toBe(0);
        const head = await t.request(path(cid), { method: 'HEAD', headers });
        expect(head.status).toBe(200);
        expect(head.headers.get('content-length')).toBe('5000');
        expect(head.headers.get('etag')).toBe(`"${artifact.hashes.sha1}"`);
        expect((await body(head)).length).toBe(0);
      }
    });

    it.each([
      ['no credential', {}],
      ['another target’s token', { authorization: 'TargetToken token-of-someone-else' }],
      ['a wrong gateway token', { authorization: 'GatewayToken nope' }],
    ])('refuses %s with 401 and an empty body, also on HEAD and for the MD5SUM', async (_case, headers) => {
      const { cid } = await target({ assigned: true });
      for (const [method, file] of [
        ['GET', FILE],
        ['HEAD', FILE],
        ['GET', `${FILE}.MD5SUM`],
      ] as const) {
        const response = await t.request(path(cid, file), { method, headers });
        expect(response.status, `${method} ${file}`).toBe(401);
        expect(await response.text()).toBe('');
      }
    });
  });

  describe('access', () => {
    it('serves the modules of the assigned set', async () => {
      const { cid } = await target({ assigned: true });
      expect((await download(cid)).status).toBe(200);
    });

    it('serves the modules of the installed set', async () => {
      const { cid } = await target();
      await patchTarget(t.db, cid, { installed_distribution_set_id: setId });
      expect((await download(cid)).status).toBe(200);
      expect((await download(cid, {}, { file: `${FILE}.MD5SUM` })).status).toBe(200);
    });

    it('answers 404 for a module in neither set, also to the list and the MD5SUM', async () => {
      const { cid } = await target();
      for (const response of [
        await download(cid),
        await download(cid, {}, { method: 'HEAD' }),
        await download(cid, {}, { file: `${FILE}.MD5SUM` }),
        await t.request(`/DEFAULT/controller/v1/${cid}/softwaremodules/${moduleId}/artifacts`, { headers: tokenOf(cid) }),
      ]) {
        expect(response.status).toBe(404);
      }
      await expectError(await download(cid), 404, 'hawkbit.server.error.repo.entityNotFound');
    });

    it('answers 404 to a target asking for a module of another target’s set', async () => {
      await target({ assigned: true });
      const { cid } = await target();
      const response = await t.request(path(cid), { headers: { authorization: `GatewayToken ${GATEWAY}` } });
      expect(response.status).toBe(404);
    });

    it('answers an unknown target, module or file with 404 entityNotFound', async () => {
      const { cid } = await target({ assigned: true });
      const gateway = { authorization: `GatewayToken ${GATEWAY}` };
      const otherModule = (await createModule(t, { type: 'os' })).id;
      for (const [url, message] of [
        [path('nobody'), 'Target with given identifier {nobody} does not exist.'],
        [path(cid, FILE, 999_999), 'SoftwareModule with given identifier {999999} does not exist.'],
        [path(cid, FILE, otherModule), `SoftwareModule {${otherModule}} is not assigned to target {${cid}}.`],
        [path(cid, 'missing.swu'), 'Artifact with given identifier {missing.swu} does not exist.'],
        [path(cid, 'missing.swu.MD5SUM'), 'Artifact with given identifier {missing.swu} does not exist.'],
      ]) {
        const response = await t.request(url as string, { headers: gateway });
        expect((await expectError(response, 404, 'hawkbit.server.error.repo.entityNotFound')).message).toBe(message);
      }
    });
  });

  describe('list', () => {
    it('lists the module’s artifacts with hashes, sizes and links to the bytes and the MD5SUM', async () => {
      const { cid } = await target({ assigned: true });
      const response = await t.request(`${ORIGIN}/DEFAULT/controller/v1/${cid}/softwaremodules/${moduleId}/artifacts`, { headers: tokenOf(cid) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/hal+json');
      const [first, second] = (await response.json()) as DdiArtifactJson[];
      const href = `${ORIGIN}${path(cid)}`;
      expect(first).toEqual({
        filename: FILE,
        hashes: artifact.hashes,
        size: 5000,
        _links: { download: { href }, 'download-http': { href }, md5sum: { href: `${href}.MD5SUM` }, 'md5sum-http': { href: `${href}.MD5SUM` } },
      });
      expect(second?._links['download']?.href).toBe(`${ORIGIN}${path(cid, 'notes%20v2.txt')}`);
      // Each advertised link answers what it says.
      const bytesResponse = await t.request(first?._links['download-http']?.href as string, { headers: tokenOf(cid) });
      expect(hex('sha1', await body(bytesResponse))).toBe(first?.hashes.sha1);
      const encoded = await t.request(second?._links['download']?.href as string, { headers: tokenOf(cid) });
      expect(await encoded.text()).toBe('second file');
      const md5 = await t.request(first?._links['md5sum']?.href as string, { headers: tokenOf(cid) });
      expect(await md5.text()).toBe(`${hex('md5', bytes)}  ${FILE}`);
    });
  });

  describe('download', () => {
    let cid: string;
    beforeAll(async () => {
      ({ cid } = await target({ assigned: true }));
    });

    it('answers the uploaded bytes with hawkBit’s headers; their SHA-1 is the advertised one', async () => {
      const response = await download(cid);
      expect(response.status).toBe(200);
      const received = await body(response);
      expect(Buffer.compare(received, bytes)).toBe(0);
      expect(hex('sha1', received)).toBe(artifact.hashes.sha1);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': 'application/octet-stream',
        'content-length': '5000',
        'content-disposition': `attachment;filename=${FILE}`,
        etag: `"${artifact.hashes.sha1}"`,
        'last-modified': new Date(artifact.createdAt).toUTCString(),
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
      });
    });

    it.each([
      ['bytes=0-99', 0, 99],
      ['bytes=4990-', 4990, 4999],
      ['bytes=-10', 4990, 4999],
    ])('answers Range %s with 206 and exactly those bytes', async (range, first, last) => {
      const response = await download(cid, { range });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${first}-${last}/5000`);
      expect(Buffer.compare(await body(response), bytes.subarray(first, last + 1))).toBe(0);
    });

    it('resumes a download as SWUpdate does: the parts add up to the file', async () => {
      const head = await body(await download(cid, { range: 'bytes=0-2999' }));
      const rest = await download(cid, { range: 'bytes=3000-' });
      expect(rest.status).toBe(206);
      expect(Buffer.compare(Buffer.concat([head, await body(rest)]), bytes)).toBe(0);
    });

    it('answers a range past the end with 416 and Content-Range', async () => {
      const response = await download(cid, { range: 'bytes=5000-' });
      await expectError(response, 416, 'hawkbit.server.error.rest.rangeNotSatisfiable');
      expect(response.headers.get('content-range')).toBe('bytes */5000');
    });

    it.each([
      [
        'bytes=0-99,200-299',
        [
          [0, 99],
          [200, 299],
        ],
      ],
      [
        'bytes=-10,1000-1000,4000-4099,2000-2999',
        [
          [4990, 4999],
          [1000, 1000],
          [4000, 4099],
          [2000, 2999],
        ],
      ],
      [
        'bytes=0-9,4500-9999',
        [
          [0, 9],
          [4500, 4999],
        ],
      ],
      [
        'bytes=4000-4099, 0-9, 9000-',
        [
          [4000, 4099],
          [0, 9],
        ],
      ],
    ] as const)('answers Range %s with 206 multipart/byteranges, in the order asked, and records no download', async (range, ranges) => {
      const { cid, actionId } = await target({ assigned: true });
      const response = await download(cid, { range });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-type')).toBe('multipart/byteranges; boundary=THIS_STRING_SEPARATES_MULTIPART');
      const received = await body(response);
      expect(response.headers.get('content-length')).toBe(String(received.length));
      expect(byteRangeParts(response.headers.get('content-type'), received)).toEqual(expectedParts(bytes, ranges));
      expect(await downloadEntries(cid, actionId)).toEqual([]);
    });

    it.each([
      ['overlapping ranges', 'bytes=0-99,50-149'],
      ['ranges all past the end', 'bytes=5000-,6000-7000'],
      ['more than 200 ranges', manyRanges(201)],
    ])('answers %s with 416 and Content-Range', async (_, range) => {
      const { cid } = await target({ assigned: true });
      const response = await download(cid, { range });
      await expectError(response, 416, 'hawkbit.server.error.rest.rangeNotSatisfiable');
      expect(response.headers.get('content-range')).toBe('bytes */5000');
    });

    it('serves 200 ranges, as SWUpdate’s delta handler asks for up to 150', async () => {
      const { cid } = await target({ assigned: true });
      const response = await download(cid, { range: manyRanges(200) });
      expect(response.status).toBe(206);
      const parts = byteRangeParts(response.headers.get('content-type'), await body(response));
      expect(parts).toEqual(
        expectedParts(
          bytes,
          Array.from({ length: 200 }, (_, index) => [index * 2, index * 2] as const),
        ),
      );
    });

    it('applies the range only while If-Range names the current ETag', async () => {
      const same = await download(cid, { range: 'bytes=0-9', 'if-range': `"${artifact.hashes.sha1}"` });
      expect(same.status).toBe(206);
      expect((await body(same)).length).toBe(10);
      const changed = await download(cid, { range: 'bytes=0-9', 'if-range': '"another"' });
      expect(changed.status).toBe(200);
      expect(Buffer.compare(await body(changed), bytes)).toBe(0);
    });

    it('answers 412 to an If-Match naming another ETag, 304 to If-None-Match naming this one', async () => {
      const refused = await download(cid, { 'if-match': '"another"' });
      expect(refused.status).toBe(412);
      expect(await refused.text()).toBe('');
      expect((await download(cid, { 'if-match': `"${artifact.hashes.sha1}"`, range: 'bytes=0-0' })).status).toBe(206);
      expect((await download(cid, { 'if-none-match': `"${artifact.hashes.sha1}"` })).status).toBe(304);
    });

    it('answers the MD5SUM as md5sum writes it, for a file name with dots', async () => {
      const response = await download(cid, {}, { file: `${FILE}.MD5SUM` });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(`${hex('md5', bytes)}  ${FILE}`);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': 'text/plain',
        'content-disposition': `attachment;filename=${FILE}.MD5SUM`,
      });
      const head = await download(cid, {}, { method: 'HEAD', file: `${FILE}.MD5SUM` });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
    });
  });

  describe('the download status entry', () => {
    it('records a whole GET on the active action, leaving its status and deploymentFetchCount', async () => {
      const { cid, actionId } = await target({ assigned: true });
      await t.db('actions').where('id', actionId).update({ deployment_fetch_count: 2 });
      expect((await download(cid)).status).toBe(200);
      t.clock.advance(1000);
      expect((await download(cid, {}, { file: `${FILE}.MD5SUM` })).status).toBe(200);

      const recorded = await downloadEntries(cid, actionId);
      expect(recorded).toEqual([
        expect.objectContaining({ messages: [`Update Server: Target downloads ${path(cid)}`], reportedAt: t.clock() - 1000 }),
        expect.objectContaining({ messages: [`Update Server: Target downloads ${path(cid)}.MD5SUM`], reportedAt: t.clock() }),
      ]);
      expect(await actionOf(t, cid, actionId)).toMatchObject({ detailStatus: 'running', status: 'pending', deploymentFetchCount: 2 });
    });

    it('records nothing for ranges, HEAD, refused conditions or 304', async () => {
      const { cid, actionId } = await target({ assigned: true });
      const before = (await entries(cid, actionId)).length;
      await body(await download(cid, { range: 'bytes=0-99' }));
      await body(await download(cid, { range: 'bytes=0-9', 'if-range': '"another"' }));
      await download(cid, {}, { method: 'HEAD' });
      await download(cid, {}, { method: 'HEAD', file: `${FILE}.MD5SUM` });
      await download(cid, { 'if-match': '"another"' });
      await download(cid, { 'if-none-match': `"${artifact.hashes.sha1}"` });
      expect((await entries(cid, actionId)).length).toBe(before);
    });

    it('records nothing without an active action, or while it is canceling', async () => {
      const { cid, actionId } = await target({ assigned: true });
      expect((await cancel(t, cid, actionId)).status).toBe(204);
      await body(await download(cid));
      expect(await downloadEntries(cid, actionId)).toEqual([]);
      expect((await cancel(t, cid, actionId, true)).status).toBe(204);
      await patchTarget(t.db, cid, { installed_distribution_set_id: setId });
      expect((await download(cid)).status).toBe(200);
      expect(await t.db('action_status').where({ action_id: actionId, status: 'download' })).toEqual([]);
    });

    it('stops recording at the status entry quota, and still serves the bytes', async () => {
      const { cid, actionId } = await target({ assigned: true });
      for (let i = 0; i < MAX_STATUS_ENTRIES + 2; i++) {
        const response = await download(cid);
        expect(response.status).toBe(200);
        expect(Buffer.compare(await body(response), bytes)).toBe(0);
      }
      expect((await entries(cid, actionId)).length).toBe(MAX_STATUS_ENTRIES);
    });
  });
});
