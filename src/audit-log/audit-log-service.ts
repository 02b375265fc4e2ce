import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { chunks } from '../db/chunks.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { DELETE_BATCH, deleteInBatches } from '../db/batch-delete.js';
import { inTransaction } from '../db/transaction.js';
import { compileFiql } from '../query/fiql.js';
import { AUDIT_LOG_FIELDS } from './audit-log-fields.js';

/** A compact JSON object: the fields an update named, before or after it. */
export type AuditSnapshot = Readonly<Record<string, unknown>>;

/** One audited operator write (decision 160). */
export interface AuditEntry {
  readonly id: number;
  /** epoch ms */
  readonly at: number;
  readonly actor: string;
  /** the operationId */
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  readonly entityType: string;
  readonly entityIds: readonly string[];
  readonly status: number;
  readonly requestId: string;
  readonly clientAddress: string;
  readonly before: AuditSnapshot | null;
  readonly after: AuditSnapshot | null;
}

export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at'>;

export interface AuditLogService {
  /** Stores one entry, stamped with the clock's time. */
  record(entry: NewAuditEntry): Promise<void>;
  /**
   * One page of entries.
   * @throws DomainError rsqlInvalidField, rsqlParamSyntax for a bad `q`
   */
  list(page: PageRequest, q?: string): Promise<Page<AuditEntry>>;
  /**
   * Deletes the entries older than `[cleanup] auditlog_retention_days`, in batches of {@link DELETE_BATCH};
   * nothing when it is 0. Run hourly by the scheduler.
   * @returns how many entries went
   */
  purgeExpired(): Promise<number>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface AuditRow {
  id: number;
  at: number | string;
  actor: string;
  operation: string;
  method: string;
  path: string;
  entity_type: string;
  status: number;
  request_id: string;
  client_address: string;
  before: string | null;
  after: string | null;
}

export function createAuditLogService(db: Knex, clock: Clock, retentionDays: number, logger: Logger): AuditLogService {
  const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as AuditSnapshot));
  const stringify = (snapshot: AuditSnapshot | null) => (snapshot === null ? null : JSON.stringify(snapshot));
  return {
    async record({ entityIds, before, after, entityType, requestId, clientAddress, ...fields }) {
      await inTransaction(db, async (trx) => {
        const [inserted] = await trx('audit_log')
          .insert({
            ...fields,
            at: clock(),
            entity_type: entityType,
            request_id: requestId,
            client_address: clientAddress,
            before: stringify(before),
            after: stringify(after),
          })
          .returning<{ id: number }[]>('id');
        const auditId = (inserted as { id: number }).id;
        for (const chunk of chunks(entityIds)) {
          await trx('audit_log_entities').insert(chunk.map((entityId) => ({ audit_id: auditId, entity_id: entityId })));
        }
      });
    },
    async list(page, q) {
      const builder = db('audit_log').select('audit_log.*');
      if (q !== undefined) builder.where(compileFiql(q, AUDIT_LOG_FIELDS));
      const { rows, total } = await fetchPage<AuditRow>(builder, page, 'audit_log.id');
      const ids = new Map<number, string[]>(rows.map((row) => [row.id, []]));
      for (const chunk of chunks([...ids.keys()])) {
        const entities = await db('audit_log_entities').whereIn('audit_id', chunk).select<{ audit_id: number; entity_id: string }[]>('audit_id', 'entity_id');
        for (const { audit_id, entity_id } of entities) ids.get(audit_id)?.push(entity_id);
      }
      return {
        total,
        rows: rows.map((row) => ({
          id: row.id,
          at: Number(row.at),
          actor: row.actor,
          operation: row.operation,
          method: row.method,
          path: row.path,
          entityType: row.entity_type,
          entityIds: ids.get(row.id) ?? [],
          status: row.status,
          requestId: row.request_id,
          clientAddress: row.client_address,
          before: parse(row.before),
          after: parse(row.after),
        })),
      };
    },
    async purgeExpired() {
      if (retentionDays === 0) return 0;
      const cutoff = clock() - retentionDays * DAY_MS;
      const deleted = await deleteInBatches(db, (trx) =>
        trx('audit_log')
          .whereIn('id', trx('audit_log').where('at', '<', cutoff).orderBy('id').limit(DELETE_BATCH).select('id'))
          .delete(),
      );
      if (deleted > 0) logger.info({ deleted, retentionDays }, 'audit log retention deleted old entries');
      return deleted;
    },
  };
}
