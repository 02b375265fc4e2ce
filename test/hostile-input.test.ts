import { beforeAll, describe, expect, it } from 'vitest';
import { FIQL_LIMITS } from '../src/query/fiql.js';
import { DATABASE_KINDS } from './support/databases.js';
import { createDevice, type DdiDevice } from './support/ddi-client.js';
import { assignOk, createSet } from './support/deployment-fixtures.js';
import { createModule, uploadTempFiles } from './support/software-module-api.js';
import { AUTH } from './support/target-fixtures.js';
import { startTestApp, TEST_PASSWORD, TEST_USERNAME, type TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

const NOT_READABLE = 'hawkbit.server.error.rest.body.notReadable';
const UNSUPPORTED_MEDIA_TYPE = 'hawkbit.server.error.rest.unsupportedMediaType';
const CROSS_SITE = 'hawkbit.server.error.rest.crossSiteRequest';
const RSQL_SYNTAX = 'hawkbit.server.error.rest.param.rsqlParamSyntax';
const INVALID_SORT_FIELD = 'hawkbit.server.error.rest.param.invalidField';
const GATEWAY = { authorization: 'GatewayToken hostile-gateway' };
const DEVICE_TOKEN = 'hostile-device-token';

/** The tables a refused request could have written to. */
const TABLES = [
  'targets',
  'target_metadata',
  'target_attributes',
  'actions',
  'action_status',
  'artifacts',
  'distribution_sets',
  'target_filters',
  'auto_assignments',
  'rollouts',
  'sessions',
];

async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await t.db(table).count<{ n: number | string }[]>({ n: '*' });
    counts[table] = Number(row?.n);
  }
  return counts;
}

/** Asserts the status and hawkBit's error body. */
async function expectError(response: Response, status: number, errorCode: string): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['errorCode', 'exceptionClass', 'message']);
  expect(body['exceptionClass']).toMatch(/^[\w.]+\.\w+$/);
  expect(body['errorCode']).toBe(errorCode);
  expect(typeof body['message']).toBe('string');
}

