import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ValidateFunction } from 'ajv';
import { bodyLimit } from 'hono/body-limit';
import { isRowId } from '../db/row-id.js';
import { DomainError, ErrorCode, notFound } from '../errors.js';
import type { AppEnv } from './app-env.js';
import { describeValidationErrors, type ApiOperation } from './api-operations.js';
import { SAFE_METHODS, sameSiteOnly } from './cross-site.js';
import { assertStorableJson } from './input-hygiene.js';
import { acceptsMediaType, unsupportedMediaType, type BodyMediaType } from './media-type.js';
import { validatedHandler, type OperationHandlers } from './operation-handler.js';
import { routePath, type RoutePath } from './route-path.js';

/** JSON request bodies larger than this are refused with 413; artifact uploads stream instead. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Merges the handler maps of all modules; an operation handled twice is a startup error. */
export function combineHandlers(...maps: OperationHandlers[]): OperationHandlers {
  const seen = new Set<string>();
  for (const operationId of maps.flatMap((map) => Object.keys(map))) {
    if (seen.has(operationId)) throw new Error(`operation ${operationId} has two handlers`);
    seen.add(operationId);
  }
  return Object.assign({}, ...maps) as OperationHandlers;
}

/** Operations without a handler and handlers without an operation; both must be empty. */
export function handlerInventory(operations: readonly ApiOperation[], handlers: OperationHandlers) {
  const ids = new Set(operations.map((operation) => operation.operationId));
  return {
    unhandled: [...ids].filter((id) => !Object.hasOwn(handlers, id)),
    orphaned: Object.keys(handlers).filter((id) => !ids.has(id)),
  };
}

/**
 * Routes every operation of our OpenAPI documents to its handler through Hono: a state-changing
 * management request must come from this server's own pages or from no browser at all (after `instrument`'s
 * middleware, which sees every answer of the operation), then
 * authentication by the operation's security schemes, the body's media type, the body limit, and
 * validation against the document; last, right before the handler, `audit`'s middleware for the operation
 * if it has one (decision 160).
 */
export function mountOperations(
  app: Hono<AppEnv>,
  operations: readonly ApiOperation[],
  handlers: OperationHandlers,
  security: Readonly<Record<string, MiddlewareHandler<AppEnv>>>,
  configuredUrl: string | undefined,
  audit: (operation: ApiOperation) => MiddlewareHandler<AppEnv> | undefined = () => undefined,
  instrument?: (operation: ApiOperation) => MiddlewareHandler<AppEnv>,
): void {
  const { unhandled, orphaned } = handlerInventory(operations, handlers);
  if (unhandled.length > 0 || orphaned.length > 0) {
    throw new Error(`operations without handler: [${unhandled.join(', ')}]; handlers without operation: [${orphaned.join(', ')}]`);
  }
  const paths = operations.map((operation) => operation.path);
  const sameSite = sameSiteOnly(configuredUrl);
  for (const operation of operations) {
    const chain: MiddlewareHandler<AppEnv>[] = instrument === undefined ? [] : [instrument(operation)];
    if (operation.document === 'mgmt' && !SAFE_METHODS.has(operation.method.toUpperCase())) chain.push(sameSite);
    const authenticators = new Set(operation.securitySchemes.map((scheme) => security[scheme]));
    if (authenticators.has(undefined) || authenticators.size > 1) {
      throw new Error(`${operation.operationId}: security schemes [${operation.securitySchemes.join(', ')}] need one authenticator`);
    }
    for (const authenticate of authenticators) chain.push(authenticate as MiddlewareHandler<AppEnv>);
    if (operation.bodyMediaType !== undefined) chain.push(requireMediaType(operation.bodyMediaType));
    if (operation.bodyMediaType === 'json') {
      chain.push(
        bodyLimit({
          maxSize: MAX_JSON_BODY_BYTES,
          onError: () => {
            throw new DomainError(ErrorCode.bodyTooLarge, `The request body exceeds ${MAX_JSON_BODY_BYTES} bytes`);
          },
        }),
      );
    }
    const route = routePath(operation.path, paths);
    chain.push(validateRequest(operation, route, configuredUrl));
    const audited = audit(operation);
    if (audited !== undefined) chain.push(audited);
    const handler = validatedHandler(handlers, operation.operationId);
    if (handler === undefined) throw new Error(`${operation.operationId} has no handler`);
    app.on(operation.method.toUpperCase(), [route.path], ...chain, (c) => handler(c, c.get('input')));
  }
}

/**
 * The validators a request to the operation goes through. A body that is not JSON (an artifact upload)
 * streams to its handler unread, so only its parameters are checked.
 */
export function requestValidators(operation: ApiOperation): readonly ValidateFunction[] {
  return operation.bodyMediaType === 'json' ? operation.validators() : operation.validators().filter((validate) => !validatesBody(validate));
}

/**
 * A body of another media type than the operation reads is refused unread (decision 30). A JSON body
 * may come without a Content-Type only when it is empty: {@link readJson} decides once it has the text.
 */
function requireMediaType(expected: BodyMediaType): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const contentType = c.req.header('content-type');
    if (contentType === undefined ? expected !== 'json' : !acceptsMediaType(expected, contentType)) {
      throw unsupportedMediaType(c, expected, contentType);
    }
    await next();
  };
}

