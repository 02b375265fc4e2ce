import { beforeAll, describe, expect, it, vi } from 'vitest';
import { applyPollingOverrides } from '../src/targets/polling-overrides.js';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { AUTH, getJson, send, type Json } from './support/target-fixtures.js';
import { createTargetTag } from './support/tag-fixtures.js';
import { createTargetType } from './support/types-api.js';
import { useTestApp } from './support/use-test-app.js';

const GATEWAY = 'gateway-secret';
const MINUTE = 60_000;
const OVERRIDES = [
  { query: 'attribute.hw==rev2', interval: '00:02:00' },
  { query: 'group==eu*', interval: '00:10:00~10%' },
  { query: 'tag==slow,type.key==sensor', interval: '02:00:00' },
  { query: 'type.name==Beacon', interval: '03:00:00' },
];

interface Poll {
  config: { polling: { sleep: string } };
}

const seconds = (time: string) => time.split(':').reduce((total, part) => total * 60 + Number(part), 0);

// decision 110; the test clock starts at 2026-11-21 12:00 UTC
describe.each(DATABASE_KINDS)('per-target polling overrides on %s', (kind) => {
  let set: number;
  let sensorType: number;
  const sleepOf = async (cid: string) => {
    const response = await t.request(`/DEFAULT/controller/v1/${cid}`, { headers: { authorization: `GatewayToken ${GATEWAY}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as Poll).config.polling.sleep;
  };
  const configData = async (cid: string, data: Record<string, string>, mode = 'merge') => {
    const response = await t.request(`/DEFAULT/controller/v1/${cid}/configData`, {
      method: 'PUT',
      headers: { authorization: `GatewayToken ${GATEWAY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data, mode }),
    });
    expect(response.status).toBe(200);
  };
  const ok = async (response: Promise<Response>) => {
    const answer = await response;
    expect(answer.status, await answer.clone().text()).toBeLessThan(300);
    return answer;
  };
  const inGroupBounds = (sleep: string) => seconds(sleep) >= 540 && seconds(sleep) <= 660;

  const t = useTestApp(kind, { 'ddi.gateway_token': GATEWAY, 'ddi.polling_interval': '01:00:00', 'ddi.polling_overrides': OVERRIDES });
  beforeAll(async () => {
    set = await createSet(t);
    sensorType = await createTargetType(t, { name: 'Sensor', key: 'sensor' });
  });

  it('answers the default to a target no override matches, from its first poll on', async () => {
    expect(await sleepOf('plain-1')).toBe('01:00:00');
    expect(await sleepOf('plain-1')).toBe('01:00:00');
  });

  it('answers the interval of the override the uploaded attributes match, and the first match wins', async () => {
    const cid = await createTarget(t, { group: 'eu/berlin' });
    await sleepOf(cid);
    await configData(cid, { hw: 'rev2' });
    expect(await sleepOf(cid)).toBe('00:02:00');
    await configData(cid, { hw: 'rev3' });
    expect(inGroupBounds(await sleepOf(cid))).toBe(true);
  });

  it('varies the interval by at most the deviation, per poll', async () => {
    const cid = await createTarget(t, { group: 'eu' });
    const seen = new Set<string>();
    await vi.waitFor(
      async () => {
        const sleep = await sleepOf(cid);
        expect(inGroupBounds(sleep), sleep).toBe(true);
        seen.add(sleep);
        expect(seen.size).toBeGreaterThan(2);
      },
      { timeout: 20_000, interval: 1 },
    );
  });

  it('follows the operator moving a target between groups, tags and types', async () => {
    const cid = await createTarget(t);
    expect(await sleepOf(cid)).toBe('01:00:00');

    await ok(t.request(`/rest/v1/targets/${cid}`, send('PUT', { group: 'eu-west' })));
    expect(inGroupBounds(await sleepOf(cid))).toBe(true);
    await ok(t.request('/rest/v1/targetgroups/assigned?group=us', send('PUT', [cid])));
    expect(await sleepOf(cid)).toBe('01:00:00');

    const tagId = await createTargetTag(t, { name: 'slow' });
    await ok(t.request(`/rest/v1/targettags/${tagId}/assigned`, send('POST', [cid])));
    expect(await sleepOf(cid)).toBe('02:00:00');
    await ok(t.request(`/rest/v1/targettags/${tagId}`, send('PUT', { name: 'fast' })));
    expect(await sleepOf(cid)).toBe('01:00:00');
    await ok(t.request(`/rest/v1/targettags/${tagId}`, send('PUT', { name: 'slow' })));
    expect(await sleepOf(cid)).toBe('02:00:00');
    await ok(t.request(`/rest/v1/targettags/${tagId}`, { method: 'DELETE', headers: AUTH }));
    expect(await sleepOf(cid)).toBe('01:00:00');

    await ok(t.request(`/rest/v1/targets/${cid}/targettype`, send('POST', { id: sensorType })));
    expect(await sleepOf(cid)).toBe('02:00:00');
    await ok(t.request(`/rest/v1/targets/${cid}/targettype`, { method: 'DELETE', headers: AUTH }));
    expect(await sleepOf(cid)).toBe('01:00:00');
  });

  it('follows the operator renaming the type of a target', async () => {
    const typeId = await createTargetType(t, { name: 'Lamp', key: 'lamp' });
    const cid = await createTarget(t);
    await ok(t.request(`/rest/v1/targets/${cid}/targettype`, send('POST', { id: typeId })));
    expect(await sleepOf(cid)).toBe('01:00:00');
    await ok(t.request(`/rest/v1/targettypes/${typeId}`, send('PUT', { name: 'Beacon' })));
    expect(await sleepOf(cid)).toBe('03:00:00');
    await ok(t.request(`/rest/v1/targettypes/${typeId}`, send('PUT', { name: 'Lamp' })));
    expect(await sleepOf(cid)).toBe('01:00:00');
  });

  it('matches targets the operator creates', async () => {
    const cid = await createTarget(t, { group: 'eu' });
    expect(inGroupBounds(await sleepOf(cid))).toBe(true);
  });

  it('still shortens the sleep before a maintenance window, the override being the ceiling', async () => {
    const cid = await createTarget(t);
    await configData(cid, { hw: 'rev2' });
    // daily 13:00 UTC, an hour ahead: a third of it (20 min) is above the override's 2 min
    await assignOk(t, cid, { id: set, maintenanceWindow: { schedule: '0 0 13 * * ?', duration: '00:30:00', timezone: '+00:00' } });
    expect(await sleepOf(cid)).toBe('00:02:00');

    const slow = await createTarget(t);
    await ok(t.request(`/rest/v1/targettags/${await createTargetTag(t, { name: 'slow' })}/assigned`, send('POST', [slow])));
    expect(await sleepOf(slow)).toBe('02:00:00');
    await assignOk(t, slow, { id: set, maintenanceWindow: { schedule: '0 0 13 * * ?', duration: '00:30:00', timezone: '+00:00' } });
    expect(await sleepOf(slow)).toBe('00:20:00');
  });

  it('computes the poll status with the target own interval, without deviation', async () => {
    const cid = await createTarget(t);
    await configData(cid, { hw: 'rev2' });
    await sleepOf(cid);
    const polledAt = t.clock();
    const start = t.clock();
    try {
      const status = async () => (await getJson<Json>(t, `/rest/v1/targets/${cid}`))['pollStatus'];
      expect(await status()).toEqual({ lastRequestAt: polledAt, nextExpectedRequestAt: polledAt + 2 * MINUTE, overdue: false });
      t.clock.advance(4 * MINUTE);
      expect(await status()).toMatchObject({ overdue: false });
      t.clock.advance(1);
      expect(await status()).toMatchObject({ overdue: true });
    } finally {
      t.clock.advance(start - t.clock());
    }
  });

  it("reports hawkBit's pollingTime with the overrides in /system/configs", async () => {
    const body = await getJson<{ value: string }>(t, '/rest/v1/system/configs/pollingTime');
    expect(body.value).toBe(
      '01:00:00, attribute.hw==rev2 -> 00:02:00, group==eu* -> 00:10:00~10%, tag==slow,type.key==sensor -> 02:00:00, type.name==Beacon -> 03:00:00',
    );
    expect((await getJson<{ value: string }>(t, '/rest/v1/system/configs/pollingOverdueTime')).value).toBe('01:00:00');
  });

  // last: it changes the stored overrides under the running app, as a restart with another configuration would
  it('recomputes every target once when a start brings another list, and not again for the same list', async () => {
    const cid = await createTarget(t, { name: 'canary-1' });
    expect(await sleepOf(cid)).toBe('01:00:00');
    const changed = [{ query: 'name==canary-*', interval: '00:00:45' }];
    expect(await applyPollingOverrides(t.db, changed)).toBe(true);
    expect(await applyPollingOverrides(t.db, changed)).toBe(false);
    expect(await sleepOf(cid)).toBe('00:00:45');
    expect(await sleepOf('plain-1')).toBe('01:00:00');
    expect(await applyPollingOverrides(t.db, [])).toBe(true);
    expect(await sleepOf(cid)).toBe('01:00:00');
  });
});
