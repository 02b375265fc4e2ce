import { isWindowOpen } from '../actions/maintenance-window.js';
import type { PolledAction, PollState } from './controller-service.js';

/**
 * The `c` query parameter of deploymentBase and confirmationBase links (hawkBit's etag): it changes
 * when the action becomes forced (soft escalated, timeforced reached) or its maintenance window opens,
 * so that clients caching by URL fetch the deployment again. Opaque to devices.
 */
export function deploymentEtag(action: PolledAction, now: number): number {
  const forced = action.actionType === 'forced' || (action.actionType === 'timeforced' && (action.forceTime ?? 0) <= now);
  const windowOpen = action.maintenanceWindow !== null && isWindowOpen(action.maintenanceWindow, now);
  let hash = action.id;
  for (const part of [action.actionType, forced ? 'forced' : 'attempt', windowOpen ? 'open' : 'closed']) {
    for (const char of part) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  }
  return hash;
}

/** The poll's answer: the polling interval, and the links when there are any. `prefix` as for {@link pollLinks}. */
export function pollJson(prefix: string, state: PollState) {
  const links = pollLinks(prefix, state);
  return { config: { polling: { sleep: state.sleep } }, ...(Object.keys(links).length > 0 ? { _links: links } : {}) };
}

/**
 * The poll's links, as hawkBit chooses them: for the active action exactly one of confirmationBase
 * (waiting for the device's confirmation), cancelAction (being cancelled) or deploymentBase; then
 * installedBase for the deployment that installed the current set, and configData while the server
 * asks for attributes. `prefix` is the device's base URL, `…/{tenant}/controller/v1/{controllerId}`.
 */
export function pollLinks(prefix: string, state: PollState): Record<string, { href: string }> {
  const links: Record<string, { href: string }> = {};
  const { action, polledAt: now } = state;
  if (action?.status === 'wait_for_confirmation') {
    links['confirmationBase'] = { href: `${prefix}/confirmationBase/${action.id}?c=${deploymentEtag(action, now)}` };
  } else if (action?.status === 'canceling') {
    links['cancelAction'] = { href: `${prefix}/cancelAction/${action.id}` };
  } else if (action) {
    links['deploymentBase'] = { href: `${prefix}/deploymentBase/${action.id}?c=${deploymentEtag(action, now)}` };
  }
  if (state.installedActionId !== undefined) links['installedBase'] = { href: `${prefix}/installedBase/${state.installedActionId}` };
  if (state.requestAttributes) links['configData'] = { href: `${prefix}/configData` };
  return links;
}
