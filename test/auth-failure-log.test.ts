import { describe, expect, it } from 'vitest';
import { scheduledJobs } from '../src/services.js';
import { DATABASE_KINDS } from './support/databases.js';
import { basicAuth } from './support/test-app.js';
import { capturingLogger } from './support/test-server.js';
import { useTestApp } from './support/use-test-app.js';

describe.each(DATABASE_KINDS)('authentication failures in the log, on %s', (kind) => {
  const capture = capturingLogger();
  const t = useTestApp(kind, { 'ddi.gateway_token': 'the-gateway-token' }, { logger: capture.logger });
  const warnings = () => capture.lines().filter((line) => line.level === 40);
  const flush = () =>
    scheduledJobs(t.services, t.config)
      .find((job) => job.name === 'flush-authentication-failure-logs')
      ?.run();

  it('writes one line per surface and minute however many fail, then their count', async () => {
    for (let i = 0; i < 30; i++) {
      const address = `192.0.2.${i % 3}`;
      expect((await t.request('/rest/v1/session', { headers: { authorization: basicAuth('admin', 'wrong') } }, address)).status).toBeGreaterThanOrEqual(401);
      const poll = await t.request('/DEFAULT/controller/v1/dev-1', { headers: { authorization: 'GatewayToken wrong' } }, address);
      expect(poll.status).toBe(401);
    }
    expect(warnings().map((line) => line.msg)).toEqual(['operator authentication failed', 'device authentication failed']);

    t.clock.advance(60_000);
    await flush();
    expect(
      warnings()
        .slice(2)
        .map((line) => line.msg),
    ).toEqual([
      '29 more operator authentication failures in the last 60 s (from 3 addresses)',
      '29 more device authentication failures in the last 60 s (from 3 addresses)',
    ]);
  });

  it('counts and logs failed logins through POST /rest/v1/login as it does failed Basic authentications', async () => {
    t.clock.advance(60_000);
    const before = warnings().length;
    const login = (password: string) =>
      t.request(
        '/rest/v1/login',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) },
        '192.0.2.50',
      );
    const statuses: number[] = [];
    for (let i = 0; i <= t.config.mgmt.maxFailedLogins; i++) statuses.push((await login(`wrong-${i}`)).status);
    expect(statuses).toEqual([...Array<number>(t.config.mgmt.maxFailedLogins).fill(401), 429]);
    expect(warnings().slice(before)).toEqual([
      expect.objectContaining({ msg: 'operator authentication failed', clientAddress: '192.0.2.50', errorCode: 'hawkbit.server.error.unauthorized' }),
    ]);

    t.clock.advance(60_000);
    await flush();
    expect(
      warnings()
        .slice(before + 1)
        .map((line) => line.msg),
    ).toEqual([`${t.config.mgmt.maxFailedLogins} more operator authentication failures in the last 60 s (from 1 addresses)`]);
  });
});
