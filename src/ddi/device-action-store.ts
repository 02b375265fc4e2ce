import type { ActionStatus } from '../actions/action-lifecycle.js';
import type { ActionRef } from '../actions/action-store.js';
import type { ActionType } from '../actions/deployment-modes.js';
import { storedWindow, type MaintenanceWindow } from '../actions/maintenance-window.js';
import { dialectOf } from '../db/database.js';
import { statement, type Queryable } from '../db/prepared-statements.js';
import { inStatementTransaction } from '../db/transaction.js';

/** An action as the device side reads it. */
export interface DeviceAction extends ActionRef {
  readonly active: boolean;
  readonly actionType: ActionType;
  readonly forceTime: number | null;
  readonly maintenanceWindow: MaintenanceWindow | null;
}

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

interface ActionRow {
  id: number;
  target_id: number;
  distribution_set_id: number;
  status: ActionStatus;
  active: boolean | number;
  action_type: ActionType;
  force_time: number | string | null;
  maintenance_schedule: string | null;
  maintenance_duration: string | null;
  maintenance_timezone: string | null;
}

interface EntryCountRow {
  entries: number | string;
  messages: number | string | null;
}

/** How many status entries an action holds, and how many messages they hold together (the quotas of a report). */
export interface EntryCounts {
  readonly entries: number;
  readonly messages: number;
}

const entryCountsOf = (row: EntryCountRow | undefined): EntryCounts => ({ entries: Number(row?.entries ?? 0), messages: Number(row?.messages ?? 0) });

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

const TARGET_SQL = 'SELECT id FROM targets WHERE controller_id = ?';
const ACTION_SQL = `SELECT a.id, a.target_id, a.distribution_set_id, a.status, a.active, a.action_type, a.force_time,
  a.maintenance_schedule, a.maintenance_duration, a.maintenance_timezone
FROM actions a WHERE a.id = ? AND a.target_id = (${TARGET_SQL})`;
const targetOf = statement<{ id: number }>('ddi-target-id', TARGET_SQL);
const actionOf = statement<ActionRow>('ddi-action', ACTION_SQL);
// The row locks of decision 40 in one statement (PostgreSQL, decision 140): the filter's subquery locks the
// target row before the LockRows step above the scan locks the action row.
const lockedActionOf = statement<ActionRow>('ddi-action-locked', {
  sqlite: ACTION_SQL,
  postgres: `SELECT a.id, a.target_id, a.distribution_set_id, a.status, a.active, a.action_type, a.force_time,
  a.maintenance_schedule, a.maintenance_duration, a.maintenance_timezone
FROM actions a WHERE a.id = ? AND a.target_id = (${TARGET_SQL} FOR NO KEY UPDATE) FOR NO KEY UPDATE OF a`,
});

// Prepared (src/db/prepared-statements.ts): every device fetching its deployment runs these.
const COUNT_FETCH = 'UPDATE actions SET deployment_fetch_count = deployment_fetch_count + 1 WHERE id = ?';
const INSERT_RETRIEVED = `INSERT INTO action_status (action_id, status, messages, code, reported_at)
  SELECT CAST(? AS integer), 'retrieved', CAST(? AS text), CAST(NULL AS integer), CAST(? AS bigint)
  WHERE COALESCE((SELECT status FROM action_status WHERE action_id = ? ORDER BY id DESC LIMIT 1), '') <> 'retrieved'`;
const countFetch = statement('ddi-count-fetch', COUNT_FETCH);
const insertRetrieved = statement('ddi-retrieved', INSERT_RETRIEVED);
const fetchedOnPostgres = statement('ddi-fetched', `WITH counted AS (${COUNT_FETCH}) ${INSERT_RETRIEVED}`);
/**
 * A deploymentBase fetch decided on the action as read without a lock (decision 270): counted and recorded only
 * while the action is active in a status deploymentBase shows (`device-actions.ts`: not waiting for
 * confirmation, not canceling).
 */
const COUNT_SHOWN_FETCH = `UPDATE actions SET deployment_fetch_count = deployment_fetch_count + 1
  WHERE id = ? AND active = true AND status NOT IN ('wait_for_confirmation', 'canceling')`;
