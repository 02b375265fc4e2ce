import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { translateDatabaseError } from '../db/db-errors.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { AppEnv } from './app-env.js';
import { exceptionInfo } from './error-status.js';

/** Renders a domain error as hawkBit's `ExceptionInfo` with the status of the error table. */
export function errorResponse(c: Context<AppEnv>, error: DomainError): Response {
  const { status, body } = exceptionInfo(error);
  const retryAfter = error.info?.['retryAfterSeconds'];
  if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
  return c.json(body, status);
}

export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  const domainError = error instanceof DomainError ? error : translateDatabaseError(error);
  if (domainError) return errorResponse(c, domainError);
  if (error instanceof HTTPException) return error.getResponse();
  c.get('logger').error({ err: error }, 'request failed');
  return errorResponse(c, new DomainError(ErrorCode.internal, 'Internal server error'));
};

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(c, new DomainError(ErrorCode.notFound, `No endpoint ${c.req.method} ${c.req.path}`));