/**
 * Validates the request, then puts its input and the base URL of its links on the context: the configured
 * `url`, else the request's own origin (scheme and Host header), so links work behind whatever name the client used.
 */
function validateRequest(operation: ApiOperation, route: RoutePath, configuredUrl: string | undefined): MiddlewareHandler<AppEnv> {
  let compiled: readonly ValidateFunction[] | undefined;
  const validators = () => (compiled ??= requestValidators(operation));
  return async (c, next) => {
    // Only what the operation declares is gathered: parsing the URL and copying the headers cost a device
    // poll (which declares neither) 3% of its CPU.
    const path = pathParameters(c.req.param(), route);
    for (const name of operation.idParameters) {
      // as Java's Long.parseLong reads a path id: the validators would take `1e1` or `5.0` for 10 and 5
      if (!INTEGER_LITERAL.test(path[name] ?? '')) {
        throw new DomainError(ErrorCode.bodyNotReadable, `Invalid request: path parameter ${name} must be an integer`);
      }
    }
    const parameters: Record<string, unknown> = {
      path,
      query: operation.queryParameters.size > 0 ? declaredQuery(new URL(c.req.url).searchParams, operation) : {},
      header: operation.headerParameters ? Object.fromEntries(c.req.raw.headers) : {},
    };
    if (operation.bodyMediaType === 'json') parameters['requestBody'] = await readJson(c);
    assertValid(validators(), parameters);
    for (const name of operation.idParameters) {
      const id = (parameters['path'] as Record<string, number>)[name] as number;
      // Such an id names nothing; PostgreSQL would refuse to compare it with an integer id column.
      if (!isRowId(id)) throw notFound(entityOf(name), id);
    }
    c.set('input', {
      params: parameters['path'] as Record<string, unknown>,
      query: parameters['query'] as Record<string, unknown>,
      body: parameters['requestBody'],
    });
    c.set('baseUrl', configuredUrl ?? new URL(c.req.url).origin);
    await next();
  };
}

/**
 * Validates a request's parameters (`path`, `query`, `header`) and body (`requestBody`) against the
 * operation's validators, which coerce them to their declared types in place (ids to numbers). Also the
 * device deployment's lean path (`ddi/deployment-fast-path.ts`) checks its requests so.
 * @throws DomainError bodyNotReadable naming every finding
 */
export function assertValid(validators: readonly ValidateFunction[], parameters: Record<string, unknown>): void {
  const errors = validators.flatMap((validate) => (validate(parameters) ? [] : (validate.errors ?? [])));
  if (errors.length > 0) {
    throw new DomainError(ErrorCode.bodyNotReadable, `Invalid request: ${describeValidationErrors(errors)}`);
  }
}

/** The path's parameters; a suffixed one (`{fileName}.MD5SUM`) without its suffix. */
function pathParameters(params: Record<string, string>, { suffixed }: RoutePath): Record<string, string> {
  if (suffixed === undefined) return { ...params };
  const value = params[suffixed.parameter] ?? '';
  return { ...params, [suffixed.parameter]: value.slice(0, value.length - suffixed.suffix.length) };
}

/** hawkBit's entity name from an id parameter's name: `softwareModuleId` → `SoftwareModule`. */
const entityOf = (parameter: string) => parameter.charAt(0).toUpperCase() + parameter.slice(1).replace(/Id$/, '');

/** openapi-backend compiles the request body's schema as its own validator, under `requestBody`. */
const validatesBody = (validate: ValidateFunction) => (validate.schema as { properties?: Record<string, unknown> }).properties?.['requestBody'] !== undefined;

/**
 * Undeclared query parameters are ignored, as hawkBit (Spring) does. An integer is written as one, as
 * Java's Integer.parseInt wants it (the validators would take `1e3` or `0x10`), and an empty one
 * (`?offset=`) counts as absent, as Spring's `defaultValue` does (decision 33).
 */
function declaredQuery(search: URLSearchParams, { queryParameters, integerQueryParameters }: ApiOperation): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [name, isArray] of queryParameters) {
    let values = search.getAll(name);
    if (integerQueryParameters.has(name)) {
      values = values.filter((value) => value !== '');
      if (values.some((value) => !INTEGER_LITERAL.test(value))) {
        throw new DomainError(ErrorCode.bodyNotReadable, `Invalid request: query parameter ${name} must be an integer`);
      }
    }
    if (values.length > 0) query[name] = isArray ? values : values[0];
  }
  return query;
}

const INTEGER_LITERAL = /^[+-]?\d+$/;

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  const contentType = c.req.header('content-type');
  if (contentType === undefined && text.trim() !== '') throw unsupportedMediaType(c, 'json', contentType);
  return jsonBody(text);
}

/**
 * A JSON request body from its text: undefined when empty, else the parsed document, refused when it is not
 * well formed or holds what the database cannot store (decision 32). Also the device deployment's lean path
 * (`ddi/deployment-fast-path.ts`) reads its bodies so.
 * @throws DomainError bodyNotReadable
 */
export function jsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw new DomainError(ErrorCode.bodyNotReadable, 'The given request body is not well formed');
  }
  assertStorableJson(text, parsed);
  return parsed;
}