const countShownFetch = statement('ddi-count-shown-fetch', COUNT_SHOWN_FETCH);
// PostgreSQL only: SQLite has no data-modifying WITH, and runs the two statements in-process
const shownFetchedOnPostgres = statement<{ n: number | string }>(
  'ddi-shown-fetched',
  `WITH counted AS (${COUNT_SHOWN_FETCH} RETURNING id), entry AS (INSERT INTO action_status (action_id, status, messages, code, reported_at)
    SELECT id, 'retrieved', CAST(? AS text), CAST(NULL AS integer), CAST(? AS bigint) FROM counted
    WHERE COALESCE((SELECT status FROM action_status WHERE action_id = counted.id ORDER BY id DESC LIMIT 1), '') <> 'retrieved')
  SELECT count(*) AS n FROM counted`,
);
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
const waitingForConfirmation = statement<{ id: number }>(
  'ddi-waiting-action',
  `SELECT a.id FROM actions a JOIN targets t ON t.id = a.target_id WHERE t.controller_id = ? AND a.status = 'wait_for_confirmation' LIMIT 1`,
);
const entryMessages = statement<{ messages: string }>('ddi-entry-messages', 'SELECT messages FROM action_status WHERE action_id = ? ORDER BY id DESC');

// Prepared (src/db/prepared-statements.ts), as everything on the device's write path. `messages` is a JSON
// array in a text column: SQLite's json_array_length reads the text, PostgreSQL's the cast.
const MESSAGE_COUNT = { sqlite: 'json_array_length(messages)', postgres: 'json_array_length(messages::json)' };
const countEntries = statement<EntryCountRow>('action-entry-counts', {
  sqlite: `SELECT count(*) AS entries, sum(${MESSAGE_COUNT.sqlite}) AS messages FROM action_status WHERE action_id = ?`,
  postgres: `SELECT count(*) AS entries, sum(${MESSAGE_COUNT.postgres}) AS messages FROM action_status WHERE action_id = ?`,
});
const countsOfA = (dialect: keyof typeof MESSAGE_COUNT) =>
  `, (SELECT count(*) FROM action_status s WHERE s.action_id = a.id) AS entries,
  (SELECT sum(${MESSAGE_COUNT[dialect]}) FROM action_status s WHERE s.action_id = a.id) AS messages
FROM actions a WHERE`;
/** The action of a report as {@link ACTION_SQL} reads it, unlocked, with its entry counts for the quotas, in one statement (decision 270). */
const reportedActionOf = statement<ActionRow & EntryCountRow>('ddi-action-report', {
  sqlite: ACTION_SQL.replace('\nFROM actions a WHERE', countsOfA('sqlite')),
  postgres: ACTION_SQL.replace('\nFROM actions a WHERE', countsOfA('postgres')),
});
/**
 * A download's `download` entry, on the target's active action, not canceling, whose set holds the module, in
 * one statement without a transaction (decision 270): unless the action already holds `max` entries (0: no
 * quota). It locks no row: the entry only key-shares its action (decision 40).
 */
const downloadEntry = statement(
  'ddi-download-entry',
  `INSERT INTO action_status (action_id, status, messages, code, reported_at)
  SELECT a.id, 'download', CAST(? AS text), CAST(NULL AS integer), CAST(? AS bigint) FROM actions a JOIN targets t ON t.id = a.target_id
    JOIN distribution_set_modules m ON m.distribution_set_id = a.distribution_set_id
  WHERE t.controller_id = ? AND m.software_module_id = ? AND a.active = true AND a.status <> 'canceling'
    AND (CAST(? AS integer) = 0 OR (SELECT count(*) FROM action_status s WHERE s.action_id = a.id) < CAST(? AS integer))
  LIMIT 1`,
);
const lockedActive = statement<{ status: ActionStatus }>('ddi-locked-active-status', {
  sqlite: 'SELECT status FROM actions WHERE id = ? AND active = true',
  postgres: 'SELECT status FROM actions WHERE id = ? AND active = true FOR NO KEY UPDATE',
});

const deviceActionOf = (row: ActionRow): DeviceAction => ({
  id: row.id,
  targetId: row.target_id,
  distributionSetId: row.distribution_set_id,
  status: row.status,
  active: Boolean(row.active),
  actionType: row.action_type,
  forceTime: row.force_time === null ? null : Number(row.force_time),
  maintenanceWindow: storedWindow(row),
});

/**
 * The SQL of a device's actions as DDI reads and reports them (docs/CONVENTIONS.md rule 5): its deployments,
 * fetches and feedback. Moves through the lifecycle go through the action writer (`actions/action-store.ts`).
 */
