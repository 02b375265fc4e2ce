import type { Knex } from 'knex';
import type { ActionStatus } from '../actions/action-lifecycle.js';
import { deploymentModes, type DeploymentModes } from '../actions/deployment-modes.js';
import type { Clock } from '../clock.js';
import { statement } from '../db/prepared-statements.js';
import { inTransaction } from '../db/transaction.js';
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
  /** A `retrieved` entry unless the last one already is (one statement): a device refetching its deployment adds nothing. */
  const recordRetrieved = (trx: Knex, action: DeviceAction, message: string) =>
    insertRetrieved.run(trx, action.id, JSON.stringify([message]), clock(), action.id);

  return {
    async deployment(controllerId, actionId, resource, historyCount) {
      // target, then action locked (decision 40)
      const action = await inTransaction(db, async (trx) => {
        const found = await findDeviceAction(trx, controllerId, actionId, true);
        if (resource !== 'deploymentBase' || !found.active) return found;
        // As on a poll, a lapsed maintenance schedule cancels the action; the cancel is kept and
        // deploymentBase then no longer shows it (404), as in hawkBit.
        const current = { ...found, status: (await cancelIfLapsed(trx, found.targetId, found, clock())).status };
        if (shownBy(resource, current)) {
          await countFetch.run(trx, found.id);
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
      inTransaction(db, async (trx) => {
        const action = await findDeviceAction(trx, controllerId, actionId, true);
        assertShownBy('cancelAction', action);
        if (action.active) await recordRetrieved(trx, action, RETRIEVED.cancel);
        return action;
      }),
    async awaitingConfirmation(controllerId) {
      const row = await waitingAction.get(db, controllerId);
      return row === undefined ? undefined : findDeviceAction(db, controllerId, row.id);
    },
  };
}

// Prepared (src/db/prepared-statements.ts): every device fetching its deployment runs these.
const countFetch = statement('ddi-count-fetch', 'UPDATE actions SET deployment_fetch_count = deployment_fetch_count + 1 WHERE id = ?');
const insertRetrieved = statement(
  'ddi-retrieved',
  `INSERT INTO action_status (action_id, status, messages, code, reported_at)
    SELECT CAST(? AS integer), 'retrieved', CAST(? AS text), CAST(NULL AS integer), CAST(? AS bigint)
    WHERE COALESCE((SELECT status FROM action_status WHERE action_id = ? ORDER BY id DESC LIMIT 1), '') <> 'retrieved'`,
);
const setModules = statement<{ id: number; name: string; version: string; type_key: string }>(
  'ddi-set-modules',
  `SELECT m.id, m.name, m.version, t.key AS type_key FROM distribution_set_modules dsm
    JOIN software_modules m ON m.id = dsm.software_module_id JOIN software_module_types t ON t.id = m.type_id
    WHERE dsm.distribution_set_id = ? ORDER BY m.id`,
);
const setArtifacts = statement<{ software_module_id: number; provided_filename: string; size: number | string; sha1: string; md5: string; sha256: string }>(
  'ddi-set-artifacts',
  `SELECT a.software_module_id, a.provided_filename, a.size, a.sha1, a.md5, a.sha256 FROM distribution_set_modules dsm
    JOIN artifacts a ON a.software_module_id = dsm.software_module_id WHERE dsm.distribution_set_id = ? ORDER BY a.id`,
);
const setMetadata = statement<{ software_module_id: number; key: string; value: string | null }>(
  'ddi-set-metadata',
  `SELECT md.software_module_id, md.key, md.value FROM distribution_set_modules dsm
    JOIN software_module_metadata md ON md.software_module_id = dsm.software_module_id
    WHERE dsm.distribution_set_id = ? AND md.target_visible = true ORDER BY md.key`,
);
const waitingAction = statement<{ id: number }>(
  'ddi-waiting-action',
  `SELECT a.id FROM actions a JOIN targets t ON t.id = a.target_id WHERE t.controller_id = ? AND a.status = 'wait_for_confirmation' LIMIT 1`,
);
const entryMessages = statement<{ messages: string }>('ddi-entry-messages', 'SELECT messages FROM action_status WHERE action_id = ? ORDER BY id DESC');

/** The modules of a set with their artifacts and target-visible metadata: three queries, whatever the size. */
async function chunksOf(db: Knex, distributionSetId: number): Promise<Chunk[]> {
  const [modules, artifacts, metadata] = await Promise.all([
    setModules.all(db, distributionSetId),
    setArtifacts.all(db, distributionSetId),
    setMetadata.all(db, distributionSetId),
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
  const entries = await entryMessages.all(db, actionId);
  return entries
    .flatMap((entry) => JSON.parse(entry.messages) as string[])
    .filter((message) => !message.startsWith(SERVER_PREFIX))
    .slice(0, limit);
}
