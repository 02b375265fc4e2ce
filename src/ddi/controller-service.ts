import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { translateDatabaseError } from '../db/db-errors.js';
import { DomainError, ErrorCode } from '../errors.js';
import { autoAssignTarget } from '../target-filters/auto-assignment.js';
import type { PollRecorder } from './poll-recorder.js';
import { applyAttributes, type AttributeMode } from './target-attributes.js';

/** The target's active action, as the poll needs it to choose its link. */
export interface PolledAction {
  readonly id: number;
  readonly status: string;
  readonly actionType: string;
  readonly forceTime: number | null;
  readonly maintenanceWindow: { readonly schedule: string; readonly duration: string; readonly timezone: string } | null;
}

export interface PollState {
  readonly targetId: number;
  /** when the poll was recorded; modes and windows are evaluated at this time */
  readonly polledAt: number;
  readonly requestAttributes: boolean;
  readonly action: PolledAction | undefined;
  /** the finished action that installed the target's current set, for the installedBase link */
  readonly installedActionId: number | undefined;
}

export interface ControllerService {
  /** The security token of a target, for TargetToken authentication; undefined for an unknown controllerId. */
  securityToken(controllerId: string): Promise<string | undefined>;
  /**
   * Records a poll (time and address) and answers what the device should do. An unknown controllerId is
   * registered when `register` (gateway token or anonymous mode), with updateStatus registered.
   * @throws DomainError entityNotFound for an unknown controllerId that may not register
   */
  poll(controllerId: string, options: { register: boolean; address: string | undefined }): Promise<PollState>;
  /**
   * Stores the attributes a device uploads and stops asking for them; then runs the auto-assignments
   * for the target.
   * @throws DomainError entityNotFound, targetAttributesInvalid, quotaExceeded
   */
  updateAttributes(controllerId: string, mode: AttributeMode, data: Readonly<Record<string, string | null>>): Promise<void>;
}

/** hawkBit's auditor name for targets that registered themselves. */
const PLUG_AND_PLAY = 'CONTROLLER_PLUG_AND_PLAY';
const MAX_NAME_LENGTH = 128;

interface TargetRow {
  id: number;
  request_attributes: boolean | number;
  update_status: string;
  address: string | null;
  last_controller_request_at: number | null;
  installed_distribution_set_id: number | null;
  action_id: number | null;
  action_status: string | null;
  action_type: string | null;
  force_time: number | null;
  maintenance_schedule: string | null;
  maintenance_duration: string | null;
  maintenance_timezone: string | null;
}

const notFound = (controllerId: string) =>
  new DomainError(ErrorCode.entityNotFound, `Target with given identifier {${controllerId}} does not exist.`);

