import type { Knex } from 'knex';
import type { ActionStatus } from '../actions/action-lifecycle.js';
import { recordActionEntry } from '../actions/action-store.js';
import { deploymentModes, type DeploymentModes } from '../actions/deployment-modes.js';
import type { Clock } from '../clock.js';
import { assertShownBy, findDeviceAction, shownBy, type DeviceAction, type DeviceResource } from './device-actions.js';
import { cancelIfLapsed } from './lapsed-window.js';

/** One software module of a deployment (hawkBit's chunk). */
export interface Chunk {
  readonly moduleId: number;
  /** the module type key */
  readonly typeKey: string;
  readonly name: string;
  readonly version: string;
  readonly artifacts: readonly { filename: string; size: number; sha1: string; md5: string; sha256: string }[];
  /** the module's target-visible metadata */
  readonly metadata: readonly { key: string; value: string }[];
}

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
  deployment(
    controllerId: string,
    actionId: number,
    resource: Exclude<DeviceResource, 'cancelAction'>,
    historyCount: number,
  ): Promise<DeploymentView>;
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
  /** A `retrieved` entry unless the last one already is: a device refetching its deployment adds nothing. */
  const recordRetrieved = async (trx: Knex, action: DeviceAction, message: string) => {
    const last = await trx('action_status').where('action_id', action.id).orderBy('id', 'desc').first<{ status: string } | undefined>('status');
    if (last?.status !== 'retrieved') await recordActionEntry(trx, action.id, 'retrieved', { now: clock(), messages: [message] });
  };

  return {
    async deployment(controllerId, actionId, resource, historyCount) {
      const action = await db.transaction(async (trx) => {
        const found = await findDeviceAction(trx, controllerId, actionId, true);
        if (resource !== 'deploymentBase' || !found.active) return found;
        // As on a poll, a lapsed maintenance schedule cancels the action; the cancel is kept and
        // deploymentBase then no longer shows it (404), as in hawkBit.
        const current = { ...found, status: (await cancelIfLapsed(trx, found.targetId, found, clock())).status };
        if (shownBy(resource, current)) {
          await trx('actions').where('id', found.id).increment('deployment_fetch_count', 1);
          await recordRetrieved(trx, found, RETRIEVED.deployment);
        }
        return current;
      });
      assertShownBy(resource, action);
      const view = { action, modes: deploymentModes(action, clock()), chunks: await chunksOf(db, action.distributionSetId) };
      if (historyCount === 0) return view;
      const limit = historyCount < 0 || historyCount >= MAX_HISTORY_MESSAGES ? MAX_HISTORY_MESSAGES : historyCount;
      const messages = await deviceMessages(db, action.id, limit);
      // hawkBit leaves actionHistory out when the device has reported no message (decision 95)
      return messages.length === 0 ? view : { ...view, history: { status: action.status, messages } };
    },
    cancellation: (controllerId, actionId) =>
      db.transaction(async (trx) => {
        const action = await findDeviceAction(trx, controllerId, actionId, true);
        assertShownBy('cancelAction', action);
        if (action.active) await recordRetrieved(trx, action, RETRIEVED.cancel);
        return action;
      }),
    async awaitingConfirmation(controllerId) {
      const row = await db('actions as a')
        .join('targets as t', 't.id', 'a.target_id')
        .where({ 't.controller_id': controllerId, 'a.status': 'wait_for_confirmation' })
        .first<{ id: number } | undefined>('a.id');
      return row === undefined ? undefined : findDeviceAction(db, controllerId, row.id);
    },
  };
}

/** The modules of a set with their artifacts and target-visible metadata: three queries, whatever the size. */
async function chunksOf(db: Knex, distributionSetId: number): Promise<Chunk[]> {
  const modules = await db('distribution_set_modules as dsm')
    .join('software_modules as m', 'm.id', 'dsm.software_module_id')
    .join('software_module_types as t', 't.id', 'm.type_id')
    .where('dsm.distribution_set_id', distributionSetId)
    .orderBy('m.id')
    .select<{ id: number; name: string; version: string; type_key: string }[]>('m.id', 'm.name', 'm.version', { type_key: 't.key' });
  const ids = modules.map((module) => module.id);
  const [artifacts, metadata] = await Promise.all([
    db('artifacts')
      .whereIn('software_module_id', ids)
      .orderBy('id')
      .select<{ software_module_id: number; provided_filename: string; size: number | string; sha1: string; md5: string; sha256: string }[]>(
        'software_module_id', 'provided_filename', 'size', 'sha1', 'md5', 'sha256',
      ),
    db('software_module_metadata')
      .whereIn('software_module_id', ids)
      .where('target_visible', true)
      .orderBy('key')
      .select<{ software_module_id: number; key: string; value: string | null }[]>('software_module_id', 'key', 'value'),
  ]);
  return modules.map((module) => ({
    moduleId: module.id,
    typeKey: module.type_key,
    name: module.name,
    version: module.version,
    artifacts: artifacts
      .filter((artifact) => artifact.software_module_id === module.id)
      .map((artifact) => ({
        filename: artifact.provided_filename,
        size: Number(artifact.size),
        sha1: artifact.sha1,
        md5: artifact.md5,
        sha256: artifact.sha256,
      })),
    metadata: metadata
      .filter((entry) => entry.software_module_id === module.id)
      .map((entry) => ({ key: entry.key, value: entry.value ?? '' })),
  }));
}

/** The device's own messages on an action, newest first, at most `limit`. */
async function deviceMessages(db: Knex, actionId: number, limit: number): Promise<string[]> {
  const entries = await db('action_status').where('action_id', actionId).orderBy('id', 'desc').select<{ messages: string }[]>('messages');
  return entries
    .flatMap((entry) => JSON.parse(entry.messages) as string[])
    .filter((message) => !message.startsWith(SERVER_PREFIX))
    .slice(0, limit);
}
