/**
 * The poll benchmark's yardstick: the DDI poll written by hand on Hono + @hono/node-server with two
 * statements prepared once — the target by controllerId (its token checked; its installed action in the
 * same statement, so that the answer has the same links as Falconet's) and its active action by target id —
 * answering the same JSON. No registration, no poll times, no ETag, no logging: what a poll costs at least.
 *   node --import tsx bench/poll-reference.ts sqlite <file> | pg <url>
 * prints `{"url": "http://127.0.0.1:<port>"}` once listening.
 */
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono, type Context } from 'hono';
import pg from 'pg';

interface TargetRow {
  id: number;
  security_token: string;
  request_attributes: number | boolean;
  installed_action_id: number | null;
}
interface ActionRow {
  id: number;
  status: string;
}

const TARGET_SQL = `SELECT t.id, t.security_token, t.request_attributes,
  (SELECT max(i.id) FROM actions i WHERE i.target_id = t.id AND i.distribution_set_id = t.installed_distribution_set_id AND i.status = 'finished') AS installed_action_id
  FROM targets t WHERE t.controller_id = $1`;
const ACTION_SQL = 'SELECT id, status FROM actions WHERE target_id = $1 AND active = true';

function answer(c: Context, cid: string, target: TargetRow | undefined, action: ActionRow | undefined): Response {
  if (target === undefined || c.req.header('authorization') !== `TargetToken ${target.security_token}`) return c.body(null, 401);
  const prefix = `http://${c.req.header('host') ?? 'localhost'}/DEFAULT/controller/v1/${cid}`;
  const links: Record<string, { href: string }> = {};
  if (action?.status === 'wait_for_confirmation') links['confirmationBase'] = { href: `${prefix}/confirmationBase/${action.id}?c=${action.id * 31}` };
  else if (action?.status === 'canceling') links['cancelAction'] = { href: `${prefix}/cancelAction/${action.id}` };
  else if (action) links['deploymentBase'] = { href: `${prefix}/deploymentBase/${action.id}?c=${action.id * 31}` };
  if (target.installed_action_id !== null) links['installedBase'] = { href: `${prefix}/installedBase/${target.installed_action_id}` };
  if (target.request_attributes) links['configData'] = { href: `${prefix}/configData` };
  const body = { config: { polling: { sleep: '00:05:00' } }, ...(Object.keys(links).length > 0 ? { _links: links } : {}) };
  return c.body(JSON.stringify(body), 200, { 'Content-Type': 'application/hal+json' });
}

const [kind, location] = process.argv.slice(2);
const app = new Hono();
if (kind === 'sqlite' && location) {
  const db = new Database(location);
  const target = db.prepare<[string], TargetRow>(TARGET_SQL.replace('$1', '?'));
  const action = db.prepare<[number], ActionRow>(ACTION_SQL.replace('$1', '?'));
  app.get('/:tenant/controller/v1/:cid', (c) => {
    const cid = c.req.param('cid');
    const row = target.get(cid);
    return answer(c, cid, row, row && action.get(row.id));
  });
} else if (kind === 'pg' && location) {
  const pool = new pg.Pool({ connectionString: location, max: 10 });
  const first = async <Row>(name: string, text: string, value: unknown) => (await pool.query<Row & pg.QueryResultRow>({ name, text, values: [value] })).rows[0];
  app.get('/:tenant/controller/v1/:cid', async (c) => {
    const cid = c.req.param('cid');
    const row = await first<TargetRow>('target', TARGET_SQL, cid);
    return answer(c, cid, row, row && (await first<ActionRow>('action', ACTION_SQL, row.id)));
  });
} else {
  throw new Error('usage: poll-reference.ts sqlite <file> | pg <url>');
}
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => console.log(JSON.stringify({ url: `http://127.0.0.1:${info.port}` })));
// A normal exit, so that `node --cpu-prof` writes its profile.
process.once('SIGTERM', () => process.exit(0));
