import type { Knex } from 'knex';
import type { ActionStatus } from '../actions/action-lifecycle.js';
import { storedWindow, type MaintenanceWindow } from '../actions/maintenance-window.js';
import { FIRST_CONTACT } from '../actions/target-status.js';
import { commitDurabilityOf, dialectOf, type Dialect } from '../db/database.js';
import { preparedRead, statement, type Queryable } from '../db/prepared-statements.js';
import type { Artifact } from '../software-modules/software-module-store.js';

/** The target's active action, as the poll needs it to choose its link. */
export interface PolledAction {
  readonly id: number;
  readonly distributionSetId: number;
  readonly status: ActionStatus;
  readonly actionType: string;
  readonly forceTime: number | null;
  readonly maintenanceWindow: MaintenanceWindow | null;
}

/** A target as the device side sees it: what authentication, the poll and its links need. */
export interface DeviceRecord {
  readonly targetId: number;
  readonly securityToken: string;
  readonly requestAttributes: boolean;
  readonly updateStatus: string;
  readonly address: string | null;
  readonly lastControllerRequestAt: number | null;
  /** the interval of the target's polling override, null for the default (decision 110) */
  readonly pollingOverride: string | null;
  readonly action: PolledAction | undefined;
  /** the finished action that installed the target's current set, for the installedBase link */
  readonly installedActionId: number | undefined;
}

/** A target that registers itself on its first poll (gateway token or anonymous mode). */
export interface RegisteringTarget {
  readonly controllerId: string;
  readonly name: string;
  readonly description: string;
  readonly securityToken: string;
  readonly address: string | null;
  readonly autoConfirmActive: boolean;
}

/** A row of {@link DEVICE_SQL}, in its column order (an array: decision 267). */
type DeviceRow = [
  id: number,
  securityToken: string,
  requestAttributes: boolean | number,
  updateStatus: string,
  address: string | null,
  lastControllerRequestAt: number | null,
  pollingOverride: string | null,
  actionId: number | null,
  actionSetId: number,
  actionStatus: ActionStatus,
  actionType: string,
  forceTime: number | null,
  maintenanceSchedule: string | null,
  maintenanceDuration: string | null,
  maintenanceTimezone: string | null,
  installedActionId: number | null,
];

// Index lookups only: targets by controller_id, its poll time by target_id (decision 274), its active action
// (at most one, decision 21) by (target_id, active), the installing action by (target_id,
// distribution_set_id, status) (migration 005). Read as arrays (decision 267): the columns in the order of DeviceRow.
const DEVICE_SQL = `SELECT t.id, t.security_token, t.request_attributes, t.update_status, t.address, p.at, t.polling_override,
  a.id AS action_id, a.distribution_set_id AS action_set_id, a.status AS action_status, a.action_type, a.force_time,
  a.maintenance_schedule, a.maintenance_duration, a.maintenance_timezone,
  (SELECT max(i.id) FROM actions i
    WHERE i.target_id = t.id AND i.distribution_set_id = t.installed_distribution_set_id AND i.status = 'finished') AS installed_action_id
FROM targets t LEFT JOIN target_polls p ON p.target_id = t.id LEFT JOIN actions a ON a.target_id = t.id AND a.active = true
WHERE t.controller_id = ?`;

function deviceOf(row: DeviceRow): DeviceRecord {
  const [targetId, securityToken, requestAttributes, updateStatus, address, lastControllerRequestAt, pollingOverride, actionId] = row;
  return {
    targetId,
    securityToken,
    requestAttributes: Boolean(requestAttributes),
    updateStatus,
    address,
    lastControllerRequestAt,
    pollingOverride,
    action:
      actionId === null
        ? undefined
        : {
            id: actionId,
            distributionSetId: row[8],
            status: row[9],
            actionType: row[10],
            forceTime: row[11],
            maintenanceWindow: storedWindow({ maintenance_schedule: row[12], maintenance_duration: row[13], maintenance_timezone: row[14] }),
          },
    installedActionId: row[15] ?? undefined,
  };
}

/**
 * A poll written at once (decision 180's prepared statements, as the rest of the poll): a new address (null
 * keeps the old one), and `registered` on first contact; its time is {@link pollTime}'s.
 */
const contact = statement(
  'poll-contact',
  `UPDATE targets SET address = COALESCE(?, address),
    update_status = CASE WHEN update_status = '${FIRST_CONTACT.from}' THEN '${FIRST_CONTACT.to}' ELSE update_status END WHERE id = ?`,
);

/**
 * A target's poll time `at`, written at once (decision 274): its row in `target_polls` made, or moved
 * forward. A target deleted meanwhile gets none (its foreign key would fail the statement).
 */
