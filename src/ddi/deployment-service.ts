import type { Knex } from 'knex';
import type { ActionStatus } from '../actions/action-lifecycle.js';
import { deploymentModes, type DeploymentModes } from '../actions/deployment-modes.js';
import type { Clock } from '../clock.js';
import { inStatementTransaction } from '../db/transaction.js';
import { deviceActionStore, type Chunk, type DeviceAction } from './device-action-store.js';
import { assertShownBy, findDeviceAction, shownBy, type DeviceResource } from './device-actions.js';
import { cancelIfLapsed } from './lapsed-window.js';

/** What deploymentBase, installedBase and confirmationBase/{id} show. */
export interface DeploymentView {
  readonly action: DeviceAction;
  readonly modes: DeploymentModes;
  readonly chunks: readonly Chunk[];
  /** present when asked for: the action's status and the device's last messages, newest first */
  readonly history?: { readonly status: ActionStatus; readonly messages: readonly string[] };
}

/** The read side of DDI deployments (hawkBit's ControllerManagement for actions). */
export interface DeploymentService {
  /**
   * The deployment of an action, modes evaluated now. `resource` decides which states are shown; a
   * deploymentBase fetch of an active action also counts a fetch and records a `retrieved` entry (once in
   * a row). A `historyCount` other than 0 adds that many of the device's messages, newest first (a negative
   * one or one of 100 and more: 100), when it has reported any.
   * @throws DomainError entityNotFound (unknown target or action, or a state `resource` does not show)
   */
  deployment(controllerId: string, actionId: number, resource: Exclude<DeviceResource, 'cancelAction'>, historyCount: number): Promise<DeploymentView>;
  /**
   * The cancellation a device should carry out; records a `retrieved` entry while it is pending.
   * @throws DomainError entityNotFound unless the action is canceling or canceled
   */
  cancellation(controllerId: string, actionId: number): Promise<DeviceAction>;
  /** The target's action waiting for its confirmation, if any (at most one action is active). */
  awaitingConfirmation(controllerId: string): Promise<DeviceAction | undefined>;
}

/** hawkBit's cap of actionHistory messages. */
const MAX_HISTORY_MESSAGES = 100;
/** Server texts start so; actionHistory shows only what the device reported. */
const SERVER_PREFIX = 'Update Server: ';
const RETRIEVED = {
  deployment: `${SERVER_PREFIX}Target retrieved update action and should start now the download.`,
  cancel: `${SERVER_PREFIX}Target retrieved cancel action and should start now the cancelation.`,
};

export function createDeploymentService(db: Knex, clock: Clock): DeploymentService {
  /**
   * The action as `resource` finds it; a deploymentBase fetch of an active action it shows is counted and
   * recorded. Read without a lock, and recorded in one statement while the action stays so (decision 270);
   * an action with a maintenance window, or one that moved meanwhile, is read again with the target and
   * then the action locked (decision 40), as a poll, a lapsed window cancels it.
   */
  const fetched = async (controllerId: string, actionId: number, resource: Exclude<DeviceResource, 'cancelAction'>): Promise<DeviceAction> => {
    const seen = await findDeviceAction(db, controllerId, actionId);
    if (resource !== 'deploymentBase' || !seen.active) return seen;
    if (seen.maintenanceWindow === null) {
      if (!shownBy(resource, seen)) return seen;
      if (await deviceActionStore.recordShownFetch(db, seen.id, RETRIEVED.deployment, clock())) return seen;
    }
    return inStatementTransaction(db, async (trx) => {
      const found = await findDeviceAction(trx, controllerId, actionId, true);
      if (!found.active) return found;
      // As on a poll, a lapsed maintenance schedule cancels the action; the cancel is kept and
      // deploymentBase then no longer shows it (404), as in hawkBit.
      const current = { ...found, status: (await cancelIfLapsed(trx, found.targetId, found, clock())).status };
      if (shownBy(resource, current)) await deviceActionStore.recordFetch(trx, found.id, RETRIEVED.deployment, clock());
      return current;
    });
  };

  return {
    async deployment(controllerId, actionId, resource, historyCount) {
      const action = await fetched(controllerId, actionId, resource);
      assertShownBy(resource, action);
      const view = { action, modes: deploymentModes(action, clock()), chunks: await deviceActionStore.chunks(db, action.distributionSetId) };
      if (historyCount === 0) return view;
      const limit = historyCount < 0 || historyCount >= MAX_HISTORY_MESSAGES ? MAX_HISTORY_MESSAGES : historyCount;
      const messages = deviceOwn(await deviceActionStore.messages(db, action.id), limit);
      // hawkBit leaves actionHistory out when the device has reported no message (decision 95)
      return messages.length === 0 ? view : { ...view, history: { status: action.status, messages } };
    },
    cancellation: (controllerId, actionId) =>
      inStatementTransaction(db, async (trx) => {
        const action = await findDeviceAction(trx, controllerId, actionId, true);
        assertShownBy('cancelAction', action);
        if (action.active) await deviceActionStore.recordRetrieved(trx, action.id, RETRIEVED.cancel, clock());
        return action;
      }),
    async awaitingConfirmation(controllerId) {
      const row = await deviceActionStore.waitingAction(db, controllerId);
      return row === undefined ? undefined : findDeviceAction(db, controllerId, row.id);
    },
  };
}

/** The device's own messages among `messages`, the first `limit` of them. */
const deviceOwn = (messages: readonly string[], limit: number): string[] => messages.filter((message) => !message.startsWith(SERVER_PREFIX)).slice(0, limit);
