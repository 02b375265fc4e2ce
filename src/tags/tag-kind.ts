import type { KeyedTable } from '../db/ids-by-key.js';
import type { FiqlFields } from '../query/fiql.js';
import { DISTRIBUTION_SET_TAG_FIELDS, TARGET_TAG_FIELDS } from './tag-fields.js';

/** Where one kind of tag keeps its tags and assignments, and which entities (owners) it labels. */
export interface TagKind {
  /** hawkBit's entity name, used in messages: `TargetTag` */
  readonly entity: string;
  readonly table: string;
  /** the `q` fields of the tag list, over `table` */
  readonly fields: FiqlFields;
  readonly assignmentTable: string;
  /** the owner's id column in the assignment table */
  readonly ownerColumn: string;
  /** the entities it labels; the API addresses targets by controllerId, sets by id */
  readonly owner: KeyedTable;
}

/** Targets addressed by controllerId. */
export const TARGETS_BY_CONTROLLER_ID: KeyedTable = { entity: 'Target', table: 'targets', key: 'controller_id' };

export const TARGET_TAGS: TagKind = {
  entity: 'TargetTag',
  table: 'target_tags',
  fields: TARGET_TAG_FIELDS,
  assignmentTable: 'target_tag_assignments',
  ownerColumn: 'target_id',
  owner: TARGETS_BY_CONTROLLER_ID,
};

export const DISTRIBUTION_SET_TAGS: TagKind = {
  entity: 'DistributionSetTag',
  table: 'distribution_set_tags',
  fields: DISTRIBUTION_SET_TAG_FIELDS,
  assignmentTable: 'distribution_set_tag_assignments',
  ownerColumn: 'distribution_set_id',
  owner: { entity: 'DistributionSet', table: 'distribution_sets', key: 'id' },
};
