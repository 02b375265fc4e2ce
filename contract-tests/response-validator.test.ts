import { beforeAll, describe, expect, it } from 'vitest';
import { loadResponseValidator, type ResponseValidator } from './response-validator.js';

const json = (status: number, body: unknown, contentType = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });

const exceptionInfo = { exceptionClass: 'x', errorCode: 'hawkbit.server.error.repo.entitiyNotFound', message: 'gone' };
const tag = { id: 1, name: 'lab', createdAt: 1, createdBy: 'a', lastModifiedAt: 1, lastModifiedBy: 'a', assignedCount: 0, _links: {} };

describe('response validator', () => {
  let validator: ResponseValidator;
  beforeAll(async () => {
    validator = await loadResponseValidator();
  });

  it('routes requests to operations as the server does, MD5SUM before the plain file name', () => {
    expect(validator.operationOf('GET', '/rest/v1/targets/dev-1?x=1')).toBe('getTarget');
    expect(validator.operationOf('HEAD', 'http://h/DEFAULT/controller/v1/d/softwaremodules/1/artifacts/a.swu')).toBe('downloadArtifact');
    expect(validator.operationOf('GET', '/DEFAULT/controller/v1/d/softwaremodules/1/artifacts/a.swu.MD5SUM')).toBe('downloadArtifactMd5');
    expect(validator.operationOf('GET', '/rest/v1/nothing')).toBeUndefined();
  });

  it('accepts a declared status with a body matching its schema', async () => {
    expect(await validator.violations('GET', '/rest/v1/targettags/1', json(200, tag))).toEqual([]);
    expect(await validator.violations('GET', '/rest/v1/targettags/1', json(404, exceptionInfo))).toEqual([]);
  });

  it('reports an undeclared status', async () => {
    expect(await validator.violations('GET', '/rest/v1/targettags/1', json(418, exceptionInfo))).toEqual(['getTargetTag 418: status 418 is not declared']);
  });

  it('reports a body that breaks the schema, with where and why', async () => {
    const [violation] = await validator.violations('GET', '/rest/v1/targettags/1', json(200, { ...tag, name: undefined, id: 'one' }));
    expect(violation).toMatch(/^getTargetTag 200: body /);
    expect(violation).toContain("must have required property 'name'");
    expect(violation).toContain('/id must be integer');
  });

  it('reports an undeclared Content-Type, a body where none is declared, and a body that is not JSON', async () => {
    expect(await validator.violations('GET', '/rest/v1/targettags/1', json(200, tag, 'text/html'))).toEqual([
      'getTargetTag 200: Content-Type text/html is not declared (application/json)',
    ]);
    const feedback = '/DEFAULT/controller/v1/d/deploymentBase/1/feedback';
    expect(await validator.violations('POST', feedback, new Response('x', { status: 200 }))).toEqual([
      'postDeploymentBaseActionFeedback 200: Content-Type text/plain is not declared (no body)',
    ]);
    const broken = new Response('{', { status: 200, headers: { 'content-type': 'application/json' } });
    expect(await validator.violations('GET', '/rest/v1/targettags/1', broken)).toEqual(['getTargetTag 200: the body is not JSON: {']);
  });

  it('accepts 304 without a body, HEAD without a body and checksum text', async () => {
    const poll = '/DEFAULT/controller/v1/dev-1';
    expect(await validator.violations('GET', poll, new Response(null, { status: 304, headers: { etag: '"x"' } }))).toEqual([]);
    const head = new Response(null, { status: 200, headers: { 'content-type': 'application/hal+json' } });
    expect(await validator.violations('HEAD', poll, head)).toEqual([]);
    const md5 = new Response('abc  a.swu', { status: 200, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(await validator.violations('GET', '/DEFAULT/controller/v1/d/softwaremodules/1/artifacts/a.swu.MD5SUM', md5)).toEqual([]);
  });

  it('checks declared headers that are present', async () => {
    const retry = new Response(JSON.stringify(exceptionInfo), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': 'soon' },
    });
    expect(await validator.violations('POST', '/rest/v1/login', retry)).toEqual(['login 429: header Retry-After: "soon" / must be integer']);
  });
});
