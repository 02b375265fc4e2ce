import type { Knex } from 'knex';
import type { ActionStatus } from '../actions/action-lifecycle.js';
import { deploymentModes, type DeploymentModes } from '../actions/deployment-modes.js';
import type { Clock } from '../clock.js';
import { dialectOf } from '../db/database.js';
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
  /** A `retrieved` entry unless the last one already is: a device refetching its deployment adds nothing. */
  const recordRetrieved = (trx: Knex, action: DeviceAction, message: string) =>
    insertRetrieved.run(trx, action.id, JSON.stringify([message]), clock(), action.id);
  /** A deploymentBase fetch: counted, and recorded as retrieved (one statement on PostgreSQL). */
  const recordFetch = async (trx: Knex, action: DeviceAction) => {
    const message = JSON.stringify([RETRIEVED.deployment]);
    if (dialectOf(trx) === 'postgres') return fetchedOnPostgres.run(trx, action.id, action.id, message, clock(), action.id);
    await countFetch.run(trx, action.id);
    return insertRetrieved.run(trx, action.id, message, clock(), action.id);
  };

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
          await recordFetch(trx, found);
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
const COUNT_FETCH = 'UPDATE actions SET deployment_fetch_count = deployment_fetch_count + 1 WHERE id = ?';
const INSERT_RETRIEVED = `INSERT INTO action_status (action_id, status, messages, code, reported_at)
  SELECT CAST(? AS integer), 'retrieved', CAST(? AS text), CAST(NULL AS integer), CAST(? AS bigint)
  WHERE COALESCE((SELECT status FROM action_status WHERE action_id = ? ORDER BY id DESC LIMIT 1), '') <> 'retrieved'`;
const countFetch = statement('ddi-count-fetch', COUNT_FETCH);
const insertRetrieved = statement('ddi-retrieved', INSERT_RETRIEVED);
const fetchedOnPostgres = statement('ddi-fetched', `WITH counted AS (${COUNT_FETCH}) ${INSERT_RETRIEVED}`);
/** A set's modules (kind m), their artifacts (a) and target-visible metadata (k), in one statement. */
const setChunks = statement<ChunkRow>(
  'ddi-set-chunks',
  `SELECT 'm' AS kind, m.id AS module_id, m.id AS seq, m.name AS name, m.version AS version, t.key AS type_key,
    NULL AS sha1, NULL AS md5, NULL AS sha256, NULL AS size
  FROM distribution_set_modules dsm JOIN software_modules m ON m.id = dsm.software_module_id
    JOIN software_module_types t ON t.id = m.type_id
  WHERE dsm.distribution_set_id = ?
  UNION ALL
  SELECT 'a', a.software_module_id, a.id, a.provided_filename, NULL, NULL, a.sha1, a.md5, a.sha256, a.size
  FROM distribution_set_modules dsm JOIN artifacts a ON a.software_module_id = dsm.software_module_id
  WHERE dsm.distribution_set_id = ?
  UNION ALL
  SELECT 'k', md.software_module_id, 0, md.key, md.value, NULL, NULL, NULL, NULL, NULL
  FROM distribution_set_modules dsm JOIN software_module_metadata md ON md.software_module_id = dsm.software_module_id
  WHERE dsm.distribution_set_id = ? AND md.target_visible = true
  ORDER BY kind, seq, name`,
);
const waitingAction = statement<{ id: number }>(
  'ddi-waiting-action',
  `SELECT a.id FROM actions a JOIN targets t ON t.id = a.target_id WHERE t.controller_id = ? AND a.status = 'wait_for_confirmation' LIMIT 1`,
);
const entryMessages = statement<{ messages: string }>('ddi-entry-messages', 'SELECT messages FROM action_status WHERE action_id = ? ORDER BY id DESC');

interface ChunkRow {
  kind: 'm' | 'a' | 'k';
  module_id: number;
  name: string;
  version: string | null;
  type_key: string | null;
  sha1: string | null;
  md5: string | null;
  sha256: string | null;
  size: number | string | null;
}

/** The modules of a set with their artifacts and target-visible metadata: one query, whatever the size. */
async function chunksOf(db: Knex, distributionSetId: number): Promise<Chunk[]> {
  const rows = await setChunks.all(db, distributionSetId, distributionSetId, distributionSetId);
  const of = (kind: ChunkRow['kind'], moduleId: number) => rows.filter((row) => row.kind === kind && row.module_id === moduleId);
  return rows
    .filter((row) => row.kind === 'm')
    .map((module) => ({
      moduleId: module.module_id,
      typeKey: module.type_key as string,
      name: module.name,
      version: module.version as string,
      artifacts: of('a', module.module_id).map((artifact) => ({
        filename: artifact.name,
        size: Number(artifact.size),
        sha1: artifact.sha1 as string,
        md5: artifact.md5 as string,
        sha256: artifact.sha256 as string,
      })),
      metadata: of('k', module.module_id).map((entry) => ({ key: entry.name, value: entry.version ?? '' })),
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
