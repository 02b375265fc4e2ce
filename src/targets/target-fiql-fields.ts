import type { Knex } from 'knex';
import { DomainError, ErrorCode } from '../errors.js';
import { likePattern, type FiqlField, type FiqlFields } from '../query/fiql.js';
import { UPDATE_STATUSES } from './target-model.js';

/**
 * `tag==x` holds for a target carrying a tag whose name matches x (case-insensitive, `*` wildcards);
 * `tag!=x` for a target carrying none, so untagged targets match it, as in hawkBit.
 */
const tag: FiqlField = {
  kind: 'string',
  condition(builder, { operator, values }) {
    const positive = operator === '==' || operator === '=in=';
    if (!positive && operator !== '!=' && operator !== '=out=') {
      throw new DomainError(ErrorCode.rsqlParamSyntax, `Operator {${operator}} is not supported on the field {tag}`);
    }
    const tagged = (sub: Knex.QueryBuilder) => {
      sub
        .select(1)
        .from('target_tag_assignments')
        .join('target_tags', 'target_tags.id', 'target_tag_assignments.tag_id')
        .whereRaw('?? = ??', ['target_tag_assignments.target_id', 'targets.id'])
        .where((names: Knex.QueryBuilder) => {
          for (const value of values) names.orWhereRaw(`lower(target_tags.name) like lower(?) escape '\\'`, [likePattern(value)]);
        });
    };
    if (positive) builder.whereExists(tagged);
    else builder.whereNotExists(tagged);
  },
};

const controllerId: FiqlField = { column: 'targets.controller_id', kind: 'string' };
const address: FiqlField = { column: 'targets.address', kind: 'string' };

/**
 * The FIQL fields of targets (spec "Common list conventions", hawkBit's TargetFields with its aliases),
 * for any query over `targets` (target lists, target filters, rollouts, statistics). Columns are
 * qualified with the table name, so the query must not alias `targets`.
 */
export const TARGET_FIQL_FIELDS: FiqlFields = {
  controllerid: controllerId,
  id: controllerId,
  name: { column: 'targets.name', kind: 'string' },
  description: { column: 'targets.description', kind: 'string' },
  updatestatus: { column: 'targets.update_status', kind: 'string', values: UPDATE_STATUSES },
  lastcontrollerrequestat: { column: 'targets.last_controller_request_at', kind: 'integer' },
  address,
  ipaddress: address,
  group: { column: 'targets.group_name', kind: 'string' },
  tag,
  autoconfirm: { column: 'targets.auto_confirm_active', kind: 'boolean' },
};
