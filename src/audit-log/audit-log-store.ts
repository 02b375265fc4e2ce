import type { Knex } from 'knex';
import { insertRow } from '../db/row-id.js';
import { chunks } from '../db/chunks.js';
import { DELETE_BATCH } from '../db/batch-delete.js';
import { fetchPage, type Page, type PageRequest } from '../db/page.js';
import { compileFiql } from '../query/fiql.js';
import { AUDIT_LOG_FIELDS } from './audit-log-fields.js';
import type { AuditEntry, AuditSnapshot, NewAuditEntry } from './audit-log-service.js';

/*
 * The SQL of the audit log (docs/CONVENTIONS.md rule 5): its entries with the ids of the entities each one names
 * (`audit_log_entities`).
 */

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

const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as AuditSnapshot));
const stringify = (snapshot: AuditSnapshot | null) => (snapshot === null ? null : JSON.stringify(snapshot));

/** The audit log's SQL. */
export const auditLogStore = {
  /** Inserts the entry, stamped `at` (epoch ms), and its entity ids. */
  async insert(db: Knex, { entityIds, before, after, entityType, requestId, clientAddress, ...fields }: NewAuditEntry, at: number): Promise<void> {
    const auditId = await insertRow(db, 'audit_log', {
      ...fields,
      at,
      entity_type: entityType,
      request_id: requestId,
      client_address: clientAddress,
      before: stringify(before),
      after: stringify(after),
    });
    for (const chunk of chunks(entityIds)) {
      await db('audit_log_entities').insert(chunk.map((entityId) => ({ audit_id: auditId, entity_id: entityId })));
    }
  },

  /**
   * One page of entries with their entity ids.
   * @throws DomainError rsqlInvalidField, rsqlParamSyntax for a bad `q`
   */
  async page(db: Knex, page: PageRequest, q: string | undefined): Promise<Page<AuditEntry>> {
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

  /**
   * Deletes at most {@link DELETE_BATCH} entries stamped before `cutoff` (epoch ms), the oldest first.
   * @returns how many went
   */
  async deleteBefore(db: Knex, cutoff: number): Promise<number> {
    return await db('audit_log')
      .whereIn('id', db('audit_log').where('at', '<', cutoff).orderBy('id').limit(DELETE_BATCH).select('id'))
      .delete();
  },
};
