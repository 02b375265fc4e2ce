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
import { dialectOf } from '../src/db/database.js';

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

    // Rows are generated in the database (a series on PostgreSQL, a recursive CTE on SQLite): a million
    // targets take seconds instead of minutes of bound rows. Target `i` (0-based) is the `i`-th inserted.
    const postgres = dialectOf(trx) === 'postgres';
    const series = postgres
      ? 'select i from generate_series(0, ?::integer - 1) as s(i)'
      : 'with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < ?) select i from s';
    const controllerId = postgres ? `'bench-' || repeat('0', greatest(0, 6 - length(i::text))) || i::text` : `printf('bench-%06d', i)`;
    const token = postgres ? 'md5(random()::text || i::text)' : 'lower(hex(randomblob(16)))';
    const { installedEvery: installedN, activeEvery: activeN, windowEvery: windowN, requestAttributesEvery: attributesN } = shape;
    await trx.raw(
      `insert into targets (controller_id, name, security_token, request_attributes, update_status, address,
         installed_distribution_set_id, assigned_distribution_set_id, created_at, created_by, last_modified_at, last_modified_by)
       select cid, cid, token, i % ${attributesN} = 1,
         case when i % ${activeN} = 0 then 'pending' when i % ${installedN} = 0 then 'in_sync' else 'registered' end,
         ?, case when i % ${installedN} = 0 then ${installedSet} end,
         case when i % ${activeN} = 0 then ${newSet} when i % ${installedN} = 0 then ${installedSet} end, ?, ?, ?, ?
       from (select i, ${controllerId} as cid, ${token} as token from (${series}) as n) as g order by i`,
      [LOAD_ADDRESS, now, SEED, now, SEED, shape.targets],
    );
    const first = Number((await trx('targets').min<{ id: number }>({ id: 'id' }).first())?.id);
    // every target polled a minute ago (decision 274: its poll time is a row of its own)
    await trx.raw(`insert into target_polls (target_id, at) select id, cast(? as bigint) from targets where id >= ${first} order by id`, [now - 60_000]);
    const boolean = (value: boolean) => (postgres ? String(value) : value ? '1' : '0');
    const auditValues = [now, SEED, now, SEED];
    await trx.raw(
      `insert into actions (target_id, distribution_set_id, active, status, action_type, created_at, created_by, last_modified_at, last_modified_by)
       select id, ${installedSet}, ${boolean(false)}, 'finished', 'forced', ?, ?, ?, ?
       from targets where (id - ${first}) % ${installedN} = 0 order by id`,
      auditValues,
    );
    // the k-th active action (k = i / activeEvery) has a maintenance window when k % windowEvery = 0,
    // and is forced when k is odd
    const k = `((id - ${first}) / ${activeN})`;
    const window = `${k} % ${windowN} = 0`;
    await trx.raw(
      `insert into actions (target_id, distribution_set_id, active, status, action_type, maintenance_schedule, maintenance_duration,
         maintenance_timezone, created_at, created_by, last_modified_at, last_modified_by)
       select id, ${newSet}, ${boolean(true)}, 'running', case when ${k} % 2 = 1 then 'forced' else 'soft' end,
         case when ${window} then ? end, case when ${window} then '02:00:00' end, case when ${window} then '+00:00' end, ?, ?, ?, ?
       from targets where (id - ${first}) % ${activeN} = 0 order by id`,
      ['0 0 2 * * ?', ...auditValues],
    );
    const devices = (await trx('targets').orderBy('id').select<{ controller_id: string; security_token: string }[]>('controller_id', 'security_token')).map(
      (row) => ({ controllerId: row.controller_id, token: row.security_token }),
    );
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
