import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { actionOf, assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { AUTH, getJson, send } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

describe.each(DATABASE_KINDS)('auto-confirm on %s', (kind) => {
  const t = useTestApp(kind, { 'ddi.confirmation_flow': true });
  const activate = (cid: string, body?: unknown) => t.request(`/rest/v1/targets/${cid}/autoConfirm/activate`, send('POST', body));

  it('is off for a new target, with a link to activate it', async () => {
    const cid = await createTarget(t);
    expect(await getJson(t, `/rest/v1/targets/${cid}/autoConfirm`)).toEqual({
      active: false,
      _links: { activate: { href: `http://localhost/rest/v1/targets/${cid}/autoConfirm/activate` } },
    });
  });

  it('activation releases every waiting action and records who and why', async () => {
    const cid = await createTarget(t);
    const id = await assignOk(t, cid, { id: await createSet(t) });
    expect((await actionOf(t, cid, id))['detailStatus']).toBe('wait_for_confirmation');
    expect((await activate(cid, { initiator: 'ops', remark: 'night shift' })).status).toBe(204);
    expect((await actionOf(t, cid, id))['detailStatus']).toBe('running');
    expect(await getJson(t, `/rest/v1/targets/${cid}/autoConfirm`)).toMatchObject({
      active: true,
      initiator: 'ops',
      remark: 'night shift',
      activatedAt: t.clock(),
      _links: { deactivate: { href: `http://localhost/rest/v1/targets/${cid}/autoConfirm/deactivate` } },
    });
    const entries = await getJson<{ content: { type: string }[] }>(t, `/rest/v1/targets/${cid}/actions/${id}/status`);
    expect(entries.content.map((entry) => entry.type)).toEqual(['wait_for_confirmation', 'running']);
    expect((await getJson(t, `/rest/v1/targets/${cid}`))['autoConfirmActive']).toBe(true);
  });

  it('refuses a second activation with 409, and deactivates', async () => {
    const cid = await createTarget(t);
    expect((await activate(cid)).status).toBe(204);
    const again = await activate(cid);
    await expectError(again, 409, 'hawkbit.server.error.repo.autoConfAlreadyActive');
    expect((await t.request(`/rest/v1/targets/${cid}/autoConfirm/deactivate`, send('POST'))).status).toBe(204);
    expect((await getJson(t, `/rest/v1/targets/${cid}/autoConfirm`))['active']).toBe(false);
    const id = await assignOk(t, cid, { id: await createSet(t) });
    expect((await actionOf(t, cid, id))['detailStatus']).toBe('wait_for_confirmation');
  });

  it('answers unknown targets with 404, bad bodies with 400 and no credentials with 401', async () => {
    expect((await t.request('/rest/v1/targets/nobody/autoConfirm', { headers: AUTH })).status).toBe(404);
    expect((await activate('nobody')).status).toBe(404);
    expect((await t.request('/rest/v1/targets/nobody/autoConfirm/deactivate', send('POST'))).status).toBe(404);
    const cid = await createTarget(t);
    expect((await activate(cid, { initiator: 7 })).status).toBe(400);
    expect((await getJson(t, `/rest/v1/targets/${cid}/autoConfirm`))['active']).toBe(false);
    expect((await t.request(`/rest/v1/targets/${cid}/autoConfirm`)).status).toBe(401);
  });
});
