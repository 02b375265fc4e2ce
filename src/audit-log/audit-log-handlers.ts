import type { HandlerFactory } from '../http/operation-handler.js';
import { listRequest, pagedList } from '../http/paging.js';
import { AUDIT_LOG_DEFAULT_SORT, AUDIT_LOG_SORT_FIELDS } from './audit-log-fields.js';
import type { AuditLogService } from './audit-log-service.js';

/** `GET /rest/v1/auditlog`: any authenticated operator reads it (decision 160). */
export const auditLogHandlers: HandlerFactory<{ readonly auditLog: AuditLogService }> = (_config, { auditLog }) => ({
  getAuditLog: async (c, { query }) => c.json(pagedList(await auditLog.list(listRequest(query, AUDIT_LOG_SORT_FIELDS, AUDIT_LOG_DEFAULT_SORT)))),
});
