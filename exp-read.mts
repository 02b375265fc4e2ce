import Database from 'better-sqlite3';
const db = new Database('/tmp/exp/fleet.db', { readonly: false });
db.pragma('journal_mode = WAL');
for (const p of process.argv.slice(2)) db.pragma(p);
const DEVICE_SQL = `SELECT t.id, t.security_token, t.request_attributes, t.update_status, t.address, t.last_controller_request_at, t.polling_override,
  a.id AS action_id, a.distribution_set_id AS action_set_id, a.status AS action_status, a.action_type, a.force_time,
  a.maintenance_schedule, a.maintenance_duration, a.maintenance_timezone,
  (SELECT max(i.id) FROM actions i
    WHERE i.target_id = t.id AND i.distribution_set_id = t.installed_distribution_set_id AND i.status = 'finished') AS installed_action_id
FROM targets t LEFT JOIN actions a ON a.target_id = t.id AND a.active = true
WHERE t.controller_id = ?`;
const st = db.prepare(DEVICE_SQL);
const ids = (db.prepare('select controller_id c from targets').pluck().all() as string[]);
const N = 100000;
for (let i = 0; i < 20000; i++) st.get(ids[Math.floor(Math.random() * ids.length)]);
const c0 = process.cpuUsage(); const t0 = performance.now();
for (let i = 0; i < N; i++) st.get(ids[Math.floor(Math.random() * ids.length)]);
const cpu = process.cpuUsage(c0);
console.log(process.argv.slice(2).join(' ') || 'default', 'cpu µs/lookup', ((cpu.user + cpu.system) / N).toFixed(1), 'sys', (cpu.system / N).toFixed(1), 'wall', ((performance.now() - t0) * 1000 / N).toFixed(1));
