import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import { AUDIT_LOG_SORT_FIELDS } from './audit-log-fields.js';
import type { AuditLogService } from './audit-log-service.js';

const NEWEST_FIRST = [{ column: AUDIT_LOG_SORT_FIELDS.id, direction: 'desc' }] as const;

/** `GET /rest/v1/auditlog`: any authenticated operator reads it (decision 160). */
export function auditLogHandlers(auditLog: AuditLogService): OperationHandlers {
  return {
    getAuditLog: async (c) => {
      const query = c.get('input').query as { offset?: number; limit?: number; sort?: string; q?: string };
      const { rows, total } = await auditLog.list(pageRequest(query, AUDIT_LOG_SORT_FIELDS, NEWEST_FIRST), query.q);
      return c.json(pagedList(rows, total));
    },
  };
}