const pollTime = statement(
  'poll-time',
  `INSERT INTO target_polls (target_id, at) SELECT id, CAST(? AS bigint) FROM targets WHERE id = ?
    ON CONFLICT (target_id) DO UPDATE SET at = excluded.at WHERE target_polls.at < excluded.at`,
);

/**
 * One statement writes a chunk of `[[targetId, at], …]` (a knex update per row cost more CPU than the
 * polls it records) into `target_polls` (decision 274), never moving a poll time backwards. Only a target
 * whose poll time was read has its poll buffered, so its row exists, unless the target is gone: an update
 * suffices. On PostgreSQL it locks the rows it writes itself, skipping those another transaction holds
 * (decision 270): it waits for no lock, so it needs no order (decision 40) and no transaction of its own,
 * and holds its rows for the one statement; it answers the skipped ones, for a later flush. SQLite has one
 * writer and skips nothing.
 */
const POLL_TIMES_SQL: Readonly<Record<Dialect, string>> = {
  sqlite: `UPDATE target_polls SET at = poll.value ->> 1 FROM json_each(?) AS poll
    WHERE target_polls.target_id = poll.value ->> 0 AND target_polls.at < poll.value ->> 1`,
  postgres: `WITH poll AS (SELECT (value ->> 0)::integer AS id, (value ->> 1)::bigint AS at FROM json_array_elements(?::json) AS poll(value)),
    locked AS (SELECT p.target_id FROM target_polls p JOIN poll ON poll.id = p.target_id FOR NO KEY UPDATE OF p SKIP LOCKED),
    written AS (UPDATE target_polls SET at = poll.at FROM poll JOIN locked ON locked.target_id = poll.id
      WHERE target_polls.target_id = poll.id AND target_polls.at < poll.at)
    SELECT poll.id, poll.at FROM poll WHERE NOT EXISTS (SELECT 1 FROM locked WHERE locked.target_id = poll.id)
      AND EXISTS (SELECT 1 FROM target_polls WHERE target_polls.target_id = poll.id)`,
};

interface ArtifactRow {
  id: number;
  software_module_id: number;
  provided_filename: string;
  size: number | string;
  sha1: string;
  md5: string;
  sha256: string;
  created_at: number | string;
  created_by: string;
  last_modified_at: number | string;
  last_modified_by: string;
}

// The download path's one read, prepared once as the poll's is (decision 180: building and preparing a
// query per request costs more than the rest of the request): the module's artifact by file name, if the
// target's assigned or installed set holds the module.
const FILE_SQL = `SELECT a.id, a.software_module_id, a.provided_filename, a.size, a.sha1, a.md5, a.sha256,
  a.created_at, a.created_by, a.last_modified_at, a.last_modified_by
FROM artifacts a
WHERE a.software_module_id = ? AND a.provided_filename = ?
  AND EXISTS (SELECT 1 FROM targets t JOIN distribution_set_modules m
    ON m.distribution_set_id = t.assigned_distribution_set_id OR m.distribution_set_id = t.installed_distribution_set_id
    WHERE t.controller_id = ? AND m.software_module_id = a.software_module_id)`;

const artifactOf = (row: ArtifactRow): Artifact => ({
  id: row.id,
  softwareModuleId: row.software_module_id,
  providedFilename: row.provided_filename,
  size: Number(row.size),
  sha1: row.sha1,
  md5: row.md5,
  sha256: row.sha256,
  createdAt: Number(row.created_at),
  createdBy: row.created_by,
  lastModifiedAt: Number(row.last_modified_at),
  lastModifiedBy: row.last_modified_by,
});

// The target's row joined to the module's set memberships: a row exists iff the target may see the module.
const visibleModule = (db: Knex, controllerId: string, moduleId: number) =>
  db('targets as t')
    .join('distribution_set_modules as m', (join) =>
      join.on('m.distribution_set_id', 't.assigned_distribution_set_id').orOn('m.distribution_set_id', 't.installed_distribution_set_id'),
    )
    .where({ 't.controller_id': controllerId, 'm.software_module_id': moduleId })
    .select(db.raw('1'));

/**
 * The SQL of targets as devices see them (docs/CONVENTIONS.md rule 5): the poll's record, registration, contact
 * and poll times, attributes, the artifacts a device may download. A device's actions are in `device-action-store.ts`.
 */
