import type { Knex } from 'knex';
import type { ActionStatus } from '../actions/action-lifecycle.js';
import { storedWindow, type MaintenanceWindow } from '../actions/maintenance-window.js';
import { preparedRead } from '../db/prepared-statements.js';

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

interface DeviceRow {
  id: number;
  security_token: string;
  request_attributes: boolean | number;
  update_status: string;
  address: string | null;
  last_controller_request_at: number | null;
  polling_override: string | null;
  action_id: number | null;
  action_set_id: number;
  action_status: ActionStatus;
  action_type: string;
  force_time: number | null;
  maintenance_schedule: string | null;
  maintenance_duration: string | null;
  maintenance_timezone: string | null;
  installed_action_id: number | null;
}

// Index lookups only: targets by controller_id, its active action (at most one, decision 21) by
// (target_id, active), the installing action by (target_id, distribution_set_id, status) (migration 005).
const DEVICE_SQL = `SELECT t.id, t.security_token, t.request_attributes, t.update_status, t.address, t.last_controller_request_at, t.polling_override,
  a.id AS action_id, a.distribution_set_id AS action_set_id, a.status AS action_status, a.action_type, a.force_time,
  a.maintenance_schedule, a.maintenance_duration, a.maintenance_timezone,
  (SELECT max(i.id) FROM actions i
    WHERE i.target_id = t.id AND i.distribution_set_id = t.installed_distribution_set_id AND i.status = 'finished') AS installed_action_id
FROM targets t LEFT JOIN actions a ON a.target_id = t.id AND a.active = true
WHERE t.controller_id = ?`;

/** Reads a device by controllerId in one prepared statement; undefined for an unknown controllerId. */
export function deviceReader(db: Knex): (controllerId: string) => Promise<DeviceRecord | undefined> {
  const read = preparedRead<DeviceRow>(db, 'ddi-device', DEVICE_SQL);
  return async (controllerId) => {
    const row = await read(controllerId);
    return row === undefined ? undefined : deviceOf(row);
  };
}

function deviceOf(row: DeviceRow): DeviceRecord {
  return {
    targetId: row.id,
    securityToken: row.security_token,
    requestAttributes: Boolean(row.request_attributes),
    updateStatus: row.update_status,
    address: row.address,
    lastControllerRequestAt: row.last_controller_request_at,
    pollingOverride: row.polling_override,
    action:
      row.action_id === null
        ? undefined
        : {
            id: row.action_id,
            distributionSetId: row.action_set_id,
            status: row.action_status,
            actionType: row.action_type,
            forceTime: row.force_time,
            maintenanceWindow: storedWindow(row),
          },
    installedActionId: row.installed_action_id ?? undefined,
  };
}
