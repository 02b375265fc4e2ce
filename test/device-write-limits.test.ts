import { describe, expect, it } from 'vitest';
import { createDevice, type DdiDevice } from './support/ddi-client.js';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, createSet } from './support/deployment-fixtures.js';
import { getJson, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

/** What one device may store (decision 196): every limit answers 4xx and stores nothing. */
describe.each(DATABASE_KINDS)('device write limits on %s', (kind) => {
  const t = useTestApp(kind, { 'quota.max_messages_per_action': 10, 'quota.max_attribute_entries_per_target': 3 });

  const deployed = async () => {
    const device = await createDevice(t);
    const set = await createSet(t);
    return { device, actionId: await assignOk(t, device.controllerId, { id: set }) };
  };
  const messages = async (device: DdiDevice, actionId: number) =>
    (await getJson<JsonPage>(t, `/rest/v1/targets/${device.controllerId}/actions/${actionId}/status?limit=100`)).content.flatMap(
      (entry) => entry['messages'] as string[],
    );
  const tooMany = async (response: Response) => {
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ errorCode: 'hawkbit.server.error.quota.tooManyEntries' });
  };

  it('refuses a report whose message is longer than 50 messages of 512 characters, and stores nothing', async () => {
    const { device, actionId } = await deployed();
    const before = await messages(device, actionId);
    await tooMany(await device.feedback(actionId, 'proceeding', 'none', { details: ['x'.repeat(1_000_000)] }));
    await tooMany(await device.feedback(actionId, 'closed', 'success', { details: ['x'.repeat(50 * 512 + 1)] }));
    expect(await messages(device, actionId)).toEqual(before);
  });

  it("stores a message longer than 512 characters as several, as hawkBit's column does", async () => {
    const { device, actionId } = await deployed();
    const long = `${'a'.repeat(511)}😀${'b'.repeat(600)}`;
    expect((await device.feedback(actionId, 'proceeding', 'none', { details: [long] })).status).toBe(200);
    const parts = (await messages(device, actionId)).filter((message) => /^[ab😀]+$/u.test(message));
    expect(parts.map((part) => part.length)).toEqual([511, 512, 90]);
    expect(parts.join('')).toBe(long);
  });

  it('refuses reports past max_messages_per_action with 429, but takes the closing one', async () => {
    const { device, actionId } = await deployed();
    const before = (await messages(device, actionId)).length;
    const details = Array.from({ length: 10 - before }, (_, i) => `step ${i}`);
    expect((await device.feedback(actionId, 'proceeding', 'none', { details })).status).toBe(200);
    await tooMany(await device.feedback(actionId, 'proceeding', 'none', { details: ['one more'] }));
    expect(await messages(device, actionId)).toHaveLength(10);
    expect((await device.feedback(actionId, 'closed', 'success', { details: ['done'] })).status).toBe(200);
    expect(await messages(device, actionId)).toContain('done');
  });

  it('refuses attributes past max_attribute_entries_per_target (429) and keys or values over 128 characters (400)', async () => {
    const device = await createDevice(t);
    const attributes = () => getJson<Record<string, string>>(t, `/rest/v1/targets/${device.controllerId}/attributes`);
    expect((await device.put('/configData', { data: { a: '1', b: '2', c: '3' } })).status).toBe(200);
    await tooMany(await device.put('/configData', { data: { d: '4' } }));
    for (const data of [{ ['k'.repeat(129)]: '1' }, { a: 'v'.repeat(129) }]) {
      const refused = await device.put('/configData', { data, mode: 'replace' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ errorCode: 'hawkbit.server.error.repo.invalidTargetAttributes' });
    }
    expect(await attributes()).toEqual({ a: '1', b: '2', c: '3' });
  });
});
