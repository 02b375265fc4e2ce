/**
 * How each Dredd transaction is made to produce the response it documents. A transaction is one documented
 * response of one operation, sent with the operation's documented request example.
 *
 * - A success response (2xx) runs on a fresh {@link World}; path parameters name the world's entities.
 *   {@link SCENARIOS} lists the operations that need more: a state to be in first (a finished action, a
 *   paused rollout), or an example body whose ids must name the world's entities instead of the document's.
 * - An error response runs on a shared world through {@link ERRORS}, one generic way per status (no
 *   credentials for 401, an unknown id for 404, …). A status with no way there, or one the operation can
 *   only answer in a state the run does not build, is skipped with the reason, and the run reports it.
 */
import { MAX_JSON_BODY_BYTES } from '../src/http/routes.js';
import { evaluate } from '../test/support/rollout-fixtures.js';
import { TEST_PASSWORD, TEST_USERNAME, type TestApp } from '../test/support/test-app.js';
import { ARTIFACT_BYTES, METADATA_KEY, nextSerial, uploadArtifact, type Api, type World } from './dredd-world.js';

/** What a transaction sends instead of the documented defaults. */
export interface Prepared {
  /** path parameters other than the world's */
  readonly params?: Readonly<Record<string, string | number>>;
  /** a JSON body instead of the documented example */
  readonly body?: unknown;
  /** a body sent as is, with its Content-Type */
  readonly raw?: { readonly contentType: string; readonly body: string };
  readonly headers?: Readonly<Record<string, string>>;
  /** a query string (without `?`) */
  readonly query?: string;
  /** send no Authorization header */
  readonly anonymous?: boolean;
}

export interface ScenarioContext {
  readonly t: TestApp;
  readonly api: Api;
  readonly world: World;
  /** the documented request example, parsed; undefined without a body */
  readonly example: unknown;
  /** the operation's path template */
  readonly path: string;
  readonly method: string;
  /** the server Dredd talks to */
  readonly url: string;
  /** the names of the operation's query parameters */
  readonly queryParams: readonly string[];
}

export type Scenario = (context: ScenarioContext) => Promise<Prepared> | Prepared;

/** The world's entity behind each path parameter name. */
export function worldParams(world: World): Record<string, string | number> {
  return {
    tenant: 'DEFAULT',
    controllerId: world.controllerId,
    targetId: world.controllerId,
    actionId: world.actionId,
    softwareModuleId: world.moduleId,
    artifactId: world.artifactId,
    fileName: world.fileName,
    distributionSetId: world.setId,
    softwareModuleTypeId: world.moduleTypeId,
    distributionSetTypeId: world.setTypeId,
    targetTypeId: world.targetTypeId,
    metadataKey: METADATA_KEY,
    distributionSetTagId: world.setTagId,
    targetTagId: world.targetTagId,
    targetFilterQueryId: world.filterId,
    rolloutId: world.rolloutId,
    groupId: world.groupId,
    webhookId: world.webhookId,
    autoAssignmentId: world.autoAssignmentId,
    keyName: 'pollingTime',
    group: 'dredd-group',
  };
}

const object = (example: unknown) => (example ?? {}) as Record<string, unknown>;
const firstOf = (example: unknown) => object((example as unknown[] | undefined)?.[0]);
const idOf = (created: unknown) => ((created as { id: number }[])[0] as { id: number }).id;

