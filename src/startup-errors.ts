import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * A start-up failure the operator fixes in the configuration or the environment: the CLI prints its
 * message as one line and exits 2, like a configuration error, without a stack trace. Each message names
 * the setting and the fix.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

type SystemError = Error & { code?: string; errors?: unknown[] };

const codeOf = (error: unknown): string | undefined => {
  const { code, errors } = error as SystemError;
  // Node's connect to a name with several addresses fails with an AggregateError carrying the code
  return code ?? (Array.isArray(errors) ? codeOf(errors[0]) : undefined);
};

/** Creates `artifact_dir` if needed and proves it writable by creating and removing a directory in it. */
export function ensureArtifactDir(dir: string): void {
  const path = resolve(dir);
  try {
    mkdirSync(path, { recursive: true });
    rmSync(mkdtempSync(join(path, '.probe-')), { recursive: true });
  } catch (error) {
    throw new StartupError(
      `artifact_dir '${path}' is not a writable directory (${codeOf(error) ?? (error as Error).message}): ` +
        `create it with write permission for this user, or set artifact_dir to one that is`,
    );
  }
}

/** `postgres://user@host:port/name` of a database URL, without its password; the SQLite path as given. */
function describeDatabase(url: string): { where: string; user: string; name: string; host: string; port: string } {
  if (url.startsWith('sqlite:')) return { where: url, user: '', name: '', host: '', port: '' };
  try {
    const parsed = new URL(url);
    const [host, port] = [parsed.hostname || 'localhost', parsed.port || '5432'];
    const user = decodeURIComponent(parsed.username) || 'postgres';
    const name = decodeURIComponent(parsed.pathname.slice(1)) || user;
    return { where: `postgres://${user}@${host}:${port}/${name}`, user, name, host, port };
  } catch {
    return { where: 'the PostgreSQL URL', user: '', name: '', host: '?', port: '?' };
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);

/** The StartupError for a failure to open or migrate `database_url`, or undefined when it is none of the known ones. */
export function databaseStartupError(error: unknown, url: string): StartupError | undefined {
  const code = codeOf(error);
  const { where, user, name, host, port } = describeDatabase(url);
  const hostPort = `${host}:${port}`;
  // PostgreSQL's SQLSTATEs: invalid_catalog_name, invalid_password, invalid_authorization_specification
  if (code === '3D000') {
    return new StartupError(
      `database_url: the database '${name}' does not exist on ${hostPort}: create it (createdb -h ${host} -p ${port} -U ${user} ${name}) or name an existing one in database_url`,
    );
  }
  if (code === '28P01' || code === '28000') {
    return new StartupError(
      `database_url: PostgreSQL at ${hostPort} refused user '${user}' (${(error as Error).message}): fix the user and password in database_url, or the server's pg_hba.conf`,
    );
  }
  if (code !== undefined && UNREACHABLE.has(code)) {
    return new StartupError(`database_url: cannot reach PostgreSQL at ${hostPort} (${code}): start it, or fix the host and port in database_url (${where})`);
  }
  if (
    url.startsWith('sqlite:') &&
    code !== undefined &&
    /^(SQLITE_CANTOPEN|SQLITE_READONLY|SQLITE_PERM|SQLITE_NOTADB|EACCES|EEXIST|ENOTDIR|EROFS)/.test(code)
  ) {
    return new StartupError(
      `database_url: cannot open the SQLite database '${where}' (${code}): make its directory writable for this user, or set database_url to another path`,
    );
  }
  return undefined;
}

/** The StartupError for a failure to listen on `bind`, or undefined when it is none of the known ones. */
export function bindStartupError(error: unknown, bind: string): StartupError | undefined {
  const code = codeOf(error);
  if (code === 'EADDRINUSE') return new StartupError(`bind: ${bind} is already in use: stop the process that listens there, or set bind to a free port`);
  if (code === 'EACCES') return new StartupError(`bind: no permission to listen on ${bind}: use a port above 1023, or grant the process CAP_NET_BIND_SERVICE`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new StartupError(`bind: ${bind} is not an address of this machine: set bind to one of its addresses, or 0.0.0.0`);
  return undefined;
}
