import { rowsOf } from '../query/field-kit.js';
import type { FiqlFields } from '../query/fiql.js';
import type { SortOrder } from '../db/page.js';

const entities = rowsOf('audit_log_entities as ae', 'ae.audit_id', 'audit_log.id');

/** The `q` fields of the audit log (decision 160), over `audit_log`; `entityid` holds when one of an entry's ids matches. */
export const AUDIT_LOG_FIELDS: FiqlFields = {
  id: { column: 'audit_log.id', kind: 'integer' },
  at: { column: 'audit_log.at', kind: 'integer' },
  actor: { column: 'audit_log.actor', kind: 'string' },
  operation: { column: 'audit_log.operation', kind: 'string' },
  method: { column: 'audit_log.method', kind: 'string' },
  path: { column: 'audit_log.path', kind: 'string' },
  entitytype: { column: 'audit_log.entity_type', kind: 'string' },
  entityid: { column: 'ae.entity_id', kind: 'string', related: entities },
  status: { column: 'audit_log.status', kind: 'integer' },
  requestid: { column: 'audit_log.request_id', kind: 'string' },
  clientaddress: { column: 'audit_log.client_address', kind: 'string' },
};

/** Sortable fields of the audit log: wire name (lower case) → column. */
export const AUDIT_LOG_SORT_FIELDS = {
  id: 'audit_log.id',
  at: 'audit_log.at',
  actor: 'audit_log.actor',
  operation: 'audit_log.operation',
  method: 'audit_log.method',
  entitytype: 'audit_log.entity_type',
  status: 'audit_log.status',
} as const;
export const AUDIT_LOG_DEFAULT_SORT: readonly SortOrder[] = [{ column: AUDIT_LOG_SORT_FIELDS.id, direction: 'desc' }];
