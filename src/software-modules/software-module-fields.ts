import { metadataEntryField } from '../metadata/metadata-fields.js';
import { auditFields, sortFieldsOf } from '../query/field-kit.js';
import type { FiqlFields } from '../query/fiql.js';
import { typeReferenceFields } from '../types/type-fields.js';
import type { SortOrder } from '../db/page.js';

/**
 * The `q` fields of software modules (hawkBit's SoftwareModuleFields), over `software_modules as sm`:
 * module lists and a set's module list.
 */
export const SOFTWARE_MODULE_FIELDS: FiqlFields = {
  id: { column: 'sm.id', kind: 'integer' },
  name: { column: 'sm.name', kind: 'string' },
  version: { column: 'sm.version', kind: 'string' },
  description: { column: 'sm.description', kind: 'string' },
  ...typeReferenceFields('type', 'software_module_types', 'sm.type_id'),
  metadata: metadataEntryField('software_module_metadata', 'software_module_id', 'sm.id'),
  ...auditFields('sm'),
};

/** Sortable fields of software-module lists (wire name, lower case → column). */
export const SOFTWARE_MODULE_SORT_FIELDS = sortFieldsOf(SOFTWARE_MODULE_FIELDS, [
  'id',
  'name',
  'version',
  ['type', 'smt.key'],
  ['vendor', 'sm.vendor'],
  'description',
  'createdat',
  'lastmodifiedat',
]);
export const SOFTWARE_MODULE_DEFAULT_SORT: readonly SortOrder[] = [{ column: 'sm.id', direction: 'asc' }];
