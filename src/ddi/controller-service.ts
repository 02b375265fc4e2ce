import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { updateStatusChanged } from '../actions/action-events.js';
import { FIRST_CONTACT } from '../actions/target-status.js';
import type { Config } from '../config.js';
import { translateDatabaseError } from '../db/db-errors.js';
import { targetIdOf } from '../db/row-locks.js';
import { inStatementTransaction, inTransaction } from '../db/transaction.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import { recordEvents } from '../events/outbox.js';
import { autoAssignTarget } from '../target-filters/auto-assignment.js';
import { deviceStore, type DeviceRecord, type PolledAction } from './device-store.js';
import { cancelIfLapsed } from './lapsed-window.js';
import type { PollRecorder } from './poll-recorder.js';
import { jitteredSeconds, parsePollingInterval, type PollingInterval } from '../polling-interval.js';
import { pollingOverrideRefresher } from '../targets/polling-overrides.js';
import { pollingSleep } from './polling-sleep.js';
import { applyAttributes, type AttributeMode } from './target-attributes.js';

export type { DeviceRecord, PolledAction };

export interface PollState {
  readonly targetId: number;
  /** when the poll was recorded; modes and windows are evaluated at this time */
  readonly polledAt: number;
  /**
   * `config.polling.sleep`, HH:mm:ss: the target's polling interval (its override's or the default, with the
   * random deviation, decision 110), shortened before a maintenance window
   */
  readonly sleep: string;
  readonly requestAttributes: boolean;
  readonly action: PolledAction | undefined;
  /** the finished action that installed the target's current set, for the installedBase link */
  readonly installedActionId: number | undefined;
}

export interface ControllerService {
  /**
   * A target as the device side reads it (security token, active action, installed action) in one
   * prepared statement, for TargetToken authentication; hand it on to {@link poll} so that the poll does
   * not read it again. Undefined for an unknown controllerId.
   */
  findDevice(controllerId: string): Promise<DeviceRecord | undefined>;
  /**
   * Records a poll (time and address) and answers what the device should do. An unknown controllerId is
   * registered when `register` (gateway token or anonymous mode), with updateStatus registered. `device`
   * is what {@link findDevice} just read for this request, if anything. An active action whose maintenance
   * schedule has lapsed (no window open now or ahead) is cancelled (→ canceling) and offered as
   * cancelAction, as hawkBit does on a poll.
   * @throws DomainError entityNotFound for an unknown controllerId that may not register
   */
  poll(controllerId: string, options: { register: boolean; address: string | undefined; device?: DeviceRecord | undefined }): Promise<PollState>;
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

/** The device side of targets (hawkBit's ControllerManagement): polls, registration, attributes. */
export function createControllerService(db: Knex, clock: Clock, config: Config, polls: PollRecorder): ControllerService {
  const findDevice = deviceStore.deviceReader(db);
  const refreshOverrides = pollingOverrideRefresher(config.ddi.pollingOverrides);
  const defaultInterval = parsePollingInterval(config.ddi.pollingInterval) as PollingInterval;
  // the column holds a validated interval of the configuration; one another configuration wrote and this
  // one cannot read falls back to the default
  const intervalOf = (override: string | null) => (override === null ? undefined : parsePollingInterval(override)) ?? defaultInterval;

  const register = async (controllerId: string, address: string | undefined, now: number) => {
    try {
      await inTransaction(db, async (trx) => {
        await deviceStore.insertRegistered(
          trx,
          {
            controllerId,
            name: controllerId.slice(0, MAX_NAME_LENGTH),
            description: `Plug and Play target: ${controllerId}`,
            securityToken: randomBytes(16).toString('hex'),
            address: address ?? null,
            autoConfirmActive: config.ddi.autoConfirmDefault,
          },
          now,
          PLUG_AND_PLAY,
        );
        const data = { controllerId, createdBy: PLUG_AND_PLAY };
        await recordEvents(
          trx,
          [
            { type: 'target.created', data },
            { type: 'target.registered', data: { controllerId } },
          ],
          now,
        );
      });
    } catch (error) {
      // Two first polls at once: the other one registered it.
      if (translateDatabaseError(error)?.code !== ErrorCode.entityAlreadyExists) throw error;
    }
    await refreshOverrides(db, deviceStore.idQuery(db, controllerId));
    // README "Target filters and auto-assignment": auto-assignment runs on registration, so that this very poll offers the deployment
    await autoAssignTarget({ db, clock, config }, controllerId);
    const device = await findDevice(controllerId);
    if (!device) throw notFound('Target', controllerId);
    return device;
  };

  // First contact, a status change or a new address is written at once; a plain poll is buffered (and, the
  // most frequent request, without a step of its own through the microtask queue: decision 267). Only a
  // target with a stored poll time has a plain poll: the flush updates that row (decision 274).
  const isPlainPoll = (device: DeviceRecord, address: string | undefined) =>
    device.lastControllerRequestAt !== null && device.updateStatus !== 'unknown' && (address === undefined || address === device.address);
  const recordContact = async (controllerId: string, device: DeviceRecord, address: string | undefined, now: number) => {
    const moved = address !== undefined && address !== device.address;
    polls.forget(device.targetId);
    const firstContact = device.updateStatus === FIRST_CONTACT.from;
    await inStatementTransaction(db, async (trx) => {
      await deviceStore.recordContact(trx, now, moved ? address : null, device.targetId);
      if (!firstContact) return;
      await recordEvents(
        trx,
        [{ type: 'target.registered', data: { controllerId } }, ...updateStatusChanged(controllerId, FIRST_CONTACT.from, FIRST_CONTACT.to)],
        now,
      );
    });
  };

  return {
    findDevice,
    async poll(controllerId, { register: mayRegister, address, device: known }) {
      const now = clock();
      let device = known ?? (await findDevice(controllerId));
      if (!device && !mayRegister) throw notFound('Target', controllerId);
      if (device === undefined) device = await register(controllerId, address, now);
      else if (isPlainPoll(device, address)) polls.record(device.targetId, now);
      else await recordContact(controllerId, device, address, now);
      const action = device.action && (await cancelIfLapsed(db, device.targetId, device.action, now));
      return {
        targetId: device.targetId,
        polledAt: now,
        sleep: pollingSleep(jitteredSeconds(intervalOf(device.pollingOverride)), action?.maintenanceWindow, now),
        requestAttributes: device.requestAttributes,
        action,
        installedActionId: device.installedActionId,
      };
    },
    async updateAttributes(controllerId, mode, data) {
      await inTransaction(db, async (trx) => {
        // the target's row first (decision 40): two uploads at once replace the attributes one after the other
        const targetId = await targetIdOf(trx, controllerId);
        if (targetId === undefined) throw notFound('Target', controllerId);
        const next = applyAttributes(await deviceStore.attributes(trx, targetId), mode, data);
        const quota = config.quota.maxAttributeEntriesPerTarget;
        if (quota > 0 && Object.keys(next).length > quota) {
          throw new DomainError(ErrorCode.quotaExceeded, `At most ${quota} attributes are allowed per target`, { quota });
        }
        await deviceStore.replaceAttributes(trx, targetId, next);
        await refreshOverrides(trx, [targetId]);
      });
      // README "Target filters and auto-assignment": auto-assignment also runs when a device uploads its attributes
      await autoAssignTarget({ db, clock, config }, controllerId);
    },
  };
}
