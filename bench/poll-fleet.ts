/**
 * The benchmark's fleet, written in bulk through knex into a migrated database: every target has a
 * 32-hex-digit security token (as hawkBit generates them) and has polled before; a share has an installed
 * set (with the finished action that installed it), 3 % have an active action, some of those with a
 * maintenance window, a few still owe their attributes. Each of the two sets holds an `os` module with one
 * artifact, so that a deployment answers a chunk as it would in use; the artifact rows have no bytes
 * behind them (the download benchmark uploads its own).
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export interface FleetShape {
  readonly targets: number;
  /** every n-th target has an installed set */
  readonly installedEvery: number;
  /** every n-th target has an active action */
  readonly activeEvery: number;
  /** every n-th active action has a maintenance window */
  readonly windowEvery: number;
  /** every n-th target is asked for its attributes */
  readonly requestAttributesEvery: number;
}

export const fleetShape = (targets: number): FleetShape => ({ targets, installedEvery: 5, activeEvery: 33, windowEvery: 15, requestAttributesEvery: 50 });

export interface Device {
  readonly controllerId: string;
  readonly token: string;
}

export interface OpenAction extends Device {
  readonly actionId: number;
}

export interface Fleet {
  readonly devices: readonly Device[];
  readonly installed: number;
  /** the devices with an active action, and its id */
  readonly open: readonly OpenAction[];
}

const CHUNK = 500;
/** Devices poll from the address they polled from before (a new one is written at once); the bench's is loopback. */
const LOAD_ADDRESS = '127.0.0.1';
const SEED = 'bench';

/** Seeds `shape` into an empty, migrated database and returns every device's credential. */
export async function seedFleet(db: Knex, shape: FleetShape): Promise<Fleet> {
  const now = Date.now();
  const audit = { created_at: now, created_by: SEED, last_modified_at: now, last_modified_by: SEED };
  return db.transaction(async (trx) => {
    const type = await trx('distribution_set_types').where('key', 'os').first<{ id: number }>('id');
    const sets = await trx('distribution_sets')
      .insert(['1.0', '2.0'].map((version) => ({ type_id: type.id, name: 'bench-os', version, ...audit })))
      .returning<{ id: number }[]>('id');
    const [installedSet, newSet] = sets.map((row) => row.id) as [number, number];
    const moduleType = await trx('software_module_types').where('key', 'os').first<{ id: number }>('id');
    for (const [index, setId] of [installedSet, newSet].entries()) {
      const [module] = await trx('software_modules')
        .insert({ type_id: moduleType.id, name: 'bench-os', version: `${index + 1}.0`, ...audit })
        .returning<{ id: number }[]>('id');
      const hex = (bytes: number) => randomBytes(bytes).toString('hex');
      await trx('artifacts').insert({
        software_module_id: module?.id,
        provided_filename: 'bench-os.swu',
        size: 64 << 20,
        sha1: hex(20),
        md5: hex(16),
        sha256: hex(32),
        ...audit,
      });
      await trx('distribution_set_modules').insert({ distribution_set_id: setId, software_module_id: module?.id });
    }

    const devices: Device[] = [];
    const targets = [];
    for (let i = 0; i < shape.targets; i++) {
      const device = { controllerId: `bench-${String(i).padStart(6, '0')}`, token: randomBytes(16).toString('hex') };
      devices.push(device);
      const installed = i % shape.installedEvery === 0;
      const active = i % shape.activeEvery === 0;
      targets.push({
        controller_id: device.controllerId,
        name: device.controllerId,
        security_token: device.token,
        request_attributes: i % shape.requestAttributesEvery === 1,
        update_status: active ? 'pending' : installed ? 'in_sync' : 'registered',
        address: LOAD_ADDRESS,
        last_controller_request_at: now - 60_000,
        installed_distribution_set_id: installed ? installedSet : null,
        assigned_distribution_set_id: active ? newSet : installed ? installedSet : null,
        ...audit,
      });
    }
    await db.batchInsert('targets', targets, CHUNK).transacting(trx);
    const ids = (await trx('targets').orderBy('id').pluck('id')) as number[];

    const actions = [];
    let active = 0;
    for (const [i, targetId] of ids.entries()) {
      if (i % shape.installedEvery === 0) {
        actions.push({ target_id: targetId, distribution_set_id: installedSet, active: false, status: 'finished', action_type: 'forced', ...audit });
      }
      if (i % shape.activeEvery !== 0) continue;
      const window = active++ % shape.windowEvery === 0;
      actions.push({
        target_id: targetId,
        distribution_set_id: newSet,
        active: true,
        status: 'running',
        action_type: active % 2 === 0 ? 'forced' : 'soft',
        maintenance_schedule: window ? '0 0 2 * * ?' : null,
        maintenance_duration: window ? '02:00:00' : null,
        maintenance_timezone: window ? '+00:00' : null,
        ...audit,
      });
    }
    await db.batchInsert('actions', actions, CHUNK).transacting(trx);
    const tokens = new Map(devices.map((device) => [device.controllerId, device.token]));
    const open = (
      await trx('actions')
        .join('targets', 'targets.id', 'actions.target_id')
        .where('actions.active', true)
        .orderBy('actions.id')
        .select<{ cid: string; id: number }[]>('targets.controller_id as cid', 'actions.id')
    ).map((row) => ({ controllerId: row.cid, token: tokens.get(row.cid) as string, actionId: row.id }));
    return { devices, installed: Math.ceil(shape.targets / shape.installedEvery), open };
  });
}
