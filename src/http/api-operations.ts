import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OpenAPIBackend, type Operation } from 'openapi-backend';

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
  readonly jsonBody: boolean;
  /** declared query parameters; true for array-typed ones */
  readonly queryParameters: ReadonlyMap<string, boolean>;
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
    const idParameters: string[] = [];
    let headerParameters = false;
    for (const parameter of operation.parameters ?? []) {
      if (!('in' in parameter)) continue;
      const type = (parameter.schema as { type?: string } | undefined)?.type;
      if (parameter.in === 'query') queryParameters.set(parameter.name, type === 'array');
      if (parameter.in === 'header') headerParameters = true;
      if (parameter.in === 'path' && type === 'integer') idParameters.push(parameter.name);
    }
    const requestBody = operation.requestBody as { content?: Record<string, unknown> } | undefined;
    return {
      document,
      operationId,
      method: operation.method,
      path: operation.path,
      securitySchemes: [...new Set((operation.security ?? globalSecurity).flatMap((requirement) => Object.keys(requirement)))],
      jsonBody: requestBody?.content?.['application/json'] !== undefined,
      queryParameters,
      headerParameters,
      idParameters,
      validators: memo(() => api.validator.getRequestValidatorsForOperation(operationId)),
    };
  });
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
