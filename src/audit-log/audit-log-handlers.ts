import type { HandlerFactory } from '../http/operation-handler.js';
import { pagedList, pageRequest } from '../http/paging.js';
import { AUDIT_LOG_DEFAULT_SORT, AUDIT_LOG_SORT_FIELDS } from './audit-log-fields.js';
import type { AuditLogService } from './audit-log-service.js';

/** `GET /rest/v1/auditlog`: any authenticated operator reads it (decision 160). */
export const auditLogHandlers: HandlerFactory<{ readonly auditLog: AuditLogService }> = (_config, { auditLog }) => ({
  getAuditLog: async (c, { query }) => {
    const { rows, total } = await auditLog.list(pageRequest(query, AUDIT_LOG_SORT_FIELDS, AUDIT_LOG_DEFAULT_SORT), query.q);
    return c.json(pagedList(rows, total));
  },
});
