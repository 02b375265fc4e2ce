/**
 * The one registry of error codes. Domain code throws {@link DomainError} with one of these keys;
 * `http/error-status.ts` alone decides the HTTP status and renders hawkBit's `ExceptionInfo` body.
 * Keys are hawkBit's own (`SpServerError`) so existing clients can match on them; the few Falconet
 * additions (marked below) cover situations hawkBit answers outside its error model.
 */
export const ErrorCode = {
  bodyNotReadable: 'hawkbit.server.error.rest.body.notReadable',
  entityNotFound: 'hawkbit.server.error.repo.entityNotFound',
  entityAlreadyExists: 'hawkbit.server.error.repo.entityAlreadyExists',
  concurrentModification: 'hawkbit.server.error.repo.concurrentModification',
  constraintViolation: 'hawkbit.server.error.repo.constraintViolation',
  entityReadOnly: 'hawkbit.server.error.entityReadOnly',
  rsqlParamSyntax: 'hawkbit.server.error.rest.param.rsqlParamSyntax',
  rsqlInvalidField: 'hawkbit.server.error.rest.param.rsqlInvalidField',
  sortParamSyntax: 'hawkbit.server.error.rest.param.sortParamSyntax',
  sortInvalidField: 'hawkbit.server.error.rest.param.invalidField',
  sortInvalidDirection: 'hawkbit.server.error.rest.param.invalidDirection',
  quotaExceeded: 'hawkbit.server.error.quota.tooManyEntries',
  fileSizeExceeded: 'hawkbit.server.error.quota.fileSizeExceeded',
  artifactUploadFailed: 'hawkbit.server.error.artifact.uploadFailed',
  artifactMd5Mismatch: 'hawkbit.server.error.artifact.uploadFailed.checksum.md5.match',
  artifactSha1Mismatch: 'hawkbit.server.error.artifact.uploadFailed.checksum.sha1.match',
  artifactSha256Mismatch: 'hawkbit.server.error.artifact.uploadFailed.checksum.sha256.match',
  artifactLoadFailed: 'hawkbit.server.error.artifact.loadFailed',
  distributionSetIncomplete: 'hawkbit.server.error.distributionset.incomplete',
  deleted: 'hawkbit.server.error.deleted',
  distributionSetModuleUnsupported: 'hawkbit.server.error.distributionset.modules.unsupported',
  targetTypeInUse: 'hawkbit.server.error.target.type.used',
  targetTypeIncompatible: 'hawkbit.server.error.target.type.incompatible',
  targetAttributesInvalid: 'hawkbit.server.error.repo.invalidTargetAttributes',
  configKeyInvalid: 'hawkbit.server.error.configKeyInvalid',
  configChangeNotAllowed: 'hawkbit.server.error.repo.tenantConfigurationValueChangeNotAllowed',
  /** hawkBit locks a set (and its modules) once it is assigned; changing its modules then is refused */
  locked: 'hawkbit.server.error.locked',
  /** a maintenance window whose schedule, duration or offset is malformed, or that never opens again */
  maintenanceScheduleInvalid: 'hawkbit.server.error.maintenanceScheduleInvalid',
  /** an invalidated set cannot be assigned */
  distributionSetInvalid: 'hawkbit.server.error.distributionset.invalid',
  /** one target named twice in an assignment with different options: a target takes one set at a time */
  multiAssignmentNotEnabled: 'hawkbit.server.error.multiAssignmentNotEnabled',
  /** cancel of a closed action, or a second plain cancel of a canceling one */
  actionNotCancelable: 'hawkbit.server.error.action.notCancelable',
  /** force cancel of a closed action */
  actionNotForceQuitable: 'hawkbit.server.error.action.notForceQuitable',
  /** deleting an active action, or the one behind a target's installedBase (decision 90) */
  actionNotDeletable: 'hawkbit.server.error.action.notDeletable',
  autoConfirmAlreadyActive: 'hawkbit.server.error.repo.autoConfAlreadyActive',
  /** an auto-assignment of an action type it may not use (timeforced; downloadonly on a target filter) */
  invalidAutoAssignActionType: 'hawkbit.server.error.repo.invalidAutoAssignActionType',
  /** an auto-assignment move its status does not allow (start while paused, approve once ready …) */
  autoAssignmentIllegalState: 'hawkbit.server.error.auto.assignment.illegalState',
  /** a rollout operation its status does not allow (start while waiting for approval, stop once stopped …) */
  rolloutIllegalState: 'hawkbit.server.error.rollout.illegalState',
  // Falconet additions: hawkBit leaves these to Spring's own error pages.
  unauthorized: 'hawkbit.server.error.unauthorized',
  tooManyRequests: 'hawkbit.server.error.tooManyRequests',
  bodyTooLarge: 'hawkbit.server.error.rest.body.tooLarge',
  /** hawkBit soft-deletes entities in use; Falconet refuses to delete them (409, decision 5; sets: decision 213). */
  entityInUse: 'hawkbit.server.error.repo.entityInUse',
  /** an artifact whose bytes are not in the store, or a range outside them */
  rangeNotSatisfiable: 'hawkbit.server.error.rest.rangeNotSatisfiable',
  methodNotAllowed: 'hawkbit.server.error.rest.methodNotAllowed',
  /** a request body of another media type than the operation reads (Spring answers 415 outside hawkBit's model) */
  unsupportedMediaType: 'hawkbit.server.error.rest.unsupportedMediaType',
  /** a state-changing management request sent by another site's page (decision 31) */
  crossSiteRequest: 'hawkbit.server.error.rest.crossSiteRequest',
  /** escalating (PUT forceType) a closed action: 410 (decision 14); hawkBit flips it anyway */
  actionNotActive: 'hawkbit.server.error.action.notActive',
  notFound: 'hawkbit.server.error.rest.notFound',
  /** `/ready` while the database does not answer or is not migrated (decision 131) */
  notReady: 'hawkbit.server.error.notReady',
  internal: 'hawkbit.server.error.repo.genericError',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** An expected failure of a domain rule; carries a hawkBit error key and a human message. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly info?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

// The message templates of the errors many concepts raise. hawkBit's own texts where it has one, so a
// client sees the same message from every concept (decision 260).

/** hawkBit's `EntityNotFoundException(type, entityId)`: its message and its info. */
export const notFound = (entity: string, id: string | number): DomainError =>
  new DomainError(ErrorCode.entityNotFound, `${entity} with given identifier {${id}} does not exist.`, { type: entity, entityId: id });

/** hawkBit's `EntityNotFoundException(type, expected, found)`: every missing id named in one 404. */
export const notFoundAll = (entity: string, ids: readonly (string | number)[]): DomainError =>
  ids.length === 1
    ? notFound(entity, ids[0] as string | number)
    : new DomainError(ErrorCode.entityNotFound, `${entity}s with given identifiers {${ids.join(',')}} do not exist.`, {
        type: entity,
        entityId: ids.map(String),
      });

/** `{name: 'a', version: '1'}` → `name {a} and version {1}`, the way the messages below name an entity. */
const described = (fields: Readonly<Record<string, string | number>>): string => {
  const parts = Object.entries(fields).map(([field, value]) => `${field} {${value}}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) as string}` : (parts[0] ?? '');
};

/** An entity named by other fields than its id (a set by name and version, metadata by key) that does not exist. */
export const notFoundBy = (entity: string, fields: Readonly<Record<string, string | number>>): DomainError =>
  new DomainError(ErrorCode.entityNotFound, `${entity} with ${described(fields)} does not exist.`, { ...fields, type: entity });

/**
 * A name, key or other unique field already taken by another entity (or twice in one request). `info.type` is
 * the entity, as in every other info, also where a field is called `type` (a module's type key).
 */
export const alreadyExists = (entity: string, fields: Readonly<Record<string, string | number>>): DomainError =>
  new DomainError(ErrorCode.entityAlreadyExists, `${entity} with ${described(fields)} already exists.`, { ...fields, type: entity });

/** A FIQL field the entity does not have (hawkBit's RSQLParameterUnsupportedFieldException text). */
export const unknownSearchField = (name: string, fields: readonly string[]): DomainError =>
  new DomainError(
    ErrorCode.rsqlInvalidField,
    `The given search parameter field {${name}} does not exist, must be one of the following fields [${fields.join(', ')}]`,
  );

/** A sort field the list does not have. */
export const unknownSortField = (name: string, fields: readonly string[]): DomainError =>
  new DomainError(ErrorCode.sortInvalidField, `The sort field '${name}' does not exist; sortable fields: ${fields.join(', ')}`);
