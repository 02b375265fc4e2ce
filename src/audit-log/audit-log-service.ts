import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { deleteInBatches } from '../db/batch-delete.js';
import type { ListRequest, Page } from '../db/page.js';
import { inTransaction } from '../db/transaction.js';
import { auditLogStore } from './audit-log-store.js';

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
  list(query: ListRequest): Promise<Page<AuditEntry>>;
  /**
   * Deletes the entries older than `[cleanup] auditlog_retention_days`, in batches of `DELETE_BATCH` (`db/batch-delete.ts`);
   * nothing when it is 0. Run hourly by the scheduler.
   * @returns how many entries went
   */
  purgeExpired(): Promise<number>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createAuditLogService(db: Knex, clock: Clock, retentionDays: number, logger: Logger): AuditLogService {
  return {
    async record(entry) {
      await inTransaction(db, (trx) => auditLogStore.insert(trx, entry, clock()));
    },
    list: ({ page, q }) => auditLogStore.page(db, page, q),
    async purgeExpired() {
      if (retentionDays === 0) return 0;
      const cutoff = clock() - retentionDays * DAY_MS;
      const deleted = await deleteInBatches(db, (trx) => auditLogStore.deleteBefore(trx, cutoff));
      if (deleted > 0) logger.info({ deleted, retentionDays }, 'audit log retention deleted old entries');
      return deleted;
    },
  };
}
