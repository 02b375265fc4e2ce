import { beforeAll, describe, expect, it } from 'vitest';
import { LAPSED_MESSAGE } from '../src/ddi/lapsed-window.js';
import { DATABASE_KINDS } from './support/databases.js';
import { actionOf, assignOk, createSet, createTarget } from './support/deployment-fixtures.js';
import { getJson, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

const MINUTE = 60_000;
const GATEWAY = 'gateway-secret';

interface Poll {
  config: { polling: { sleep: string } };
  _links?: Record<string, { href: string }>;
}

// The test clock starts at 2026-11-21 12:00 UTC; the polling interval is 30 minutes.
describe.each(DATABASE_KINDS)('DDI poll with maintenance windows on %s', (kind) => {
  let set: number;
  const poll = async (cid: string, authorization = `GatewayToken ${GATEWAY}`) => {
    const response = await t.request(`/DEFAULT/controller/v1/${cid}`, { headers: { authorization } });
    expect(response.status).toBe(200);
    return (await response.json()) as Poll;
  };
  const linksOf = (body: Poll) => Object.keys(body._links ?? {}).filter((rel) => rel !== 'configData');
  const deployed = async (schedule: string, fields: Record<string, unknown> = {}) => {
    const cid = await createTarget(t, fields);
    const id = await assignOk(t, cid, { id: set, maintenanceWindow: { schedule, duration: '00:30:00', timezone: '+00:00' } });
    return { cid, id };
  };
  const entries = (cid: string, id: number) => getJson<JsonPage>(t, `/rest/v1/targets/${cid}/actions/${id}/status`);

  const t = useTestApp(kind, { 'ddi.gateway_token': GATEWAY, 'ddi.polling_interval': '00:30:00' });
  beforeAll(async () => {
    set = await createSet(t);
  });

  it('shortens the sleep to a third of the time to the next window, between 30 s and the interval', async () => {
    const start = t.clock();
    try {
      const { cid } = await deployed('0 0 13 * * ?'); // daily 13:00–13:30 UTC
      const sleeps: string[] = [];
      for (const minutes of [0, 55, 4, 2, 30]) {
        t.clock.advance(minutes * MINUTE);
        const body = await poll(cid);
        expect(linksOf(body)).toEqual(['deploymentBase']);
        sleeps.push(body.config.polling.sleep);
      }
      // 12:00 → 60 min / 3; 12:55 → 5 min / 3; 12:59 → 20 s, raised to 30 s; 13:01 open; 13:31 next window tomorrow
      expect(sleeps).toEqual(['00:20:00', '00:01:40', '00:00:30', '00:30:00', '00:30:00']);
    } finally {
      t.clock.advance(start - t.clock());
    }
  });

  it('answers the plain interval for an action without a window', async () => {
    const cid = await createTarget(t);
    await assignOk(t, cid, { id: set });
    expect((await poll(cid)).config.polling.sleep).toBe('00:30:00');
  });

  it('cancels an action whose schedule has lapsed when the device polls, and offers cancelAction', async () => {
    const start = t.clock();
    try {
      const { cid, id } = await deployed('0 0 13 21 11 ? 2026', { securityToken: 'lapse-token' }); // 13:00 today, once
      const asDevice = 'TargetToken lapse-token';
      expect(linksOf(await poll(cid, asDevice))).toEqual(['deploymentBase']);
      t.clock.advance(75 * MINUTE); // 13:15: the window is open
      expect(linksOf(await poll(cid, asDevice))).toEqual(['deploymentBase']);
      const before = (await entries(cid, id)).total;

      t.clock.advance(15 * MINUTE); // 13:30: the only window has closed
      const lapsed = await poll(cid, asDevice);
      expect(lapsed._links?.['cancelAction']?.href).toContain(`/cancelAction/${id}`);
      expect(linksOf(lapsed)).toEqual(['cancelAction']);
      expect(lapsed.config.polling.sleep).toBe('00:30:00');
      expect(await actionOf(t, cid, id)).toMatchObject({ detailStatus: 'canceling', active: true });
      const after = await entries(cid, id);
      expect(after.total).toBe(before + 1);
      expect(after.content.at(-1)).toMatchObject({ type: 'canceling', messages: ['Update Server: manual cancelation requested', LAPSED_MESSAGE] });

      expect(linksOf(await poll(cid, asDevice))).toEqual(['cancelAction']);
      expect((await entries(cid, id)).total).toBe(before + 1);
    } finally {
      t.clock.advance(start - t.clock());
    }
  });

  it('cancels a lapsed action when the device fetches its deploymentBase before polling again, and answers 404', async () => {
    const start = t.clock();
    try {
      const { cid, id } = await deployed('0 0 13 21 11 ? 2026', { securityToken: 'fetch-lapse-token' });
      const asDevice = { authorization: 'TargetToken fetch-lapse-token' };
      const deploymentBase = `/DEFAULT/controller/v1/${cid}/deploymentBase/${id}`;
      expect((await t.request(deploymentBase, { headers: asDevice })).status).toBe(200);
      const fetches = (await actionOf(t, cid, id))['deploymentFetchCount'];

      t.clock.advance(90 * MINUTE); // 13:30: the only window has closed
      expect((await t.request(deploymentBase, { headers: asDevice })).status).toBe(404);
      expect(await actionOf(t, cid, id)).toMatchObject({ detailStatus: 'canceling', active: true, deploymentFetchCount: fetches });
      expect((await entries(cid, id)).content.at(-1)).toMatchObject({
        type: 'canceling',
        messages: ['Update Server: manual cancelation requested', LAPSED_MESSAGE],
      });
      expect(linksOf(await poll(cid, asDevice.authorization))).toEqual(['cancelAction']);
    } finally {
      t.clock.advance(start - t.clock());
    }
  });
});
