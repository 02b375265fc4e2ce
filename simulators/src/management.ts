import { createFalconetClient, unwrap, type FalconetClient } from './mgmt-client.js';
import { seededRandom } from './prng.js';
import type { ScenarioDeployment } from './scenario.js';

/** The management calls a scenario makes: the set to deploy, and its assignment or rollout. */
export interface Management {
  /** The set of `deployment`: an `os` module holding seeded random bytes and a set of it, or the given set. */
  prepareSet(deployment: ScenarioDeployment, seed: number, name: string): Promise<number>;
  /** Assigns the set to each of the devices. */
  assign(setId: number, controllerIds: readonly string[], actionType: 'forced' | 'soft'): Promise<void>;
  /** Creates a rollout of the set in `groups` groups over the targets `filter` selects, and starts it. */
  startRollout(name: string, setId: number, filter: string, groups: number, actionType: 'forced' | 'soft'): Promise<number>;
  rolloutStatus(rolloutId: number): Promise<string>;
}

/** Assignments go in batches of this many targets. */
const ASSIGN_BATCH = 500;

/** Bytes of a seeded source: the same scenario uploads the same firmware. */
function seededBytes(size: number, seed: number): Uint8Array {
  const random = seededRandom(seed);
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

/** The scenario's management calls over Falconet's typed client (`falconet/client`), with Basic credentials. */
export function connectManagement(url: string, user: string, password: string): Management {
  const client: FalconetClient = createFalconetClient({ baseUrl: url, auth: { basic: { user, password } } });
  return {
    async prepareSet(deployment, seed, name) {
      if (deployment.distributionSetId !== undefined) return deployment.distributionSetId;
      const version = `${Date.now()}`;
      const [module] = await unwrap(client.POST('/rest/v1/softwaremodules', { body: [{ name: `${name}-os`, version, type: 'os' }] }));
      await client.uploadArtifact(module!.id, seededBytes(deployment.artifactBytes!, seed), { filename: 'firmware.swu' });
      const [set] = await unwrap(client.POST('/rest/v1/distributionsets', { body: [{ name, version, type: 'os', modules: [{ id: module!.id }] }] }));
      return set!.id;
    },
    async assign(setId, controllerIds, actionType) {
      for (let i = 0; i < controllerIds.length; i += ASSIGN_BATCH) {
        const body = controllerIds.slice(i, i + ASSIGN_BATCH).map((id) => ({ id, type: actionType }));
        await unwrap(client.POST('/rest/v1/distributionsets/{distributionSetId}/assignedTargets', { params: { path: { distributionSetId: setId } }, body }));
      }
    },
    async startRollout(name, setId, filter, groups, actionType) {
      const rollout = await unwrap(
        client.POST('/rest/v1/rollouts', { body: { name, distributionSetId: setId, targetFilterQuery: filter, amountGroups: groups, type: actionType } }),
      );
      await unwrap(client.POST('/rest/v1/rollouts/{rolloutId}/start', { params: { path: { rolloutId: rollout.id } } }));
      return rollout.id;
    },
    async rolloutStatus(rolloutId) {
      const rollout = await unwrap(client.GET('/rest/v1/rollouts/{rolloutId}', { params: { path: { rolloutId } } }));
      return rollout.status;
    },
  };
}
