import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import type { BodyMediaType } from './media-type.js';

export type ApiDocument = 'mgmt' | 'ddi';

/** One operation of our OpenAPI documents, prepared once at startup for routing and validation. */
export interface ApiOperation {
  readonly document: ApiDocument;
  readonly operationId: string;
  readonly method: string;
  /** the OpenAPI path template, `/rest/v1/targets/{targetId}` */
  readonly path: string;
  /** names of the security schemes that may authenticate it; empty for public operations */
  readonly securitySchemes: readonly string[];
  /** how the request body is read (a JSON document, or an artifact upload's form); undefined without one */
  readonly bodyMediaType: BodyMediaType | undefined;
  /** declared query parameters; true for array-typed ones */
  readonly queryParameters: ReadonlyMap<string, boolean>;
  /** query parameters typed integer, whose values must be written as integers (decision 33) */
  readonly integerQueryParameters: ReadonlySet<string>;
  /** whether it declares header parameters (only then are the request's headers validated) */
  readonly headerParameters: boolean;
  /** path parameters typed integer: entity ids */
  readonly idParameters: readonly string[];
  /**
   * openapi-backend's ajv validators (body, and path/query/header parameters), compiled at the first call and
   * kept: compiling all of them made a start take seconds
   */
  validators(): readonly ValidateFunction[];
}

const documentFile = (name: ApiDocument) => fileURLToPath(new URL(`../../openapi/${name}.yaml`, import.meta.url));

/**
 * Loads and dereferences one OpenAPI document and compiles its request validators. Routing stays with
 * Hono: openapi-backend's own request matching costs milliseconds per request at hawkBit's size, its
 * precompiled validators tens of microseconds.
 */
export async function loadApiOperations(document: ApiDocument): Promise<ApiOperation[]> {
  // `quick` compiles validators on demand: eagerly, openapi-backend would also compile every response
  // validator, which the server never uses (5 of the 7 s a start took). The document is still validated.
  const api = new OpenAPIBackend({ definition: documentFile(document), coerceTypes: true, strict: true, quick: true });
  await api.loadDocument();
  api.validateDefinition();
  await api.init();
  const globalSecurity = api.definition.security ?? [];
  return api.getOperations().map((operation: Operation) => {
    const operationId = operation.operationId as string;
    const queryParameters = new Map<string, boolean>();
    const integerQueryParameters = new Set<string>();
    const idParameters: string[] = [];
    let headerParameters = false;
    for (const parameter of operation.parameters ?? []) {
      if (!('in' in parameter)) continue;
      const type = (parameter.schema as { type?: string } | undefined)?.type;
      if (parameter.in === 'query') queryParameters.set(parameter.name, type === 'array');
      if (parameter.in === 'query' && type === 'integer') integerQueryParameters.add(parameter.name);
      if (parameter.in === 'header') headerParameters = true;
      if (parameter.in === 'path' && type === 'integer') idParameters.push(parameter.name);
    }
    return {
      document,
      operationId,
      method: operation.method,
      path: operation.path,
      securitySchemes: [...new Set((operation.security ?? globalSecurity).flatMap((requirement) => Object.keys(requirement)))],
      bodyMediaType: bodyMediaTypeOf(operation.requestBody as { content?: Record<string, unknown> } | undefined),
      queryParameters,
      integerQueryParameters,
      headerParameters,
      idParameters,
      validators: memo(() => api.validator.getRequestValidatorsForOperation(operationId)),
    };
  });
}

const BODY_MEDIA_TYPES: Readonly<Record<string, BodyMediaType>> = { 'application/json': 'json', 'multipart/form-data': 'multipart' };

/** The one media type an operation's body is read as; a document declaring any other is refused at startup. */
function bodyMediaTypeOf(requestBody: { content?: Record<string, unknown> } | undefined): BodyMediaType | undefined {
  if (requestBody === undefined) return undefined;
  const types = Object.keys(requestBody.content ?? {});
  const mediaType = types.length === 1 && Object.hasOwn(BODY_MEDIA_TYPES, types[0] as string) ? BODY_MEDIA_TYPES[types[0] as string] : undefined;
  if (mediaType === undefined) throw new Error(`a request body is application/json or multipart/form-data, not [${types.join(', ')}]`);
  return mediaType;
}

/** ajv's findings as one readable sentence for the error body. */
export function describeValidationErrors(errors: readonly ErrorObject[]): string {
  return errors
    .map((error) => {
      const [, part = '', ...rest] = error.instancePath.split('/');
      const where = part === 'requestBody' ? `body${rest.length ? ` /${rest.join('/')}` : ''}` : `${part} parameter ${rest.join('/')}`;
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
      return `${error.instancePath === '' ? 'request' : where} ${error.message ?? 'is invalid'}${allowed ? ` (${allowed.join(', ')})` : ''}`;
    })
    .join('; ');
}

/** `compute`, called once, at the first call. */
function memo<T>(compute: () => T): () => T {
  let value: { readonly result: T } | undefined;
  return () => (value ??= { result: compute() }).result;
}