/** The device side of targets (hawkBit's ControllerManagement): polls, registration, attributes. */
export function createControllerService(db: Knex, clock: Clock, config: Config, polls: PollRecorder): ControllerService {
  // One indexed read: the target and its active action (at most one per target).
  const read = (controllerId: string) =>
    db('targets as t')
      .leftJoin('actions as a', (join) => join.on('a.target_id', 't.id').andOnVal('a.active', true))
      .where('t.controller_id', controllerId)
      .first<TargetRow | undefined>(
        't.id',
        't.request_attributes',
        't.update_status',
        't.address',
        't.last_controller_request_at',
        't.installed_distribution_set_id',
        { action_id: 'a.id', action_status: 'a.status', action_type: 'a.action_type' },
        'a.force_time',
        'a.maintenance_schedule',
        'a.maintenance_duration',
        'a.maintenance_timezone',
      );

  const register = async (controllerId: string, address: string | undefined, now: number) => {
    try {
      await db('targets').insert({
        controller_id: controllerId,
        name: controllerId.slice(0, MAX_NAME_LENGTH),
        description: `Plug and Play target: ${controllerId}`,
        security_token: randomBytes(16).toString('hex'),
        request_attributes: true,
        update_status: 'registered',
        address: address ?? null,
        last_controller_request_at: now,
        auto_confirm_active: config.ddi.autoConfirmDefault,
        auto_confirm_activated_at: config.ddi.autoConfirmDefault ? now : null,
        created_at: now,
        created_by: PLUG_AND_PLAY,
        last_modified_at: now,
        last_modified_by: PLUG_AND_PLAY,
      });
    } catch (error) {
      // Two first polls at once: the other one registered it.
      if (translateDatabaseError(error)?.code !== ErrorCode.entityAlreadyExists) throw error;
    }
    // spec "Target filters": auto-assignment runs on registration, so that this very poll offers the deployment
    await autoAssignTarget({ db, clock, config }, controllerId);
    const row = await read(controllerId);
    if (!row) throw notFound(controllerId);
    return row;
  };

  // First contact, a status change or a new address is written at once; a plain poll is buffered.
  const recordPoll = async (row: TargetRow, address: string | undefined, now: number) => {
    const moved = address !== undefined && address !== row.address;
    if (row.last_controller_request_at !== null && row.update_status !== 'unknown' && !moved) {
      polls.record(row.id, now);
      return;
    }
    polls.forget(row.id);
    await db('targets')
      .where('id', row.id)
      .update({
        last_controller_request_at: now,
        ...(moved ? { address } : {}),
        ...(row.update_status === 'unknown' ? { update_status: 'registered' } : {}),
      });
  };

  const installedAction = async (row: TargetRow) => {
    if (row.installed_distribution_set_id === null) return undefined;
    const action: { id?: number | null } | undefined = await db('actions')
      .where({ target_id: row.id, distribution_set_id: row.installed_distribution_set_id, status: 'finished' })
      .max({ id: 'id' })
      .first();
    return action?.id ?? undefined;
  };

  return {
    async securityToken(controllerId) {
      const row = await db('targets').where('controller_id', controllerId).first<{ security_token: string } | undefined>('security_token');
      return row?.security_token;
    },
    async poll(controllerId, { register: mayRegister, address }) {
      const now = clock();
      let row = await read(controllerId);
      if (!row && !mayRegister) throw notFound(controllerId);
      if (row) await recordPoll(row, address, now);
      else row = await register(controllerId, address, now);
      const action: PolledAction | undefined =
        row.action_id === null
          ? undefined
          : {
              id: row.action_id,
              status: row.action_status as string,
              actionType: row.action_type as string,
              forceTime: row.force_time,
              maintenanceWindow:
                row.maintenance_schedule === null
                  ? null
                  : {
                      schedule: row.maintenance_schedule,
                      duration: row.maintenance_duration as string,
                      timezone: row.maintenance_timezone as string,
                    },
            };
      return { targetId: row.id, polledAt: now, requestAttributes: Boolean(row.request_attributes), action, installedActionId: await installedAction(row) };
    },
    async updateAttributes(controllerId, mode, data) {
      await db.transaction(async (trx) => {
        const target = await trx('targets').where('controller_id', controllerId).first<{ id: number } | undefined>('id');
        if (!target) throw notFound(controllerId);
        const rows = await trx('target_attributes').where('target_id', target.id).select<{ key: string; value: string }[]>('key', 'value');
        const next = applyAttributes(Object.fromEntries(rows.map((row) => [row.key, row.value])), mode, data);
        const quota = config.quota.maxAttributeEntriesPerTarget;
        if (quota > 0 && Object.keys(next).length > quota) {
          throw new DomainError(ErrorCode.quotaExceeded, `At most ${quota} attributes are allowed per target`, { quota });
        }
        await trx('target_attributes').where('target_id', target.id).delete();
        const entries = Object.entries(next).map(([key, value]) => ({ target_id: target.id, key, value }));
        if (entries.length > 0) await trx('target_attributes').insert(entries);
        await trx('targets').where('id', target.id).update({ request_attributes: false });
      });
      // spec "Target filters": auto-assignment also runs when a device uploads its attributes
      await autoAssignTarget({ db, clock, config }, controllerId);
    },
  };
}
