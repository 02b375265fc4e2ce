import { beforeAll, describe, expect, it } from 'vitest';
import { createDevice, type DdiDevice } from './support/ddi-client.js';
import { DATABASE_KINDS } from './support/databases.js';
import { actionOf, assignOk, cancel, createSet } from './support/deployment-fixtures.js';
import { getJson, type JsonPage } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';

const deny = (device: DdiDevice, actionId: number, details: string[] = []) =>
  device.post(`/confirmationBase/${actionId}/feedback`, { confirmation: 'denied', details });
const confirm = (device: DdiDevice, actionId: number) => device.post(`/confirmationBase/${actionId}/feedback`, { confirmation: 'confirmed' });
/** The poll's links to the device's active action. */
const linkRels = async (device: DdiDevice) =>
  Object.keys((await device.poll())._links ?? {}).filter((rel) => ['confirmationBase', 'deploymentBase', 'cancelAction'].includes(rel));

/**
 * Decision 201: with the confirmation flow on, a device that confirmed an action and has not installed it yet
 * revokes its confirmation with `denied`; the action waits for its confirmation again (hawkBit's
 * JpaConfirmationManagement.denyAction).
 */
describe.each(DATABASE_KINDS)('a device revokes its confirmation on %s', (kind) => {
  let set: number;
  const t = useTestApp(kind, { 'ddi.confirmation_flow': true });
  beforeAll(async () => {
    set = await createSet(t);
  });

  /** A device whose action it has confirmed: running, offered as deploymentBase. */
  async function confirmed() {
    const device = await createDevice(t);
    const actionId = await assignOk(t, device.controllerId, { id: set });
    expect((await confirm(device, actionId)).status).toBe(200);
    expect(await linkRels(device)).toEqual(['deploymentBase']);
    return { device, actionId };
  }

  it('denied after confirmed: the action waits again, the poll offers confirmationBase, and it may be confirmed again', async () => {
    const { device, actionId } = await confirmed();
    expect((await deny(device, actionId, ['consent withdrawn'])).status).toBe(200);
    expect(await actionOf(t, device.controllerId, actionId)).toMatchObject({ status: 'pending', detailStatus: 'wait_for_confirmation' });
    const history = (await getJson<JsonPage>(t, `/rest/v1/targets/${device.controllerId}/actions/${actionId}/status?sort=id:DESC`)).content;
    expect(history[0]).toMatchObject({ type: 'wait_for_confirmation', messages: ['consent withdrawn'] });
    expect(await linkRels(device)).toEqual(['confirmationBase']);
    expect((await device.get(`/deploymentBase/${actionId}`)).status).toBe(404);
    expect((await device.feedback(actionId, 'proceeding')).status).toBe(404);
    expect((await getJson(t, `/rest/v1/targets/${device.controllerId}`))['updateStatus']).toBe('pending');
    // a second denial keeps it waiting
    expect((await deny(device, actionId)).status).toBe(200);
    expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('wait_for_confirmation');
    expect((await confirm(device, actionId)).status).toBe(200);
    expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('running');
    expect(await linkRels(device)).toEqual(['deploymentBase']);
  });

  it('revokes an auto-confirmed action too; auto-confirm stays on', async () => {
    const device = await createDevice(t);
    expect((await device.post('/confirmationBase/activateAutoConfirm')).status).toBe(200);
    const actionId = await assignOk(t, device.controllerId, { id: set });
    expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('running');
    expect((await deny(device, actionId)).status).toBe(200);
    expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('wait_for_confirmation');
    expect((await getJson(t, `/rest/v1/targets/${device.controllerId}/autoConfirm`))['active']).toBe(true);
  });

  it('refuses a denial of a canceling action (404, it stays canceling) and of a closed one (410)', async () => {
    const { device, actionId } = await confirmed();
    expect((await cancel(t, device.controllerId, actionId)).status).toBe(204);
    expect((await deny(device, actionId)).status).toBe(404);
    expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('canceling');
    expect(await linkRels(device)).toEqual(['cancelAction']);
    const other = await confirmed();
    expect((await other.device.feedback(other.actionId, 'closed', 'success')).status).toBe(200);
    expect((await deny(other.device, other.actionId)).status).toBe(410);
    expect((await actionOf(t, other.device.controllerId, other.actionId))['detailStatus']).toBe('finished');
  });
});

describe.each(DATABASE_KINDS)('without the confirmation flow on %s', (kind) => {
  const t = useTestApp(kind);

  it('a denial of a running action is 404 and changes nothing: the action never waited for a confirmation', async () => {
    const device = await createDevice(t);
    const actionId = await assignOk(t, device.controllerId, { id: await createSet(t) });
    expect((await deny(device, actionId)).status).toBe(404);
    expect((await actionOf(t, device.controllerId, actionId))['detailStatus']).toBe('running');
    expect(await linkRels(device)).toEqual(['deploymentBase']);
  });
});
