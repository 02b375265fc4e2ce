import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { translateDatabaseError } from '../db/db-errors.js';
import { DomainError, ErrorCode } from '../errors.js';
import type { AppEnv } from './app-env.js';
import { exceptionInfo } from './error-status.js';

/**
 * hawkBit's `ExceptionInfo` for a domain error, with the status of the error table: what {@link errorResponse}
 * sends, and what a lean path (`ddi/deployment-fast-path.ts`) writes itself.
 */
export function errorAnswer(error: DomainError): { status: ContentfulStatusCode; headers: Record<string, string>; body: string } {
  const { status, body } = exceptionInfo(error);
  const retryAfter = error.info?.['retryAfterSeconds'];
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (typeof retryAfter === 'number') headers['Retry-After'] = String(retryAfter);
  return { status, headers, body: JSON.stringify(body) };
}

/** Renders a domain error as hawkBit's `ExceptionInfo` with the status of the error table. */
export function errorResponse(c: Context<AppEnv>, error: DomainError): Response {
  const { status, headers, body } = errorAnswer(error);
  return c.body(body, status, headers);
}

/** The domain error `error` is or stands for (a database error of `db-errors.ts`); undefined for an unexpected error, a 500. */
export const domainErrorOf = (error: unknown): DomainError | undefined => (error instanceof DomainError ? error : translateDatabaseError(error));

export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  const domainError = domainErrorOf(error);
  if (domainError) return errorResponse(c, domainError);
  if (error instanceof HTTPException) return error.getResponse();
  c.get('logger').error({ err: error }, 'request failed');
  return errorResponse(c, new DomainError(ErrorCode.internal, 'Internal server error'));
};

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(c, new DomainError(ErrorCode.notFound, `No endpoint ${c.req.method} ${c.req.path}`));