/** A request with a body and the operator's credentials; the body is sent as given when it is a string. */
const withBody = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { ...AUTH, 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

const orQuery = (terms: number) => Array.from({ length: terms }, (_, index) => `name==n${index}`).join(',');
/** `(name==n0;(name==n1,(name==n2;(…innermost))))`: every level a group of its own, alternating AND and OR. */
const nestedQuery = (levels: number, innermost = 'name==last') =>
  Array.from({ length: levels }, (_, level) => `(name==n${level}${level % 2 === 0 ? ';' : ','}`).join('') + innermost + ')'.repeat(levels);
const inQuery = (values: number) => `name=in=(${Array.from({ length: values }, (_, index) => `n${index}`).join(',')})`;

describe.each(DATABASE_KINDS)('hostile input on %s', (kind) => {
  let device: DdiDevice;
  let setId: number;
  let actionId: number;

  /** Sends a request that must be refused and checks that no table changed. */
  async function refused(request: () => Promise<Response>, status: number, errorCode: string): Promise<void> {
    const before = await rowCounts(t);
    await expectError(await request(), status, errorCode);
    expect(await rowCounts(t)).toEqual(before);
  }

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => t.request(path, withBody('POST', body, headers));
  const get = (path: string, headers: Record<string, string> = AUTH) => t.request(path, { headers });

  const t = useTestApp(kind, { 'ddi.gateway_token': 'hostile-gateway' });
  beforeAll(async () => {
    device = await createDevice(t, { securityToken: DEVICE_TOKEN });
    setId = await createSet(t);
    actionId = await assignOk(t, device.controllerId, { id: setId });
  });

  describe('request bodies are read only as the media type the operation declares', () => {
    it.each([
      ['text/plain', 'text/plain'],
      ['text/plain with a charset', 'text/plain;charset=UTF-8'],
      ['a URL-encoded form', 'application/x-www-form-urlencoded'],
      ['a multipart form', 'multipart/form-data; boundary=x'],
      ['XML', 'application/xml'],
      ['a type that only starts like JSON', 'application/jsonx'],
    ])('refuses a deployment sent as %s with 415 and creates no action', async (_case, contentType) => {
      const target = await createDevice(t);
      await refused(
        () => post(`/rest/v1/targets/${target.controllerId}/assignedDS`, { id: setId }, { 'content-type': contentType }),
        415,
        UNSUPPORTED_MEDIA_TYPE,
      );
    });

    it('names the media type it reads in Accept', async () => {
      const response = await post(`/rest/v1/targets/${device.controllerId}/assignedDS`, { id: setId }, { 'content-type': 'text/plain' });
      expect(response.status).toBe(415);
      expect(response.headers.get('accept')).toBe('application/json');
    });

    it('refuses a JSON body without any Content-Type with 415', async () => {
      // A Blob without a type: fetch would label a string body text/plain itself.
      const body = new Blob([JSON.stringify([{ controllerId: 'untyped' }])]);
      await refused(() => t.request('/rest/v1/targets', { method: 'POST', headers: AUTH, body }), 415, UNSUPPORTED_MEDIA_TYPE);
      const response = await t.request('/rest/v1/targets', { method: 'POST', headers: AUTH, body });
      expect(response.headers.get('accept')).toBe('application/json');
    });

    it.each(['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/hal+json', 'application/vnd.example+json;v=1'])(
      'reads a JSON body sent as %s',
      async (contentType) => {
        const response = await post('/rest/v1/targets', [{ controllerId: `typed-${contentType.replace(/\W/g, '')}` }], { 'content-type': contentType });
        expect(response.status, await response.clone().text()).toBe(201);
      },
    );

    it('runs operations whose body is optional without a body and without a Content-Type', async () => {
      const target = await createDevice(t);
      const activate = await t.request(`/rest/v1/targets/${target.controllerId}/autoConfirm/activate`, { method: 'POST', headers: AUTH });
      expect(activate.status, await activate.clone().text()).toBe(204);
      const invalidate = await t.request(`/rest/v1/distributionsets/${await createSet(t)}/invalidate`, { method: 'POST', headers: AUTH });
      expect(invalidate.status, await invalidate.clone().text()).toBe(204);
    });

    it('refuses an optional body of another media type, even an empty one, with 415', async () => {
      const target = await createDevice(t);
      const activate = () =>
        t.request(`/rest/v1/targets/${target.controllerId}/autoConfirm/activate`, {
          method: 'POST',
          headers: { ...AUTH, 'content-type': 'text/plain' },
          body: '',
        });
      await refused(activate, 415, UNSUPPORTED_MEDIA_TYPE);
      const status = await get(`/rest/v1/targets/${target.controllerId}/autoConfirm`);
      expect(((await status.json()) as { active: boolean }).active).toBe(false);
    });

    it.each([
      ['JSON', { 'content-type': 'application/json' }],
      ['text/plain', { 'content-type': 'text/plain' }],
      ['no Content-Type', {}],
    ])('refuses an artifact upload sent as %s with 415 and keeps no file', async (_case, headers) => {
      const module = await createModule(t);
      const body = new Blob(['{"file":"x"}']);
      await refused(
        () => t.request(`/rest/v1/softwaremodules/${module.id}/artifacts`, { method: 'POST', headers: { ...AUTH, ...headers }, body }),
        415,
        UNSUPPORTED_MEDIA_TYPE,
      );
      expect(await uploadTempFiles(t)).toEqual([]);
    });

    it('refuses device feedback sent as text/plain with 415 and records nothing', async () => {
      const feedback = { status: { execution: 'proceeding', result: { finished: 'none' } } };
      const headers = { authorization: `TargetToken ${DEVICE_TOKEN}`, 'content-type': 'text/plain' };
      await refused(
        () => t.request(`${device.base}/deploymentBase/${actionId}/feedback`, { method: 'POST', headers, body: JSON.stringify(feedback) }),
        415,
        UNSUPPORTED_MEDIA_TYPE,
      );
    });
  });

  describe('state-changing management requests are refused when another site sent them', () => {
    it.each([
      ['an Origin of another site', { origin: 'https://attacker.example' }],
      ['an Origin of another port', { origin: 'http://localhost:8081' }],
      ['an Origin of another scheme and host', { origin: 'https://localhost.attacker.example' }],
      ['the opaque Origin null', { origin: 'null' }],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ])('refuses a deployment carrying %s with 403, though the credentials are right', async (_case, headers) => {
      const target = await createDevice(t);
      await refused(() => post(`/rest/v1/targets/${target.controllerId}/assignedDS`, { id: setId }, headers), 403, CROSS_SITE);
    });

    it('refuses a cross-site login with 403 and opens no session', async () => {
      const login = () =>
        t.request('/rest/v1/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
          body: JSON.stringify({ username: TEST_USERNAME, password: TEST_PASSWORD }),
        });
      await refused(login, 403, CROSS_SITE);
    });

    it('refuses before authentication: no credentials still answer 403', async () => {
      await refused(() => t.request('/rest/v1/targets', { method: 'POST', headers: { origin: 'https://attacker.example' } }), 403, CROSS_SITE);
    });

    it.each([
      ['its own Origin', { origin: 'http://localhost' }],
      ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }],
      ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
      ['neither header (a script)', {}],
    ])('accepts a request with %s', async (_case, headers) => {
      const response = await post('/rest/v1/targets', [{ controllerId: `own-${Object.values(headers).join('').replace(/\W/g, '')}` }], headers);
      expect(response.status, await response.clone().text()).toBe(201);
    });

    it('accepts a behind-the-proxy Origin that names the request host with https', async () => {
      const response = await t.request(
        'http://ota.example.com:443/rest/v1/targets',
        withBody('POST', [{ controllerId: 'proxied' }], { origin: 'https://ota.example.com' }),
      );
      expect(response.status, await response.clone().text()).toBe(201);
    });

    it('lets reads from anywhere through (the browser keeps their answers from the page)', async () => {
      expect((await get('/rest/v1/targets', { ...AUTH, origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' })).status).toBe(200);
    });

    it('leaves the device API alone: devices are not browsers', async () => {
      const response = await t.request(device.base, { headers: { authorization: `TargetToken ${DEVICE_TOKEN}`, origin: 'https://attacker.example' } });
      expect(response.status).toBe(200);
    });

    it('accepts the configured url as the origin when allowed_hosts lists the Host the proxy sends (decision 197)', async () => {
      const create = (app: TestApp, origin: string) =>
        app.request('/rest/v1/targets', withBody('POST', [{ controllerId: `via-${origin.length}` }], { origin }));
      const listed = await startTestApp(kind, { url: 'https://falconet.example.com', allowed_hosts: ['localhost'] });
      const unlisted = await startTestApp(kind, { url: 'https://falconet.example.com' });
      try {
        expect((await create(listed, 'https://falconet.example.com')).status).toBe(201);
        await expectError(await create(listed, 'https://attacker.example'), 403, CROSS_SITE);
        await expectError(await create(unlisted, 'https://falconet.example.com'), 403, CROSS_SITE);
      } finally {
        await listed.close();
        await unlisted.close();
      }
    });
  });

  describe('NUL, lone surrogates and broken percent-encodings are refused before anything reads them', () => {
    it.each([
      ['a NUL in a path parameter', '/rest/v1/targets/a%00b'],
      ['a control character in a path parameter', '/rest/v1/targets/a%0Ab'],
      ['an invalid UTF-8 sequence', '/rest/v1/targets/bad%C3%28'],
      ['a stray percent sign', '/rest/v1/targets/bad%ZZ'],
      ['an encoded lone surrogate', '/rest/v1/targets/a%ED%A0%80'],
      ['a NUL in a metadata key', `/rest/v1/targets/${'dev'}/metadata/k%00`],
      ['a NUL in q', '/rest/v1/targets?q=name==a%00b'],
      ['an invalid UTF-8 sequence in q', '/rest/v1/targets?q=name==%C3%28'],
    ])('answers %s with 400', async (_case, path) => {
      await refused(() => get(path), 400, NOT_READABLE);
    });

    it.each([
      ['a NUL', 'a%00b'],
      ['an invalid percent-encoding', 'bad%C3%28'],
      ['an encoded lone surrogate', 'bad%ED%B0%80'],
    ])('refuses a device path with %s before authentication, and registers nothing', async (_case, controllerId) => {
      await refused(() => get(`/DEFAULT/controller/v1/${controllerId}`, { authorization: 'TargetToken wrong' }), 400, NOT_READABLE);
      await refused(() => get(`/DEFAULT/controller/v1/${controllerId}`, GATEWAY), 400, NOT_READABLE);
      await refused(() => get(`/DEF%00AULT/controller/v1/dev-1`, GATEWAY), 400, NOT_READABLE);
    });

    it('refuses a download file name with a NUL', async () => {
      await refused(() => get(`${device.base}/softwaremodules/1/artifacts/a%00.bin`, { authorization: `TargetToken ${DEVICE_TOKEN}` }), 400, NOT_READABLE);
    });

    it.each([
      ['a NUL in a string', [{ controllerId: 'nul', name: 'a\u0000b' }]],
      ['a lone high surrogate', [{ controllerId: 'surrogate', description: 'a\ud800' }]],
      ['a lone low surrogate', [{ controllerId: 'surrogate', description: '\udc00b' }]],
      ['a NUL in the controllerId', [{ controllerId: 'a\u0000b' }]],
      ['a NUL in an object key', [{ controllerId: 'key', ['na\u0000me']: 'x' }]],
      ['a lone surrogate in an object key', [{ controllerId: 'key', ['\ud800']: 'x' }]],
    ])('refuses a target with %s in its body with 400', async (_case, body) => {
      await refused(() => post('/rest/v1/targets', body), 400, NOT_READABLE);
    });

    it('takes a well-formed surrogate pair (an emoji) as it is', async () => {
      const response = await post('/rest/v1/targets', [{ controllerId: 'emoji', name: 'rocket \ud83d\ude80' }]);
      expect(response.status).toBe(201);
      expect(((await response.json()) as { name: string }[])[0]?.name).toBe('rocket 🚀');
    });

    it('refuses NUL in metadata and in device reports at any depth', async () => {
      await refused(() => post(`/rest/v1/targets/${device.controllerId}/metadata`, [{ key: 'k', value: 'v\u0000' }]), 400, NOT_READABLE);
      const feedback = { status: { execution: 'proceeding', result: { finished: 'none' }, details: ['fine', 'not\u0000fine'] } };
      const headers = { authorization: `TargetToken ${DEVICE_TOKEN}` };
      await refused(() => post(`${device.base}/deploymentBase/${actionId}/feedback`, feedback, headers), 400, NOT_READABLE);
      await refused(() => t.request(`${device.base}/configData`, withBody('PUT', { data: { ['k\u0000']: 'v' } }, headers)), 400, NOT_READABLE);
    });

    it("stores attributes named after Object.prototype's members like any other", async () => {
      const body = '{"mode":"merge","data":{"__proto__":"p","constructor":"c","toString":"t"}}';
      const upload = await t.request(`${device.base}/configData`, withBody('PUT', body, { authorization: `TargetToken ${DEVICE_TOKEN}` }));
      expect(upload.status, await upload.clone().text()).toBe(200);
      const attributes = (await (await get(`/rest/v1/targets/${device.controllerId}/attributes`)).json()) as object;
      expect(Object.entries(attributes)).toEqual(
        expect.arrayContaining([
          ['__proto__', 'p'],
          ['constructor', 'c'],
          ['toString', 't'],
        ]),
      );
    });

    it('walks a deeply nested body without running out of stack', async () => {
      const deep = `[${'['.repeat(100_000)}${']'.repeat(100_000)}]`;
      await refused(() => post('/rest/v1/targets', deep), 400, NOT_READABLE);
      const deepNul = `[{"controllerId":"x","extra":${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}}]`;
      await refused(() => post('/rest/v1/targets', deepNul), 400, NOT_READABLE);
    });
  });

  describe('integers are range-checked', () => {
    const lists = [
      '/rest/v1/targets',
      '/rest/v1/distributionsets',
      '/rest/v1/softwaremodules',
      '/rest/v1/actions',
      '/rest/v1/rollouts',
      '/rest/v1/targetfilters',
      '/rest/v1/targettags',
    ];

    it.each(lists)('%s refuses an offset or limit that is no Java int with 400', async (list) => {
      for (const query of ['offset=99999999999999999999', 'offset=1e30', 'offset=2147483648', 'limit=1.5', 'limit=0x10', 'offset=1e3']) {
        await refused(() => get(`${list}?${query}`), 400, NOT_READABLE);
      }
    });

    it('keeps hawkBit reading of offsets below 0 and limits below 1', async () => {
      expect((await get('/rest/v1/targets?offset=-5&limit=0')).status).toBe(200);
      expect((await get('/rest/v1/targets?offset=2147483647')).status).toBe(200);
      expect((await get('/rest/v1/targets?offset=&limit=')).status).toBe(200);
    });

    it.each([
      ['an id beyond any id', () => '{"id": 99999999999999999999}'],
      ['a forcetime beyond a 64-bit integer', () => ({ id: setId, type: 'timeforced', forcetime: 1e30 })],
      ['a fractional id', () => ({ id: 1.5 })],
    ])('refuses a deployment with %s with 400', async (_case, body) => {
      const target = await createDevice(t);
      await refused(() => post(`/rest/v1/targets/${target.controllerId}/assignedDS`, body()), 400, NOT_READABLE);
    });

    it('refuses integers beyond their columns in rollouts, auto-assignments and device reports with 400', async () => {
      const rollout = { name: 'too-big', distributionSetId: setId, targetFilterQuery: 'name==*' };
      await refused(() => post('/rest/v1/rollouts', { ...rollout, amountGroups: 2147483648 }), 400, NOT_READABLE);
      await refused(
        () => post('/rest/v1/rollouts', { ...rollout, amountGroups: 1, dynamic: true, dynamicGroupTemplate: { targetCount: 2147483648 } }),
        400,
        NOT_READABLE,
      );
      const filter = (await (await post('/rest/v1/targetfilters', { name: 'ints', query: 'name==*' })).json()) as { id: number };
      await refused(() => post(`/rest/v1/targetfilters/${filter.id}/autoAssignDS`, { id: setId, weight: 2147483648 }), 400, NOT_READABLE);
      const headers = { authorization: `TargetToken ${DEVICE_TOKEN}` };
      const report = { status: { execution: 'proceeding', result: { finished: 'none' }, code: 2147483648 } };
      await refused(() => post(`${device.base}/deploymentBase/${actionId}/feedback`, report, headers), 400, NOT_READABLE);
      await refused(() => get(`${device.base}/deploymentBase/${actionId}?actionHistory=99999999999`, headers), 400, NOT_READABLE);
    });
  });

  describe("sort fields are the list's own", () => {
    it.each([
      '/rest/v1/targets',
      '/rest/v1/distributionsets',
      '/rest/v1/softwaremodules',
      '/rest/v1/actions',
      '/rest/v1/rollouts',
      '/rest/v1/targettags',
      '/rest/v1/softwaremoduletypes',
    ])('%s refuses the names of Object.prototype members with 400 invalidField', async (list) => {
      for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        await refused(() => get(`${list}?sort=${field}:ASC`), 400, INVALID_SORT_FIELD);
      }
    });
  });

  describe('FIQL queries are capped alike on both databases', () => {
    const { depth, comparisons, values } = FIQL_LIMITS;

    it.each([
      ['nested 900 deep', nestedQuery(900)],
      ['nested one level beyond the cap', nestedQuery(depth + 1)],
      ['of 1,100 OR terms', orQuery(1100)],
      ['of one comparison beyond the cap', orQuery(comparisons + 1)],
      ['with an =in= list of 5,000 values', inQuery(5000)],
      ['with one value beyond the cap', inQuery(values + 1)],
      ['inside 100,000 parentheses', `${'('.repeat(100_000)}name==a${')'.repeat(100_000)}`],
    ])('refuses a query %s with 400', async (_case, query) => {
      for (const list of ['/rest/v1/targets', '/rest/v1/distributionsets', '/rest/v1/rollouts', '/rest/v1/system/statistics']) {
        await refused(() => get(`${list}?q=${encodeURIComponent(query)}`), 400, RSQL_SYNTAX);
      }
    });

    it('counts no parenthesis inside a quoted value', async () => {
      const response = await get(`/rest/v1/targets?q=${encodeURIComponent(`name=='${'('.repeat(depth + 1)}'`)}`);
      expect(response.status, await response.clone().text()).toBe(200);
    });

    it.each([
      ['nested as deep as the cap', nestedQuery(depth)],
      ['of as many comparisons as the cap', orQuery(comparisons)],
      ['with as many values as the cap', inQuery(values)],
      ['nested as deep as the cap around a run of the remaining comparisons', nestedQuery(depth, orQuery(comparisons - depth))],
      ['of as many tag comparisons as the cap', Array.from({ length: comparisons }, (_, index) => `tag==t${index}`).join(',')],
    ])('answers a query %s on every list that takes one', async (_case, query) => {
      for (const list of ['/rest/v1/targets', '/rest/v1/system/statistics']) {
        const response = await get(`${list}?q=${encodeURIComponent(query)}`);
        expect(response.status, await response.clone().text()).toBe(200);
      }
    });

    it('refuses a stored filter or rollout beyond the cap, and stores nothing', async () => {
      const deep = nestedQuery(depth + 1);
      await refused(() => post('/rest/v1/targetfilters', { name: 'deep', query: deep }), 400, RSQL_SYNTAX);
      await refused(() => post('/rest/v1/rollouts', { name: 'deep', distributionSetId: setId, targetFilterQuery: deep, amountGroups: 1 }), 400, RSQL_SYNTAX);
    });
  });

  describe('artifact file names', () => {
    it.each([
      ['..', '..'],
      ['.', '.'],
      ['a slash', 'a/b.bin'],
      ['a backslash', 'a\\b.bin'],
      ['a NUL', 'a\u0000b.bin'],
      ['a control character', 'a\u0001b.bin'],
      ['a C1 control character', 'a\u0085b.bin'],
    ])('refuses a name that is %s with 400 and keeps no file', async (_case, filename) => {
      const module = await createModule(t);
      const form = new FormData();
      form.append('filename', filename);
      form.append('file', new Blob(['firmware']), 'part.bin');
      await refused(() => t.request(`/rest/v1/softwaremodules/${module.id}/artifacts`, { method: 'POST', headers: AUTH, body: form }), 400, NOT_READABLE);
      expect(await uploadTempFiles(t)).toEqual([]);
    });

    it('takes a name with dots that is not . or ..', async () => {
      const module = await createModule(t);
      const form = new FormData();
      form.append('file', new Blob(['firmware']), '..firmware..bin');
      const response = await t.request(`/rest/v1/softwaremodules/${module.id}/artifacts`, { method: 'POST', headers: AUTH, body: form });
      expect(response.status, await response.clone().text()).toBe(201);
    });
  });
});
