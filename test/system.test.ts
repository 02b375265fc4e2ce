import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { basicAuth, startTestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const auth = { authorization: basicAuth() };

describe.each(DATABASE_KINDS)('system configuration on %s', (kind) => {
  const t = useTestApp(kind, {
    'ddi.polling_interval': '00:01:30',
    'ddi.confirmation_flow': true,
    'ddi.gateway_token': 'secret-gateway-token',
    rollout_approval_enabled: true,
    'cleanup.enabled': true,
    'cleanup.expiry_days': 2,
  });

  it('reports the configuration under hawkBit keys, without disclosing the gateway token', async () => {
    // The request's own origin (its Host header, when served over the network) makes the links.
    const response = await t.request('http://ota.example.com/rest/v1/system/configs', { headers: auth });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, { value: unknown; global: boolean; _links: { self: { href: string } } }>;
    const values = Object.fromEntries(Object.entries(body).map(([key, entry]) => [key, entry.value]));
    const osApp = await t.db('distribution_set_types').where('key', 'os_app').first<{ id: number }>('id');
    expect(values).toEqual({
      pollingTime: '00:01:30',
      pollingOverdueTime: '00:01:30',
      'authentication.targettoken.enabled': true,
      'authentication.gatewaytoken.enabled': true,
      'authentication.header.enabled': false,
      'authentication.anonymous.enabled': false,
      'user.confirmation.flow.enabled': true,
      'rollout.approval.enabled': true,
      'auto.assignment.approval.enabled': false,
      'repository.actions.autoclose.enabled': true,
      'multi.assignments.enabled': false,
      'batch.assignments.enabled': false,
      'implicit.lock.enabled': true,
      'action.cleanup.auto.expiry': 2 * 24 * 60 * 60 * 1000,
      'action.cleanup.auto.status': 'CANCELED,ERROR',
      'action.delete.allowed.statuses': 'CANCELED,FINISHED,ERROR,DOWNLOADED',
      'default.ds.type': osApp.id,
    });
    expect(JSON.stringify(body)).not.toContain('secret-gateway-token');
    expect(body['pollingTime']).toMatchObject({ global: true, _links: { self: { href: 'http://ota.example.com/rest/v1/system/configs/pollingTime' } } });
  });

  it('reads one key', async () => {
    const response = await t.request('/rest/v1/system/configs/rollout.approval.enabled', { headers: auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ value: true, global: true });
  });

  it('answers an unknown key with 400 configKeyInvalid', async () => {
    const response = await t.request('/rest/v1/system/configs/no.such.key', { headers: auth });
    await expectError(response, 400, 'hawkbit.server.error.configKeyInvalid');
  });

  it.each([
    ['PUT', JSON.stringify({ value: '00:00:10' })],
    ['DELETE', undefined],
  ])('refuses %s with 403 and changes nothing', async (method, body) => {
    const response = await t.request('/rest/v1/system/configs/pollingTime', {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe('hawkbit.server.error.repo.tenantConfigurationValueChangeNotAllowed');
    const after = await t.request('/rest/v1/system/configs/pollingTime', { headers: auth });
    expect(((await after.json()) as { value: string }).value).toBe('00:01:30');
  });

  it('uses the configured external url for links', async () => {
    const behindProxy = await startTestApp(kind, { url: 'https://updates.example.com/ota' });
    try {
      const response = await behindProxy.request('/rest/v1/system/configs/pollingTime', { headers: auth });
      expect(((await response.json()) as { _links: { self: { href: string } } })._links.self.href).toBe(
        'https://updates.example.com/ota/rest/v1/system/configs/pollingTime',
      );
    } finally {
      await behindProxy.close();
    }
  });

  it('requires authentication', async () => {
    expect((await t.request('/rest/v1/system/configs')).status).toBe(401);
  });
});
