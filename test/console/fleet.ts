import { expect } from 'vitest';
import { assignOk, createSet } from '../support/deployment-fixtures.js';
import { createRollout } from '../support/rollout-fixtures.js';
import { createModule, uploadArtifact } from '../support/software-module-api.js';
import { createDistributionSetTag, createTargetTag } from '../support/tag-fixtures.js';
import { createFilter } from '../support/target-filter-fixtures.js';
import { createTargets, send, idOf } from '../support/target-fixtures.js';
import type { TestApp } from '../support/test-app.js';

/** A device speaking DDI with its own target token, as a real one would. */
export function device(t: TestApp, controllerId: string) {
  const base = `/DEFAULT/controller/v1/${controllerId}`;
  const headers = { authorization: `TargetToken token-${controllerId}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await t.request(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    expect(response.status, `${method} ${path}`).toBe(200);
    return response;
  };
  return {
    poll: () => call('GET', ''),
    attributes: (data: Record<string, string>) => call('PUT', '/configData', { mode: 'merge', data }),
    fetchDeployment: (actionId: number) => call('GET', `/deploymentBase/${actionId}`),
    report: (actionId: number, execution: string, finished = 'none', details: string[] = []) =>
      call('POST', `/deploymentBase/${actionId}/feedback`, { status: { execution, result: { finished }, details } }),
  };
}

async function createImageSet(t: TestApp, name: string, version: string): Promise<number> {
  const module = await createModule(t, { type: 'os', name: `${name}-os`, version, vendor: 'Falconet Labs' });
  await uploadArtifact(t, module.id, `${name} ${version} image\n`.repeat(2000), { partName: `${name}-${version}.swu` });
  return createSet(t, { name, version, modules: [module.id] });
}

const SITES = ['eu/berlin', 'eu/paris', 'us/austin'] as const;

/**
 * 24 gateways over three sites: most registered, six updated to 2.0.0, one failed, one (gw-berlin-01)
 * running the update to 2.1.0 with device attributes; tags, a filter, two sets, and two rollouts of 2.1.0
 * waiting for approval (Austin in two groups, Paris in one).
 */
export async function seedFleet(t: TestApp) {
  const oldSet = await createImageSet(t, 'gateway-image', '2.0.0');
  const newSet = await createImageSet(t, 'gateway-image', '2.1.0');
  const ids = Array.from({ length: 24 }, (_, i) => {
    const site = SITES[i % 3] as string;
    return { controllerId: `gw-${site.split('/')[1] as string}-${String(Math.floor(i / 3) + 1).padStart(2, '0')}`, group: site };
  });
  await createTargets(
    t,
    ids.map(({ controllerId, group }) => ({ controllerId, name: `Gateway ${controllerId.slice(3)}`, group, securityToken: `token-${controllerId}` })),
  );
  for (const { controllerId } of ids.slice(0, 20)) await device(t, controllerId).poll();
  for (const { controllerId } of ids.slice(3, 9)) {
    const actionId = await assignOk(t, controllerId, { id: oldSet, type: 'forced' });
    await device(t, controllerId).report(actionId, 'closed', 'success', ['installed']);
  }
  const failed = await assignOk(t, 'gw-paris-04', { id: oldSet, type: 'forced' });
  await device(t, 'gw-paris-04').report(failed, 'closed', 'failure', ['checksum mismatch']);

  const berlin = device(t, 'gw-berlin-01');
  await berlin.attributes({ board: 'imx8mm-evk', hwRevision: 'C', bootloader: 'u-boot 2024.04' });
  const runningAction = await assignOk(t, 'gw-berlin-01', { id: newSet, type: 'forced' });
  await berlin.fetchDeployment(runningAction);
  await berlin.report(runningAction, 'proceeding', 'none', ['downloading gateway-image-2.1.0.swu']);

  const tagId = await createTargetTag(t, { name: 'field-test', description: 'Gateways in the field trial', colour: '#2e7d32' });
  expect((await t.request(`/rest/v1/targettags/${tagId}/assigned`, send('POST', ['gw-berlin-01', 'gw-paris-01']))).status).toBe(204);
  await createDistributionSetTag(t, { name: 'stable' });
  await createFilter(t, 'group==eu/berlin', 'berlin');
  const austin = idOf(await createRollout(t, { name: 'austin-2.1.0', filter: 'group==us/austin', set: newSet, groups: 2, successThreshold: 50 }));
  const paris = idOf(await createRollout(t, { name: 'paris-2.1.0', filter: 'group==eu/paris', set: newSet, groups: 1, successThreshold: 50 }));
  return { oldSet, newSet, runningAction, austin, paris };
}