export const deviceActionStore = {
  /**
   * The action `actionId` (a row id) of the target `controllerId`, in one prepared statement; undefined for an
   * unknown target or action, or an action of another target. With `lock`, the target's row and then the
   * action's are locked for the caller's transaction, in the order of decision 40 (PostgreSQL; SQLite
   * serialises writers anyway).
   */
  async action(db: Queryable, controllerId: string, actionId: number, lock = false): Promise<DeviceAction | undefined> {
    const row = await (lock && dialectOf(db) === 'postgres' ? lockedActionOf : actionOf).get(db, actionId, controllerId);
    return row === undefined ? undefined : deviceActionOf(row);
  },

  /** Whether a target `controllerId` exists (prepared, beside {@link deviceActionStore.action}). */
  async targetExists(db: Queryable, controllerId: string): Promise<boolean> {
    return (await targetOf.get(db, controllerId)) !== undefined;
  },

  /** The target's action waiting for its confirmation, if any (at most one action is active). */
  waitingAction: (db: Queryable, controllerId: string): Promise<{ readonly id: number } | undefined> => waitingForConfirmation.get(db, controllerId),

  /**
   * A `retrieved` entry with `message` at `at`, unless the action's last entry already is one: a device
   * refetching its deployment adds nothing.
   * @returns the number of entries written
   */
  recordRetrieved: (db: Queryable, actionId: number, message: string, at: number): Promise<number> =>
    insertRetrieved.run(db, actionId, JSON.stringify([message]), at, actionId),

  /** A deploymentBase fetch: counted, and recorded as {@link deviceActionStore.recordRetrieved} does (one statement on PostgreSQL). */
  async recordFetch(db: Queryable, actionId: number, message: string, at: number): Promise<number> {
    const messages = JSON.stringify([message]);
    if (dialectOf(db) === 'postgres') return fetchedOnPostgres.run(db, actionId, actionId, messages, at, actionId);
    await countFetch.run(db, actionId);
    return insertRetrieved.run(db, actionId, messages, at, actionId);
  },

  /**
   * {@link deviceActionStore.recordFetch} without a lock, on an action read without one (decision 270): only
   * while it is active in a status deploymentBase shows; one statement on PostgreSQL, without a transaction.
   * @returns false when the action has left those states: nothing is written
   */
  async recordShownFetch(db: Queryable, actionId: number, message: string, at: number): Promise<boolean> {
    const messages = JSON.stringify([message]);
    if (dialectOf(db) === 'postgres') return Number((await shownFetchedOnPostgres.get(db, actionId, messages, at))?.n ?? 0) === 1;
    return inStatementTransaction(db, async (trx) => {
      if ((await countShownFetch.run(trx, actionId)) === 0) return false;
      await insertRetrieved.run(trx, actionId, messages, at, actionId);
      return true;
    });
  },

  /** The modules of a set with their artifacts and target-visible metadata: one query, whatever the size. */
  async chunks(db: Queryable, distributionSetId: number): Promise<Chunk[]> {
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
  },

  /** The messages of the action's status entries, newest entry first, the device's and the server's. */
  async messages(db: Queryable, actionId: number): Promise<string[]> {
    const entries = await entryMessages.all(db, actionId);
    return entries.flatMap((entry) => JSON.parse(entry.messages) as string[]);
  },

  /** The number of the action's status entries and of their messages, for the quotas of a report (one statement). */
  async entryCounts(db: Queryable, actionId: number): Promise<EntryCounts> {
    return entryCountsOf(await countEntries.get(db, actionId));
  },

  /**
   * The action `actionId` of the target `controllerId` as {@link deviceActionStore.action} reads it, unlocked,
   * with its {@link EntryCounts}, in one statement: what a report is decided on before anything is locked
   * (decision 270). Undefined for an unknown target or action, or an action of another target.
   */
  async reportedAction(db: Queryable, controllerId: string, actionId: number): Promise<(DeviceAction & { readonly counts: EntryCounts }) | undefined> {
    const row = await reportedActionOf.get(db, actionId, controllerId);
    return row === undefined ? undefined : { ...deviceActionOf(row), counts: entryCountsOf(row) };
  },

  /**
   * Records a download of the module as a `download` entry with `message` at `at` on the target's active
   * action, not canceling, whose set holds it, unless the action holds `maxEntries` entries (0: no quota).
   * @returns the number of entries written (0 without such an action)
   */
  recordDownload: (db: Queryable, controllerId: string, moduleId: number, message: string, at: number, maxEntries: number): Promise<number> =>
    downloadEntry.run(db, JSON.stringify([message]), at, controllerId, moduleId, maxEntries, maxEntries),

  /**
   * The status of the action if it is still active, its row locked (decision 40: the caller has locked its
   * target); undefined once it is closed.
   */
  async lockedActiveStatus(trx: Queryable, actionId: number): Promise<ActionStatus | undefined> {
    return (await lockedActive.get(trx, actionId))?.status;
  },
};