/** A device report through DDI with the world target's token. */
async function deviceFeedback(t: TestApp, world: World, path: string, body: unknown): Promise<void> {
  const response = await t.request(`/DEFAULT/controller/v1/${world.controllerId}/${path}`, {
    method: 'POST',
    headers: { authorization: `TargetToken ${world.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

const finishAction = ({ t, world }: ScenarioContext) =>
  deviceFeedback(t, world, `deploymentBase/${world.actionId}/feedback`, { status: { execution: 'closed', result: { finished: 'success' } } });

const cancelAction = ({ api, world }: ScenarioContext) => api('DELETE', `/rest/v1/targets/${world.controllerId}/actions/${world.actionId}`);

/** The world's action closed at once (force-cancelled), so that it may be deleted. */
const closeAction = ({ api, world }: ScenarioContext) => api('DELETE', `/rest/v1/targets/${world.controllerId}/actions/${world.actionId}?force=true`);

/** A purge body naming the world's action. */
const namingAction = ({ world }: ScenarioContext): Prepared => ({ body: [world.actionId] });

/** A target of its own that does not auto-confirm, with an action waiting for its confirmation. */
async function awaitingConfirmation({ api, world }: ScenarioContext): Promise<Prepared> {
  const controllerId = `dredd-confirm-${nextSerial()}`;
  await api('POST', '/rest/v1/targets', [{ controllerId, name: controllerId, securityToken: world.token }]);
  const assignment = (await api('POST', `/rest/v1/targets/${controllerId}/assignedDS`, { id: world.setId })) as { assignedActions: { id: number }[] };
  return { params: { controllerId, actionId: (assignment.assignedActions[0] as { id: number }).id } };
}

/** The body of `PUT installedBase` naming the world's set. */
async function declaringWorldSet({ api, world }: ScenarioContext): Promise<Prepared> {
  const set = (await api('GET', `/rest/v1/distributionsets/${world.setId}`)) as { name: string; version: string };
  return { body: { name: set.name, version: set.version } };
}

const freshModuleType = async (api: Api) => {
  const n = nextSerial();
  return idOf(await api('POST', '/rest/v1/softwaremoduletypes', [{ key: `dredd-extra-smt-${n}`, name: `dredd-extra-smt-${n}` }]));
};

const freshSetType = async (api: Api) => {
  const n = nextSerial();
  return idOf(await api('POST', '/rest/v1/distributionsettypes', [{ key: `dredd-extra-dst-${n}`, name: `dredd-extra-dst-${n}` }]));
};

/** A module of its own, in no set, so that nothing locks it. */
const freshModule = async (api: Api) =>
  idOf(await api('POST', '/rest/v1/softwaremodules', [{ name: `dredd-extra-module-${nextSerial()}`, version: '1.0', type: 'os' }]));

/** A set of its own, assigned nowhere. */
const freshSet = async (api: Api) =>
  idOf(await api('POST', '/rest/v1/distributionsets', [{ name: `dredd-extra-set-${nextSerial()}`, version: '1.0', type: 'os' }]));

/** The rollout of the world moved on by operations, the evaluator running after each. */
async function rolloutAfter(context: ScenarioContext, operations: readonly string[]): Promise<Prepared> {
  for (const operation of operations) {
    await context.api('POST', `/rest/v1/rollouts/${context.world.rolloutId}/${operation}`);
    await evaluate(context.t);
  }
  return {};
}

/**
 * A rollout of its own over the world's target, approved and started: `groups` groups (the first holds the
 * target, the others wait empty); a success threshold of 0 finishes it at once.
 */
async function startedRollout({ api, world, t }: ScenarioContext, body: Record<string, unknown>): Promise<number> {
  const { id } = (await api('POST', '/rest/v1/rollouts', {
    name: `dredd-own-rollout-${nextSerial()}`,
    distributionSetId: world.setId,
    targetFilterQuery: `controllerId==${world.controllerId}`,
    ...body,
  })) as { id: number };
  await api('POST', `/rest/v1/rollouts/${id}/approve`);
  await api('POST', `/rest/v1/rollouts/${id}/start`);
  await evaluate(t);
  return id;
}

/** A finished rollout whose one target failed: what a retry needs. */
async function failedRollout(context: ScenarioContext): Promise<number> {
  const id = await startedRollout(context, { amountGroups: 1, successCondition: { condition: 'THRESHOLD', expression: '0' } });
  const actions = (await context.api('GET', `/rest/v1/targets/${context.world.controllerId}/actions?sort=id:DESC&limit=1`)) as { content: { id: number }[] };
  const action = (actions.content[0] as { id: number }).id;
  await deviceFeedback(context.t, context.world, `deploymentBase/${action}/feedback`, { status: { execution: 'closed', result: { finished: 'failure' } } });
  return id;
}

const range: Prepared = { headers: { range: 'bytes=0-99' } };

/** The world as it is already answers the error: the entity is in use, locked, or already so. */
const inWorld = (): Prepared => ({});

/** The world's entities already hold an entry under {@link METADATA_KEY}. */
const duplicateMetadata = ({ example }: ScenarioContext): Prepared => ({ body: [{ ...firstOf(example), key: METADATA_KEY }] });

/** The documented update renames to the name the documented create took: a name of its own instead. */
const renamed = ({ example }: ScenarioContext): Prepared => ({ body: { ...object(example), name: `${String(object(example)['name'])}-${nextSerial()}` } });

/** The world's auto-assignment moved on by operations (it starts waiting for approval). */
async function autoAssignmentAfter({ api, world }: ScenarioContext, operations: readonly string[]): Promise<Prepared> {
  for (const operation of operations) await api('POST', `/rest/v1/autoassignments/${world.autoAssignmentId}/${operation}`);
  return {};
}

/** An auto-assignment of its own over the world's target, approved: ready, no longer waiting. */
async function approvedAutoAssignment({ api, world }: ScenarioContext): Promise<Prepared> {
  const created = (await api('POST', '/rest/v1/autoassignments', {
    name: `dredd-extra-auto-assignment-${nextSerial()}`,
    targetFilterQuery: `controllerId==${world.controllerId}`,
    distributionSetId: world.setId,
  })) as { id: number };
  await api('POST', `/rest/v1/autoassignments/${created.id}/approve`);
  return { params: { autoAssignmentId: created.id } };
}

/**
 * Transactions that need a state of their own, or ids in their body. Keyed `METHOD path status`, or
 * `METHOD path` for every success status of the operation. Each gets a fresh world.
 */
export const SCENARIOS: Readonly<Record<string, Scenario>> = {
  // DDI
  'GET /{tenant}/controller/v1/{controllerId}/installedBase/{actionId}': async (c) => (await finishAction(c), {}),
  'GET /{tenant}/controller/v1/{controllerId}/cancelAction/{actionId}': async (c) => (await cancelAction(c), {}),
  'POST /{tenant}/controller/v1/{controllerId}/cancelAction/{actionId}/feedback': async (c) => (await cancelAction(c), {}),
  'GET /{tenant}/controller/v1/{controllerId}/confirmationBase/{actionId}': awaitingConfirmation,
  'POST /{tenant}/controller/v1/{controllerId}/confirmationBase/{actionId}/feedback': awaitingConfirmation,
  'POST /{tenant}/controller/v1/{controllerId}/confirmationBase/activateAutoConfirm': async ({ api, world }) => {
    await api('POST', `/rest/v1/targets/${world.controllerId}/autoConfirm/deactivate`);
    return {};
  },
  'GET /{tenant}/controller/v1/{controllerId}/softwaremodules/{softwareModuleId}/artifacts/{fileName} 206': () => range,
  'GET /{tenant}/controller/v1/{controllerId}/softwaremodules/{softwareModuleId}/artifacts/{fileName} 412': () => ({
    headers: { 'if-match': '"some-other-version"' },
  }),
  'GET /{tenant}/controller/v1/{controllerId}/softwaremodules/{softwareModuleId}/artifacts/{fileName} 416': () => ({ headers: { range: 'bytes=1000000-' } }),
  'POST /{tenant}/controller/v1/{controllerId}/deploymentBase/{actionId}/feedback 410': async (c) => (await finishAction(c), {}),
  'POST /{tenant}/controller/v1/{controllerId}/cancelAction/{actionId}/feedback 405': inWorld,
  'POST /{tenant}/controller/v1/{controllerId}/cancelAction/{actionId}/feedback 410': async (c) => {
    await cancelAction(c);
    await deviceFeedback(c.t, c.world, `cancelAction/${c.world.actionId}/feedback`, { status: { execution: 'closed', result: { finished: 'success' } } });
    return {};
  },
  'POST /{tenant}/controller/v1/{controllerId}/confirmationBase/activateAutoConfirm 409': inWorld,
  // a target of its own, without an action: the set is recorded
  'PUT /{tenant}/controller/v1/{controllerId}/installedBase 201': async (c) => {
    const controllerId = `dredd-offline-${nextSerial()}`;
    await c.api('POST', '/rest/v1/targets', [{ controllerId, name: controllerId, securityToken: c.world.token }]);
    return { ...(await declaringWorldSet(c)), params: { controllerId } };
  },
  // the world's target has the set assigned already
  'PUT /{tenant}/controller/v1/{controllerId}/installedBase 200': declaringWorldSet,

  // management: session
  'POST /rest/v1/login': () => ({ body: { username: TEST_USERNAME, password: TEST_PASSWORD } }),

  // management: types
  'DELETE /rest/v1/softwaremoduletypes/{softwareModuleTypeId} 409': inWorld,
  'DELETE /rest/v1/softwaremoduletypes/{softwareModuleTypeId}': async ({ api }) => ({ params: { softwareModuleTypeId: await freshModuleType(api) } }),
  'DELETE /rest/v1/distributionsettypes/{distributionSetTypeId}': async ({ api }) => ({ params: { distributionSetTypeId: await freshSetType(api) } }),
  'POST /rest/v1/distributionsettypes': ({ example, world }) => ({
    body: [{ ...firstOf(example), mandatorymodules: [{ id: world.moduleTypeId }], optionalmodules: [] }],
  }),
  'POST /rest/v1/distributionsettypes/{distributionSetTypeId}/mandatorymoduletypes': async ({ api }) => ({ body: { id: await freshModuleType(api) } }),
  'POST /rest/v1/distributionsettypes/{distributionSetTypeId}/optionalmoduletypes': async ({ api }) => ({ body: { id: await freshModuleType(api) } }),
  'GET /rest/v1/distributionsettypes/{distributionSetTypeId}/optionalmoduletypes/{softwareModuleTypeId}': optionalModuleType,
  'DELETE /rest/v1/distributionsettypes/{distributionSetTypeId}/optionalmoduletypes/{softwareModuleTypeId}': optionalModuleType,
  'POST /rest/v1/targettypes': ({ example, world }) => ({ body: [{ ...firstOf(example), compatibledistributionsettypes: [{ id: world.setTypeId }] }] }),
  'POST /rest/v1/targettypes/{targetTypeId}/compatibledistributionsettypes': async ({ api }) => ({ body: [{ id: await freshSetType(api) }] }),

  // management: software modules and distribution sets
  'DELETE /rest/v1/softwaremodules/{softwareModuleId}': async ({ api }) => ({ params: { softwareModuleId: await freshModule(api) } }),
  'POST /rest/v1/softwaremodules/{softwareModuleId}/artifacts': async ({ api }) => ({
    ...multipartUpload(`dredd-upload-${nextSerial()}.bin`),
    params: { softwareModuleId: await freshModule(api) },
  }),
  'DELETE /rest/v1/softwaremodules/{softwareModuleId}/artifacts/{artifactId}': async ({ t, api }) => {
    const softwareModuleId = await freshModule(api);
    return { params: { softwareModuleId, artifactId: await uploadArtifact(t, softwareModuleId, `dredd-doomed-${nextSerial()}.bin`) } };
  },
  'DELETE /rest/v1/distributionsets/{distributionSetId}': async ({ api }) => ({ params: { distributionSetId: await freshSet(api) } }),
  'GET /rest/v1/softwaremodules/{softwareModuleId}/artifacts/{artifactId}/download 206': () => range,
  'GET /rest/v1/softwaremodules/{softwareModuleId}/artifacts/{artifactId}/download 412': () => ({ headers: { 'if-match': '"some-other-version"' } }),
  'GET /rest/v1/softwaremodules/{softwareModuleId}/artifacts/{artifactId}/download 416': () => ({ headers: { range: 'bytes=1000000-' } }),
  'DELETE /rest/v1/softwaremodules/{softwareModuleId} 409': inWorld,
  'POST /rest/v1/softwaremodules/{softwareModuleId}/artifacts 423': () => multipartUpload(`dredd-locked-${nextSerial()}.bin`),
  'DELETE /rest/v1/softwaremodules/{softwareModuleId}/artifacts/{artifactId} 423': inWorld,
  'POST /rest/v1/softwaremodules/{softwareModuleId}/metadata 409': duplicateMetadata,
  'DELETE /rest/v1/distributionsets/{distributionSetId} 409': inWorld,
  'POST /rest/v1/distributionsets/{distributionSetId}/assignedSM 423': async ({ api }) => ({ body: [{ id: await freshModule(api) }] }),
  'POST /rest/v1/distributionsets/{distributionSetId}/metadata 409': duplicateMetadata,
  'POST /rest/v1/distributionsets': ({ example, world }) => ({ body: [{ ...firstOf(example), modules: [{ id: world.moduleId }] }] }),
  'POST /rest/v1/distributionsets/{distributionSetId}/assignedSM': async ({ api }) => ({
    params: { distributionSetId: await freshSet(api) },
    body: [{ id: await freshModule(api) }],
  }),
  'DELETE /rest/v1/distributionsets/{distributionSetId}/assignedSM/{softwareModuleId}': async ({ api }) => {
    const [distributionSetId, softwareModuleId] = [await freshSet(api), await freshModule(api)];
    await api('POST', `/rest/v1/distributionsets/${distributionSetId}/assignedSM`, [{ id: softwareModuleId }]);
    return { params: { distributionSetId, softwareModuleId } };
  },
  // the world's set is locked, which answers before the module is looked for
  'DELETE /rest/v1/distributionsets/{distributionSetId}/assignedSM/{softwareModuleId} 404': async ({ api }) => ({
    params: { distributionSetId: await freshSet(api), softwareModuleId: await freshModule(api) },
  }),
  'DELETE /rest/v1/distributionsets/{distributionSetId}/assignedSM/{softwareModuleId} 423': inWorld,
  'POST /rest/v1/distributionsets/{distributionSetId}/assignedTargets': ({ example, world }) => ({
    body: [{ ...firstOf(example), id: world.controllerId }, { id: 'dredd-unknown' }],
  }),
  'PUT /rest/v1/distributionsettags/{distributionSetTagId}': renamed,
  'POST /rest/v1/distributionsettags/{distributionSetTagId}/assigned': ({ world }) => ({ body: [world.setId] }),
  'PUT /rest/v1/distributionsettags/{distributionSetTagId}/assigned': ({ world }) => ({ body: [world.setId] }),
  'DELETE /rest/v1/distributionsettags/{distributionSetTagId}/assigned': ({ world }) => ({ body: [world.setId] }),

  // management: targets
  'POST /rest/v1/targets': ({ example, world }) => ({ body: [{ ...firstOf(example), targetType: world.targetTypeId }] }),
  'POST /rest/v1/targets/{targetId}/targettype': ({ world }) => ({ body: { id: world.targetTypeId } }),
  'GET /rest/v1/targets/{targetId}/assignedDS 204': async ({ api }) => {
    const controllerId = `dredd-bare-${nextSerial()}`;
    await api('POST', '/rest/v1/targets', [{ controllerId }]);
    return { params: { targetId: controllerId } };
  },
  'POST /rest/v1/targets/{targetId}/assignedDS': ({ example, world }) => ({ body: { ...object(example), id: world.setId } }),
  'GET /rest/v1/targets/{targetId}/installedDS 200': async (c) => (await finishAction(c), {}),
  'POST /rest/v1/targets/{targetId}/metadata 409': duplicateMetadata,
  'PUT /rest/v1/targets/{targetId}/actions/{actionId} 410': async (c) => (await finishAction(c), {}),
  'POST /rest/v1/targets/{targetId}/autoConfirm/activate 409': inWorld,
  'DELETE /rest/v1/targets/{targetId}/actions': async (c) => (await closeAction(c), namingAction(c)),
  // the world's action is running
  'DELETE /rest/v1/targets/{targetId}/actions 405': namingAction,
  'DELETE /rest/v1/actions': async (c) => (await closeAction(c), namingAction(c)),
  'DELETE /rest/v1/actions 405': namingAction,
  'DELETE /rest/v1/actions/{actionId}': async (c) => (await closeAction(c), {}),
  'DELETE /rest/v1/actions/{actionId} 405': inWorld,
  'POST /rest/v1/targets/{targetId}/autoConfirm/activate': async ({ api, world }) => {
    await api('POST', `/rest/v1/targets/${world.controllerId}/autoConfirm/deactivate`);
    return {};
  },
  // Dredd drops documented query strings: the required `group` and `q` are given here.
  'PUT /rest/v1/targetgroups/{group}/assigned': ({ world }) => ({ body: [world.controllerId] }),
  'PUT /rest/v1/targetgroups/{group}/assigned 404': () => ({ body: ['dredd-no-such-target'] }),
  'PUT /rest/v1/targetgroups/assigned': ({ world }) => ({ body: [world.controllerId], query: 'group=dredd%2Fgroup' }),
  'PUT /rest/v1/targetgroups/assigned 404': () => ({ body: ['dredd-no-such-target'], query: 'group=dredd%2Fgroup' }),
  'GET /rest/v1/targetgroups/assigned': () => ({ query: 'group=dredd&subgroups=true' }),
  'PUT /rest/v1/targetgroups/{group}': ({ world }) => ({ query: `q=${encodeURIComponent(`controllerId==${world.controllerId}`)}` }),
  'PUT /rest/v1/targetgroups': ({ world }) => ({ query: `group=dredd%2Fgroup&q=${encodeURIComponent(`controllerId==${world.controllerId}`)}` }),
  'PUT /rest/v1/targettags/{targetTagId}': renamed,
  'POST /rest/v1/targettags/{targetTagId}/assigned': ({ world }) => ({ body: [world.controllerId] }),
  'PUT /rest/v1/targettags/{targetTagId}/assigned': ({ world }) => ({ body: [world.controllerId] }),
  'DELETE /rest/v1/targettags/{targetTagId}/assigned': ({ world }) => ({ body: [world.controllerId] }),

  // management: system (the configuration is read-only: its file is the source of truth)
  'PUT /rest/v1/system/configs/{keyName} 403': inWorld,
  'DELETE /rest/v1/system/configs/{keyName} 403': inWorld,

  // management: target filters and rollouts
  'PUT /rest/v1/targetfilters/{targetFilterQueryId}': renamed,
  'GET /rest/v1/targetfilters/{targetFilterQueryId}/autoAssignDS 200': async ({ api, world }) => {
    await api('POST', `/rest/v1/targetfilters/${world.filterId}/autoAssignDS`, { id: world.setId });
    return {};
  },
  'POST /rest/v1/targetfilters/{targetFilterQueryId}/autoAssignDS': ({ example, world }) => ({ body: { ...object(example), id: world.setId } }),
  'POST /rest/v1/autoassignments': ({ example, world }) => ({
    body: {
      ...object(example),
      name: `dredd-created-auto-assignment-${world.controllerId}`,
      distributionSetId: world.setId,
      targetFilterQuery: `controllerId==${world.controllerId}`,
    },
  }),
  'PUT /rest/v1/autoassignments/{autoAssignmentId}': renamed,
  'PUT /rest/v1/autoassignments/{autoAssignmentId} 409': async (c) => {
    const other = await approvedAutoAssignment(c);
    const taken = (await c.api('GET', `/rest/v1/autoassignments/${String(other.params?.['autoAssignmentId'])}`)) as { name: string };
    return { body: { name: taken.name } };
  },
  'POST /rest/v1/autoassignments/{autoAssignmentId}/start': (c) => autoAssignmentAfter(c, ['approve']),
  'POST /rest/v1/autoassignments/{autoAssignmentId}/pause': (c) => autoAssignmentAfter(c, ['approve', 'start']),
  'POST /rest/v1/autoassignments/{autoAssignmentId}/resume': (c) => autoAssignmentAfter(c, ['approve', 'start', 'pause']),
  // the shared world's auto-assignment waits for approval: it cannot start, pause or resume
  'POST /rest/v1/autoassignments/{autoAssignmentId}/start 409': inWorld,
  'POST /rest/v1/autoassignments/{autoAssignmentId}/pause 409': inWorld,
  'POST /rest/v1/autoassignments/{autoAssignmentId}/resume 409': inWorld,
  'POST /rest/v1/autoassignments/{autoAssignmentId}/approve 409': approvedAutoAssignment,
  'POST /rest/v1/autoassignments/{autoAssignmentId}/deny 409': approvedAutoAssignment,
  'POST /rest/v1/rollouts': ({ example, world }) => ({
    body: { ...object(example), distributionSetId: world.setId, targetFilterQuery: `controllerId==${world.controllerId}` },
  }),
  'POST /rest/v1/rollouts/{rolloutId}/start': (c) => rolloutAfter(c, ['approve']),
  'POST /rest/v1/rollouts/{rolloutId}/pause': (c) => rolloutAfter(c, ['approve', 'start']),
  'POST /rest/v1/rollouts/{rolloutId}/resume': (c) => rolloutAfter(c, ['approve', 'start', 'pause']),
  'POST /rest/v1/rollouts/{rolloutId}/stop': (c) => rolloutAfter(c, ['approve', 'start']),
  'PUT /rest/v1/rollouts/{rolloutId}': renamed,
  'PUT /rest/v1/rollouts/{rolloutId} 409': async ({ api, world }) => {
    const other = (await api('POST', '/rest/v1/rollouts', {
      name: `dredd-other-rollout-${nextSerial()}`,
      distributionSetId: world.setId,
      targetFilterQuery: `controllerId==${world.controllerId}`,
      amountGroups: 1,
    })) as { name: string };
    return { body: { name: other.name } };
  },
  'POST /rest/v1/rollouts/{rolloutId}/triggerNextGroup': async (c) => ({ params: { rolloutId: await startedRollout(c, { amountGroups: 2 }) } }),
  'POST /rest/v1/rollouts/{rolloutId}/retry': async (c) => ({ params: { rolloutId: await failedRollout(c) } }),
  'POST /rest/v1/rollouts/{rolloutId}/retry 409': async (c) => {
    const rolloutId = await failedRollout(c);
    await c.api('POST', `/rest/v1/rollouts/${rolloutId}/retry`);
    return { params: { rolloutId } };
  },
};

/** A fresh module type made optional in the world's set type. */
async function optionalModuleType({ api, world }: ScenarioContext): Promise<Prepared> {
  const id = await freshModuleType(api);
  await api('POST', `/rest/v1/distributionsettypes/${world.setTypeId}/optionalmoduletypes`, { id });
  return { params: { softwareModuleTypeId: id } };
}

/** An artifact upload as hawkBit clients send it: multipart/form-data with the file in part `file`. */
function multipartUpload(fileName: string): Prepared {
  const boundary = `dredd-${nextSerial()}`;
  const body = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
    'Content-Type: application/octet-stream',
    '',
    ARTIFACT_BYTES,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { raw: { contentType: `multipart/form-data; boundary=${boundary}`, body } };
}

/**
 * A client address locked out by failed logins. The run's server trusts `X-Forwarded-For`, so the
 * transactions that need the lock-out name this address while all others stay on the socket's.
 */
const LOCKED_OUT_ADDRESS = '203.0.113.7';
const lockedOut = new WeakSet<TestApp>();

async function lockOut(t: TestApp): Promise<void> {
  if (lockedOut.has(t)) return;
  for (let attempt = 0; attempt < t.config.mgmt.maxFailedLogins; attempt++) {
    await t.request('/rest/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': LOCKED_OUT_ADDRESS },
      body: JSON.stringify({ username: TEST_USERNAME, password: 'not-the-password' }),
    });
  }
  lockedOut.add(t);
}

/** The integer path parameters of the documents; the others are strings. */
const INTEGER_PARAMS = new Set([
  'actionId',
  'softwareModuleId',
  'artifactId',
  'distributionSetId',
  'softwareModuleTypeId',
  'distributionSetTypeId',
  'targetTypeId',
  'distributionSetTagId',
  'targetTagId',
  'targetFilterQueryId',
  'rolloutId',
  'groupId',
  'webhookId',
  'autoAssignmentId',
]);

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);

/** One generic way to each error status, or the reason a transaction is skipped. */
export const ERRORS: Readonly<Record<number, (context: ScenarioContext) => Promise<Prepared | string> | Prepared | string>> = {
  401: () => ({ anonymous: true }),
  404: ({ path }) => {
    // A device naming an unknown controllerId fails authentication first (401); an unknown tenant is 404.
    const last = pathParams(path)
      .filter((name) => name !== 'tenant')
      .at(-1);
    if (last === 'controllerId' && path.startsWith('/{tenant}/')) return { params: { tenant: 'no-such-tenant' } };
    if (last === undefined) return 'answers 404 only for an id inside its body';
    return { params: { [last]: INTEGER_PARAMS.has(last) ? 987654321 : 'dredd-unknown' } };
  },
  400: ({ path, example, queryParams }) => {
    if (example !== undefined) return { raw: { contentType: 'application/json', body: '{"truncated": ' } };
    const integer = pathParams(path).find((name) => INTEGER_PARAMS.has(name));
    if (integer !== undefined) return { params: { [integer]: 'not-a-number' } };
    if (queryParams.includes('q')) return { query: 'q=name==(' };
    if (queryParams.includes('sort')) return { query: 'sort=noSuchField:ASC' };
    // Any other path parameter is a string: a NUL in it is refused before authentication.
    const text = pathParams(path).at(-1);
    if (text !== undefined) return { params: { [text]: 'nul\u0000byte' } };
    return 'has no input to get wrong';
  },
  403: () => ({ headers: { origin: 'https://attacker.example' } }),
  415: ({ example }) => ({ raw: { contentType: 'text/plain', body: JSON.stringify(example ?? {}) } }),
  429: async ({ t, path }) => {
    if (path.startsWith('/{tenant}/')) return 'a device answers 429 only past a quota the run does not exhaust';
    await lockOut(t);
    return { headers: { 'x-forwarded-for': LOCKED_OUT_ADDRESS } };
  },
  413: ({ example }) =>
    example === undefined
      ? 'takes no JSON body'
      : { raw: { contentType: 'application/json', body: JSON.stringify({ padding: 'x'.repeat(MAX_JSON_BODY_BYTES) }) } },
  409: async (context) => {
    const { api, path, method, example } = context;
    if (method !== 'POST' || pathParams(path).length > 0 || example === undefined) return 'answers 409 only in states the run does not build';
    // The body of the success transaction, sent twice: the second one conflicts with the first.
    const scenario = SCENARIOS[`${method} ${path}`];
    const prepared = scenario === undefined ? {} : await scenario(context);
    const body = prepared.body ?? example;
    // Already there when the success transaction ran first with the same body; the transaction itself
    // fails if this did not create it.
    await api('POST', path, body).catch(() => undefined);
    return { body };
  },
  304: async (context) => {
    const { path, method, world, url } = context;
    const scenario = SCENARIOS[`${method} ${path} 200`] ?? SCENARIOS[`${method} ${path}`];
    const prepared = scenario === undefined ? {} : await scenario(context);
    // The ETag is the one a client on this socket sees: links in the body name the host it asked.
    const response = await fetch(`${url}${expand(path, { ...worldParams(world), ...prepared.params })}`, { headers: authorizationOf(path, world, false) });
    const etag = response.headers.get('etag');
    if (etag === null) throw new Error(`${path} gives no ETag`);
    return { ...prepared, headers: { ...prepared.headers, 'if-none-match': etag } };
  },
};

/** The path with its parameters filled in, each one URI-encoded. */
export function expand(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The run's `[metrics] token`. */
export const DREDD_METRICS_TOKEN = 'dredd-metrics-token-0123';

/** Operators authenticate with Basic, devices with their target token, the scraper with the metrics token. */
export function authorizationOf(path: string, world: World, anonymous: boolean): Record<string, string> {
  if (anonymous) return {};
  if (path === '/metrics') return { authorization: `Bearer ${DREDD_METRICS_TOKEN}` };
  if (path.startsWith('/{tenant}/controller/')) return { authorization: `TargetToken ${world.token}` };
  return { authorization: `Basic ${Buffer.from(`${TEST_USERNAME}:${TEST_PASSWORD}`).toString('base64')}` };
}
