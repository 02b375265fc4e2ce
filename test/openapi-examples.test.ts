import { fileURLToPath } from 'node:url';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import { describe, expect, it } from 'vitest';
import { isRowId } from '../src/db/row-id.js';
import { describeValidationErrors, loadApiOperations, type ApiDocument, type ApiOperation } from '../src/http/api-operations.js';
import { requestValidators } from '../src/http/routes.js';

/**
 * The documented examples are what a contract run (dredd) sends: it reads only parameter-level examples of
 * path and query parameters and media-type-level examples of request bodies. Each documented request must
 * pass the server's own request validation, so a run exercises the handlers rather than the 400 path.
 */

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly example?: unknown;
}

interface MediaType {
  readonly example?: unknown;
}

interface DocumentedOperation {
  readonly operation: Operation;
  /** the server's prepared operation, with the request validators it runs */
  readonly prepared: ApiOperation;
}

const documentFile = (name: ApiDocument) => fileURLToPath(new URL(`../openapi/${name}.yaml`, import.meta.url));

async function documentedOperations(document: ApiDocument): Promise<DocumentedOperation[]> {
  const api = new OpenAPIBackend({ definition: documentFile(document), quick: true });
  await api.init();
  const prepared = new Map((await loadApiOperations(document)).map((operation) => [operation.operationId, operation]));
  return api.getOperations().map((operation) => {
    const match = prepared.get(operation.operationId as string);
    if (match === undefined) throw new Error(`${document}: the server prepares no operation ${operation.operationId as string}`);
    return { operation, prepared: match };
  });
}

const operations = (await Promise.all([documentedOperations('mgmt'), documentedOperations('ddi')])).flat();
const idOf = ({ operation }: DocumentedOperation) => operation.operationId as string;

const parametersOf = (operation: Operation) => (operation.parameters ?? []) as Parameter[];
const jsonBodyOf = (operation: Operation) => (operation.requestBody as { content?: Record<string, MediaType> } | undefined)?.content?.['application/json'];

/** The request a contract run builds from the examples, as the server's validation middleware sees it. */
function documentedRequest(operation: Operation): Record<string, unknown> {
  const examples = (location: string) =>
    Object.fromEntries(
      parametersOf(operation)
        .filter((parameter) => parameter.in === location && parameter.example !== undefined)
        .map((parameter) => [parameter.name, String(parameter.example)]),
    );
  return { path: examples('path'), query: examples('query'), header: {}, requestBody: jsonBodyOf(operation)?.example };
}

describe('documented request examples', () => {
  it('give every path parameter a parameter-level example', () => {
    const missing = operations.flatMap(({ operation }) =>
      parametersOf(operation)
        .filter((parameter) => parameter.in === 'path' && parameter.example === undefined)
        .map((parameter) => `${operation.operationId as string} ${parameter.name}`),
    );
    expect(missing).toEqual([]);
  });

  it('give every JSON request body a media-type example', () => {
    const missing = operations.filter(({ operation }) => {
      const body = jsonBodyOf(operation);
      return body !== undefined && body.example === undefined;
    });
    expect(missing.map(idOf)).toEqual([]);
  });

  const cases = operations.map((documented) => [idOf(documented), documented] as const);
  it.each(cases)('%s: the documented request passes the request validation', (_, { operation, prepared }) => {
    const request = documentedRequest(operation);
    const errors = requestValidators(prepared).flatMap((validate) => (validate(request) ? [] : (validate.errors ?? [])));
    expect(describeValidationErrors(errors), 'request validation errors').toBe('');
    const ids = request['path'] as Record<string, unknown>;
    expect(
      prepared.idParameters.filter((name) => !isRowId(ids[name] as number)),
      'ids no row can have',
    ).toEqual([]);
  });
});
