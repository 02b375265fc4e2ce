/**
 * The entities a Dredd transaction works on: every successful transaction gets a world of its own, made
 * through the management API, so that deleting, cancelling or invalidating something never disturbs the
 * transactions after it. Error transactions share one world; they change nothing.
 */
import { basicAuth, type TestApp } from '../test/support/test-app.js';

export interface World {
  readonly controllerId: string;
  readonly token: string;
  /** the target's action, `running` (the target auto-confirms), soft */
  readonly actionId: number;
  readonly moduleId: number;
  readonly artifactId: number;
  readonly fileName: string;
  /** complete (one `os` module), assigned to the target */
  readonly setId: number;
  /** a software module type of its own, mandatory in {@link setTypeId} */
  readonly moduleTypeId: number;
  /** a distribution set type of its own, compatible with {@link targetTypeId} */
  readonly setTypeId: number;
  readonly targetTypeId: number;
  /** tagging the target */
  readonly targetTagId: number;
  /** tagging the set */
  readonly setTagId: number;
  /** matching the target */
  readonly filterId: number;
  /** over the target, waiting for approval */
  readonly rolloutId: number;
  readonly groupId: number;
  /** a webhook subscription whose receiver is never called (the dispatcher is off) */
  readonly webhookId: number;
  /** giving the set to the target, waiting for approval */
  readonly autoAssignmentId: number;
}

/** The key of the metadata entry the world gives its target, module and set. */
export const METADATA_KEY = 'dredd-key';

export type Api = (method: string, path: string, body?: unknown) => Promise<unknown>;

/** Management API calls as the operator, failing loudly: a world that cannot be built is a broken run. */
export function operatorApi(t: TestApp): Api {
  return async (method, path, body) => {
    const response = await t.request(path, {
      method,
      headers: { authorization: basicAuth(), 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  };
}

const idOf = (created: unknown) => ((created as { id: number }[])[0] as { id: number }).id;

let serial = 0;

/** A unique suffix for names the run creates. */
export const nextSerial = () => ++serial;

/** Bytes of the world's artifact: enough for a Range request to cut. */
export const ARTIFACT_BYTES = 'Falconet contract-test artifact\n'.repeat(64);

export async function createWorld(t: TestApp): Promise<World> {
  const api = operatorApi(t);
  const n = nextSerial();
  const controllerId = `dredd-${n}`;
  const token = `dredd-token-${n}`;
  const metadata = [{ key: METADATA_KEY, value: 'from the contract test' }];

  const moduleTypeId = idOf(await api('POST', '/rest/v1/softwaremoduletypes', [{ key: `dredd-smt-${n}`, name: `dredd-smt-${n}`, maxAssignments: 1 }]));
  const setTypeId = idOf(
    await api('POST', '/rest/v1/distributionsettypes', [{ key: `dredd-dst-${n}`, name: `dredd-dst-${n}`, mandatorymodules: [{ id: moduleTypeId }] }]),
  );
  const targetTypeId = idOf(
    await api('POST', '/rest/v1/targettypes', [{ key: `dredd-tt-${n}`, name: `dredd-tt-${n}`, compatibledistributionsettypes: [{ id: setTypeId }] }]),
  );

  await api('POST', '/rest/v1/targets', [{ controllerId, name: controllerId, securityToken: token }]);
  await api('POST', `/rest/v1/targets/${controllerId}/metadata`, metadata);
  await api('POST', `/rest/v1/targets/${controllerId}/autoConfirm/activate`, {});

  const moduleId = idOf(await api('POST', '/rest/v1/softwaremodules', [{ name: `dredd-module-${n}`, version: '1.0.0', type: 'os' }]));
  await api('POST', `/rest/v1/softwaremodules/${moduleId}/metadata`, [{ ...metadata[0], targetVisible: true }]);
  const fileName = `dredd-${n}.bin`;
  const artifactId = await uploadArtifact(t, moduleId, fileName);

  const setId = idOf(await api('POST', '/rest/v1/distributionsets', [{ name: `dredd-set-${n}`, version: '1.0', type: 'os', modules: [{ id: moduleId }] }]));
  await api('POST', `/rest/v1/distributionsets/${setId}/metadata`, metadata);
  const assignment = (await api('POST', `/rest/v1/targets/${controllerId}/assignedDS`, { id: setId, type: 'soft' })) as { assignedActions: { id: number }[] };
  const actionId = (assignment.assignedActions[0] as { id: number }).id;

  const targetTagId = idOf(await api('POST', '/rest/v1/targettags', [{ name: `dredd-target-tag-${n}` }]));
  await api('POST', `/rest/v1/targettags/${targetTagId}/assigned`, [controllerId]);
  const setTagId = idOf(await api('POST', '/rest/v1/distributionsettags', [{ name: `dredd-set-tag-${n}` }]));
  await api('POST', `/rest/v1/distributionsettags/${setTagId}/assigned`, [setId]);

  const filter = (await api('POST', '/rest/v1/targetfilters', { name: `dredd-filter-${n}`, query: `controllerId==${controllerId}` })) as { id: number };
  const rollout = (await api('POST', '/rest/v1/rollouts', {
    name: `dredd-rollout-${n}`,
    distributionSetId: setId,
    targetFilterQuery: `controllerId==${controllerId}`,
    amountGroups: 1,
  })) as { id: number };
  await t.services.rolloutEvaluator.tick();
  const groups = (await api('GET', `/rest/v1/rollouts/${rollout.id}/deploygroups`)) as { content: { id: number }[] };
  const [webhook] = (await api('POST', '/rest/v1/webhooks', [
    { name: `dredd-hook-${controllerId}`, url: 'http://127.0.0.1:9/', eventTypes: ['target.created'] },
  ])) as { id: number }[];

  const autoAssignment = (await api('POST', '/rest/v1/autoassignments', {
    name: `dredd-auto-assignment-${n}`,
    targetFilterQuery: `controllerId==${controllerId}`,
    distributionSetId: setId,
  })) as { id: number };
  return {
    controllerId,
    token,
    actionId,
    moduleId,
    artifactId,
    fileName,
    setId,
    moduleTypeId,
    setTypeId,
    targetTypeId,
    targetTagId,
    setTagId,
    filterId: filter.id,
    rolloutId: rollout.id,
    groupId: (groups.content[0] as { id: number }).id,
    webhookId: (webhook as { id: number }).id,
    autoAssignmentId: autoAssignment.id,
  };
}

/** Uploads {@link ARTIFACT_BYTES} as `fileName`; returns the artifact's id. */
export async function uploadArtifact(t: TestApp, moduleId: number, fileName: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([ARTIFACT_BYTES]), fileName);
  const response = await t.request(`/rest/v1/softwaremodules/${moduleId}/artifacts`, { method: 'POST', headers: { authorization: basicAuth() }, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}
