import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ErrorCode, type DomainError } from '../errors.js';

interface ErrorMapping {
  readonly status: ContentfulStatusCode;
  readonly exceptionClass: string;
}

const repo = 'org.eclipse.hawkbit.repository.exception.';
const rest = 'org.eclipse.hawkbit.rest.exception.';

/** Every error code's HTTP status and hawkBit exception class (hawkBit 1.x `RestConfiguration`). */
export const errorStatus: Readonly<Record<ErrorCode, ErrorMapping>> = {
  [ErrorCode.bodyNotReadable]: { status: 400, exceptionClass: `${rest}MessageNotReadableException` },
  [ErrorCode.entityNotFound]: { status: 404, exceptionClass: `${repo}EntityNotFoundException` },
  [ErrorCode.entityAlreadyExists]: { status: 409, exceptionClass: `${repo}EntityAlreadyExistsException` },
  [ErrorCode.concurrentModification]: {
    status: 409,
    exceptionClass: `${repo}ConcurrentModificationException`,
  },
  [ErrorCode.constraintViolation]: { status: 400, exceptionClass: 'jakarta.validation.ConstraintViolationException' },
  [ErrorCode.entityReadOnly]: { status: 403, exceptionClass: `${repo}EntityReadOnlyException` },
  [ErrorCode.rsqlParamSyntax]: { status: 400, exceptionClass: `${repo}RSQLParameterSyntaxException` },
  [ErrorCode.rsqlInvalidField]: { status: 400, exceptionClass: `${repo}RSQLParameterUnsupportedFieldException` },
  [ErrorCode.sortParamSyntax]: { status: 400, exceptionClass: `${rest}SortParameterSyntaxErrorException` },
  [ErrorCode.sortInvalidField]: { status: 400, exceptionClass: `${rest}SortParameterUnsupportedFieldException` },
  [ErrorCode.sortInvalidDirection]: {
    status: 400,
    exceptionClass: `${rest}SortParameterUnsupportedDirectionException`,
  },
  [ErrorCode.quotaExceeded]: { status: 429, exceptionClass: `${repo}AssignmentQuotaExceededException` },
  [ErrorCode.fileSizeExceeded]: { status: 429, exceptionClass: `${repo}FileSizeQuotaExceededException` },
  [ErrorCode.artifactUploadFailed]: { status: 500, exceptionClass: `${repo}ArtifactUploadFailedException` },
  [ErrorCode.artifactMd5Mismatch]: { status: 400, exceptionClass: `${repo}InvalidMD5HashException` },
  [ErrorCode.artifactSha1Mismatch]: { status: 400, exceptionClass: `${repo}InvalidSHA1HashException` },
  [ErrorCode.artifactSha256Mismatch]: { status: 400, exceptionClass: `${repo}InvalidSHA256HashException` },
  [ErrorCode.artifactLoadFailed]: { status: 500, exceptionClass: `${repo}ArtifactBinaryNotFoundException` },
  [ErrorCode.distributionSetIncomplete]: { status: 400, exceptionClass: `${repo}IncompleteDistributionSetException` },
  [ErrorCode.deleted]: { status: 404, exceptionClass: `${repo}DeletedException` },
  [ErrorCode.distributionSetModuleUnsupported]: {
    status: 400,
    exceptionClass: `${repo}UnsupportedSoftwareModuleForThisDistributionSetException`,
  },
  [ErrorCode.targetTypeInUse]: { status: 409, exceptionClass: `${repo}TargetTypeInUseException` },
  [ErrorCode.targetTypeIncompatible]: { status: 400, exceptionClass: `${repo}IncompatibleTargetTypeException` },
  [ErrorCode.targetAttributesInvalid]: { status: 400, exceptionClass: `${repo}InvalidTargetAttributeException` },
  [ErrorCode.configKeyInvalid]: { status: 400, exceptionClass: `${repo}TenantConfigurationValidatorException` },
  [ErrorCode.configChangeNotAllowed]: {
    status: 403,
    exceptionClass: `${repo}TenantConfigurationValueChangeNotAllowedException`,
  },
  [ErrorCode.locked]: { status: 423, exceptionClass: `${repo}LockedException` },
  [ErrorCode.maintenanceScheduleInvalid]: {
    status: 400,
    exceptionClass: `${repo}InvalidMaintenanceScheduleException`,
  },
  [ErrorCode.distributionSetInvalid]: { status: 400, exceptionClass: `${repo}InvalidDistributionSetException` },
  [ErrorCode.multiAssignmentNotEnabled]: { status: 400, exceptionClass: `${repo}MultiAssignmentIsNotEnabledException` },
  [ErrorCode.actionNotCancelable]: { status: 405, exceptionClass: `${repo}CancelActionNotAllowedException` },
  [ErrorCode.actionNotForceQuitable]: { status: 405, exceptionClass: `${repo}ForceQuitActionNotAllowedException` },
  [ErrorCode.actionNotDeletable]: { status: 405, exceptionClass: `${repo}DeleteActionNotAllowedException` },
  [ErrorCode.autoAssignmentIllegalState]: { status: 409, exceptionClass: `${repo}AutoAssignmentIllegalStateException` },
  [ErrorCode.rolloutIllegalState]: { status: 400, exceptionClass: `${repo}RolloutIllegalStateException` },
  [ErrorCode.autoConfirmAlreadyActive]: { status: 409, exceptionClass: `${repo}AutoConfirmationAlreadyActiveException` },
  [ErrorCode.invalidAutoAssignActionType]: { status: 400, exceptionClass: `${repo}InvalidAutoAssignActionTypeException` },
  [ErrorCode.actionNotActive]: { status: 410, exceptionClass: 'falconet.ActionNotActiveException' },
  [ErrorCode.entityInUse]: { status: 409, exceptionClass: 'falconet.EntityInUseException' },
  [ErrorCode.rangeNotSatisfiable]: { status: 416, exceptionClass: 'falconet.RangeNotSatisfiableException' },
  [ErrorCode.unauthorized]: { status: 401, exceptionClass: 'falconet.AuthenticationException' },
  [ErrorCode.tooManyRequests]: { status: 429, exceptionClass: 'falconet.TooManyRequestsException' },
  [ErrorCode.bodyTooLarge]: { status: 413, exceptionClass: 'falconet.PayloadTooLargeException' },
  [ErrorCode.methodNotAllowed]: { status: 405, exceptionClass: 'falconet.MethodNotAllowedException' },
  [ErrorCode.unsupportedMediaType]: { status: 415, exceptionClass: 'falconet.UnsupportedMediaTypeException' },
  [ErrorCode.crossSiteRequest]: { status: 403, exceptionClass: 'falconet.CrossSiteRequestException' },
  [ErrorCode.notFound]: { status: 404, exceptionClass: 'falconet.NoHandlerFoundException' },
  [ErrorCode.notReady]: { status: 503, exceptionClass: 'falconet.ServiceUnavailableException' },
  [ErrorCode.internal]: { status: 500, exceptionClass: 'falconet.InternalServerError' },
};

/** hawkBit's `ExceptionInfo` JSON body. */
export interface ExceptionInfo {
  exceptionClass: string;
  errorCode: ErrorCode;
  message: string;
  info?: Readonly<Record<string, unknown>>;
}

export function exceptionInfo(error: DomainError): { status: ContentfulStatusCode; body: ExceptionInfo } {
  const { status, exceptionClass } = errorStatus[error.code];
  const body: ExceptionInfo = { exceptionClass, errorCode: error.code, message: error.message };
  if (error.info && Object.keys(error.info).length > 0) body.info = error.info;
  return { status, body };
}
