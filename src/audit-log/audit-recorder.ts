import type { Context, MiddlewareHandler } from 'hono';
import type { ApiOperation } from '../http/api-operations.js';
import type { AppEnv } from '../http/app-env.js';
import { SAFE_METHODS } from '../http/cross-site.js';
import { validatedHandler, type OperationHandlers, type ValidatedHandler } from '../http/operation-handler.js';
import type { AuditLogService, AuditSnapshot, NewAuditEntry } from './audit-log-service.js';

/** A before or after snapshot longer than this, as JSON, is not stored. */
export const MAX_SNAPSHOT_CHARS = 4096;
/** Fields whose values the audit log never shows. */
const SECRET = /token|password|secret/i;

/**
 * The audit middleware of each operation, or undefined for those not audited: the state-changing
 * operations (not GET, HEAD or OPTIONS) of the management document, DDI never (decision 160). It runs
 * right before the handler, records after it, and records only a success (below 400) with a known actor.
 */
export function auditedOperations(
  operations: readonly ApiOperation[],
  handlers: OperationHandlers,
  auditLog: AuditLogService,
  clientAddress: (c: Context) => string,
): (operation: ApiOperation) => MiddlewareHandler<AppEnv> | undefined {
  return (operation) => {
    if (operation.document !== 'mgmt' || SAFE_METHODS.has(operation.method.toUpperCase())) return undefined;
    const read = operations.find((other) => other.document === 'mgmt' && other.path === operation.path && other.method.toUpperCase() === 'GET');
    const readCurrent =
      operation.method.toUpperCase() === 'PUT' && operation.bodyMediaType === 'json' && read ? validatedHandler(handlers, read.operationId) : undefined;
    return auditRecorder(operation, auditLog, clientAddress, readCurrent);
  };
}

function auditRecorder(
  operation: ApiOperation,
  auditLog: AuditLogService,
  clientAddress: (c: Context) => string,
  readCurrent: ValidatedHandler | undefined,
): MiddlewareHandler<AppEnv> {
  const entityType = operation.path.split('/')[3] ?? '';
  const entityParameter = /\{(\w+)\}/.exec(operation.path)?.[1];
  return async (c, next) => {
    const input = c.get('input');
    const fields = isObject(input.body) ? Object.keys(input.body) : [];
    const before = readCurrent && fields.length > 0 ? await currentState(c, readCurrent, fields) : null;
    await next();
    const actor = c.get('operator') as string | undefined;
    if (c.res.status >= 400 || actor === undefined) return;
    let entry: NewAuditEntry | undefined;
    try {
      entry = {
        actor,
        operation: operation.operationId,
        method: c.req.method,
        path: c.req.path,
        entityType,
        entityIds: entityParameter === undefined ? await createdIds(c.res) : [String(input.params[entityParameter])],
        status: c.res.status,
        requestId: c.get('requestId'),
        clientAddress: clientAddress(c),
        before,
        after: before === null ? null : await afterState(c.res, input.body as Record<string, unknown>, fields),
      };
      await auditLog.record(entry);
      // the operator's trail at the default level, one line per change, with the request's id (decision 233)
      const { operation: operationId, entityType: type, entityIds, status } = entry;
      c.get('logger').info({ change: { operation: operationId, actor, entityType: type, entityIds, status } }, 'operator change');
    } catch (error) {
      // The change is committed and the client is told so: never a 500 for it. The log line keeps the entry.
      c.get('logger').error({ err: error, audit: entry, operation: operation.operationId, requestId: c.get('requestId') }, 'audit entry not stored');
    }
  };
}

/** The named fields of the entity as its GET shows it now; null when it cannot be read. */
async function currentState(c: Context<AppEnv>, read: ValidatedHandler, fields: readonly string[]): Promise<AuditSnapshot | null> {
  try {
    const response = await read(c, { params: c.get('input').params, query: {}, body: undefined });
    return response.status === 200 ? compact(await response.json(), fields) : null;
  } catch {
    return null;
  }
}

/** The named fields as the update answered them, or as its body gave them when it answered without the entity. */
async function afterState(response: Response, body: Readonly<Record<string, unknown>>, fields: readonly string[]): Promise<AuditSnapshot | null> {
  const answered = response.status === 200 && isJson(response) ? await response.clone().json() : undefined;
  return compact(isObject(answered) ? answered : body, fields);
}

/** The ids of what a 201 created: `controllerId` of targets, `id` of the rest. */
async function createdIds(response: Response): Promise<string[]> {
  if (response.status !== 201 || !isJson(response)) return [];
  const body = await response.clone().json();
  return (Array.isArray(body) ? body : [body]).flatMap((created: unknown) => {
    const id = isObject(created) ? (created['controllerId'] ?? created['id']) : undefined;
    return typeof id === 'string' || typeof id === 'number' ? [String(id)] : [];
  });
}

function compact(json: unknown, fields: readonly string[]): AuditSnapshot | null {
  if (!isObject(json)) return null;
  const snapshot = Object.fromEntries(fields.filter((field) => Object.hasOwn(json, field)).map((field) => [field, SECRET.test(field) ? '***' : json[field]]));
  return JSON.stringify(snapshot).length > MAX_SNAPSHOT_CHARS ? null : snapshot;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isJson = (response: Response) => response.headers.get('content-type')?.startsWith('application/json') === true;
