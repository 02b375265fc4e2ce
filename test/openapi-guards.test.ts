import { fileURLToPath } from 'node:url';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import { describe, expect, it } from 'vitest';
import { API_DOCUMENTS } from '../scripts/openapi-types.js';
import { SAFE_METHODS } from '../src/http/cross-site.js';

interface Schema {
  readonly type?: string;
  readonly format?: string;
  readonly properties?: Record<string, Schema>;
  readonly items?: Schema;
  readonly additionalProperties?: Schema | boolean;
  readonly allOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
}

const operations = (
  await Promise.all(
    API_DOCUMENTS.map(async (document) => {
      const api = new OpenAPIBackend({ definition: fileURLToPath(new URL(`../openapi/${document}.yaml`, import.meta.url)), quick: true });
      await api.init();
      return api.getOperations().map((operation) => ({ document, operation }));
    }),
  )
).flat();

const statusesOf = (operation: Operation) => new Set(Object.keys(operation.responses ?? {}));
const parametersOf = (operation: Operation) => (operation.parameters ?? []) as { in: string; name: string; schema?: Schema }[];
const bodySchemaOf = (operation: Operation) =>
  (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.['application/json']?.schema;

/** Every integer a schema admits, by where it sits (`/[]/id`), without its format. */
function integersWithoutFormat(schema: Schema | undefined, at: string): string[] {
  if (schema === undefined) return [];
  const own = schema.type === 'integer' && schema.format !== 'int32' && schema.format !== 'int64' ? [at || '/'] : [];
  const nested = [
    ...Object.entries(schema.properties ?? {}).map(([name, property]) => integersWithoutFormat(property, `${at}/${name}`)),
    integersWithoutFormat(schema.items, `${at}/[]`),
    typeof schema.additionalProperties === 'object' ? integersWithoutFormat(schema.additionalProperties, `${at}/*`) : [],
    ...[...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].map((part) => integersWithoutFormat(part, at)),
  ];
  return [...own, ...nested.flat()];
}

describe('the documents declare what the request guards answer', () => {
  it('declares 415 on every operation with a request body', () => {
    const missing = operations.filter(({ operation }) => operation.requestBody !== undefined && !statusesOf(operation).has('415'));
    expect(missing.map(({ operation }) => operation.operationId)).toEqual([]);
  });

  it('declares 403 on every state-changing management operation', () => {
    const missing = operations.filter(
      ({ document, operation }) => document === 'mgmt' && !SAFE_METHODS.has(operation.method.toUpperCase()) && !statusesOf(operation).has('403'),
    );
    expect(missing.map(({ operation }) => operation.operationId)).toEqual([]);
  });

  it('declares 400 on every operation that takes a parameter or a body', () => {
    const missing = operations.filter(
      ({ operation }) =>
        (operation.requestBody !== undefined || parametersOf(operation).some((parameter) => parameter.in !== 'header')) && !statusesOf(operation).has('400'),
    );
    expect(missing.map(({ operation }) => operation.operationId)).toEqual([]);
  });

  it('bounds every integer of a query or a body by its format (int32 or int64), as its column is', () => {
    // Integer path parameters are ids: one beyond the id columns names nothing and answers 404 (id-range.test.ts).
    const unbounded = operations.flatMap(({ operation }) =>
      [
        ...parametersOf(operation)
          .filter((parameter) => parameter.in === 'query')
          .flatMap((parameter) => integersWithoutFormat(parameter.schema, `?${parameter.name}`)),
        ...integersWithoutFormat(bodySchemaOf(operation), 'body'),
      ].map((where) => `${operation.operationId} ${where}`),
    );
    expect(unbounded).toEqual([]);
  });
});
