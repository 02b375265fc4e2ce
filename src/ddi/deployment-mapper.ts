import type { AutoConfirmState } from '../actions/auto-confirm-service.js';
import type { components } from '../generated/ddi.js';
import { ddiArtifact } from './ddi-artifacts.js';
import { deploymentEtag } from './ddi-links.js';
import type { DeploymentView } from './deployment-service.js';
import type { DeviceAction } from './device-action-store.js';

type DeploymentJson = components['schemas']['DeploymentBase'];

/** hawkBit's legacy chunk names (decision 22): clients written against hawkBit match on them. */
const LEGACY_PARTS: Readonly<Record<string, string>> = { application: 'bApp', runtime: 'jvm' };

/**
 * deploymentBase, installedBase and (under `confirmation`) confirmationBase/{id}: modes, chunks with
 * artifacts and target-visible metadata, and the history when asked for. `prefix` is the device's base URL.
 */
export function deploymentJson(
  prefix: string,
  view: DeploymentView,
): { id: string; deployment: DeploymentJson['deployment'] } & Pick<DeploymentJson, 'actionHistory'> {
  return {
    id: String(view.action.id),
    deployment: {
      ...view.modes,
      chunks: view.chunks.map((chunk) => ({
        part: LEGACY_PARTS[chunk.typeKey] ?? chunk.typeKey,
        version: chunk.version,
        name: chunk.name,
        artifacts: chunk.artifacts.map((artifact) => ddiArtifact(prefix, chunk.moduleId, artifact)),
        ...(chunk.metadata.length > 0 ? { metadata: [...chunk.metadata] } : {}),
      })),
    },
    ...(view.history === undefined ? {} : { actionHistory: { status: view.history.status.toUpperCase(), messages: [...view.history.messages] } }),
  };
}

/** cancelAction: both ids are the action's, as strings. */
export const cancelJson = (action: DeviceAction) => ({ id: String(action.id), cancelAction: { stopId: String(action.id) } });

/**
 * confirmationBase: the auto-confirm state (hawkBit shows `activatedAt: 0` while inactive), the link that
 * switches it, and the action waiting for confirmation.
 */
export function confirmationBaseJson(prefix: string, state: AutoConfirmState, waiting: DeviceAction | undefined, now: number) {
  const base = `${prefix}/confirmationBase`;
  return {
    autoConfirm: state.active ? state : { active: false, activatedAt: 0 },
    _links: {
      ...(state.active
        ? { deactivateAutoConfirm: { href: `${base}/deactivateAutoConfirm` } }
        : { activateAutoConfirm: { href: `${base}/activateAutoConfirm` } }),
      ...(waiting === undefined ? {} : { confirmationBase: { href: `${base}/${waiting.id}?c=${deploymentEtag(waiting, now)}` } }),
    },
  };
}
