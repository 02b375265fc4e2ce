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
  // Falconet additions: hawkBit leaves these to Spring's own error pages.
  unauthorized: 'hawkbit.server.error.unauthorized',
  tooManyRequests: 'hawkbit.server.error.tooManyRequests',
  bodyTooLarge: 'hawkbit.server.error.rest.body.tooLarge',
  methodNotAllowed: 'hawkbit.server.error.rest.methodNotAllowed',
  notFound: 'hawkbit.server.error.rest.notFound',
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