export const deviceStore = {
  /**
   * Reads a device by controllerId in one statement prepared once (decision 180), bound to `db` once per
   * service; undefined for an unknown controllerId.
   */
  deviceReader(db: Knex): (controllerId: string) => Promise<DeviceRecord | undefined> {
    const read = preparedRead<DeviceRow>(db, 'ddi-device', DEVICE_SQL, { arrays: true });
    return async (controllerId) => {
      const row = await read(controllerId);
      return row === undefined ? undefined : deviceOf(row);
    };
  },

  /** The id of the target `controllerId`, as a subquery. */
  idQuery: (db: Knex, controllerId: string): Knex.QueryBuilder => db('targets').select('id').where('controller_id', controllerId),

  /**
   * Inserts a target that registered itself: `registered`, asked for its attributes and polled at `now`, created
   * by `actor`; its auto-confirmation, when on, active since `now`.
   */
  async insertRegistered(db: Knex, target: RegisteringTarget, now: number, actor: string): Promise<void> {
    await db('targets').insert({
      controller_id: target.controllerId,
      name: target.name,
      description: target.description,
      security_token: target.securityToken,
      request_attributes: true,
      update_status: FIRST_CONTACT.to,
      address: target.address,
      auto_confirm_active: target.autoConfirmActive,
      auto_confirm_activated_at: target.autoConfirmActive ? now : null,
      created_at: now,
      created_by: actor,
      last_modified_at: now,
      last_modified_by: actor,
    });
    await db.raw('insert into target_polls (target_id, at) select id, cast(? as bigint) from targets where controller_id = ?', [now, target.controllerId]);
  },

  /**
   * Writes a poll at once: its time `at`, a new `address` (null keeps the old one), and `registered` on first
   * contact; in the caller's transaction, as its two statements.
   */
  async recordContact(db: Queryable, at: number, address: string | null, targetId: number): Promise<void> {
    await contact.run(db, address, targetId);
    await pollTime.run(db, at, targetId);
  },

  /**
   * Writes a chunk of poll times `[[targetId, at], …]` in one statement; a poll time never moves backwards.
   * @returns the poll times of targets whose rows another transaction held (PostgreSQL), not written
   */
  async recordPollTimes(db: Knex, polls: readonly (readonly [number, number])[]): Promise<[number, number][]> {
    const json = JSON.stringify(polls);
    // on a SQLite file, a write no answer waits for the sync of (decision 277)
    if (commitDurabilityOf(db).writeUnawaited(POLL_TIMES_SQL.sqlite, [json]) !== undefined) return [];
    const result = await db.raw<{ rows?: { id: number; at: number }[] }>(POLL_TIMES_SQL[dialectOf(db)], [json]);
    return dialectOf(db) === 'postgres' ? (result.rows ?? []).map((row) => [row.id, Number(row.at)]) : [];
  },

  /** The attributes the device reported, by key. */
  async attributes(db: Knex, targetId: number): Promise<Record<string, string>> {
    const rows = await db('target_attributes').where('target_id', targetId).select<{ key: string; value: string }[]>('key', 'value');
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  },

  /** Makes `attributes` the target's attributes and stops asking the device for them. */
  async replaceAttributes(db: Knex, targetId: number, attributes: Readonly<Record<string, string>>): Promise<void> {
    await db('target_attributes').where('target_id', targetId).delete();
    const entries = Object.entries(attributes).map(([key, value]) => ({ target_id: targetId, key, value }));
    if (entries.length > 0) await db('target_attributes').insert(entries);
    await db('targets').where('id', targetId).update({ request_attributes: false });
  },

  /**
   * A reader of the download path's artifact (see FILE_SQL), bound to `db` once per service: the module's
   * artifact by file name if the target may see the module, else undefined.
   */
  fileReader(db: Knex): (moduleId: number, filename: string, controllerId: string) => Promise<Artifact | undefined> {
    const read = preparedRead<ArtifactRow>(db, 'ddi-artifact-file', FILE_SQL);
    return async (moduleId, filename, controllerId) => {
      const row = await read(moduleId, filename, controllerId);
      return row === undefined ? undefined : artifactOf(row);
    };
  },

  /** A subquery that finds a row iff the target's assigned or installed set holds the module. */
  visibleModuleQuery: (db: Knex, controllerId: string, moduleId: number): Knex.QueryBuilder => visibleModule(db, controllerId, moduleId),

  /** Whether the target's assigned or installed set holds the module. */
  async seesModule(db: Knex, controllerId: string, moduleId: number): Promise<boolean> {
    return (await visibleModule(db, controllerId, moduleId).first()) !== undefined;
  },

  /** The id of the distribution set of that name and version, as a device declares it; undefined if none. */
  async setIdOf(db: Knex, name: string, version: string): Promise<number | undefined> {
    return (await db('distribution_sets').where({ name, version }).first<{ id: number } | undefined>('id'))?.id;
  },
};
