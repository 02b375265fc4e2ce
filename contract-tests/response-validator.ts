import { fileURLToPath } from 'node:url';
import type { Ajv, ValidateFunction } from 'ajv';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { OpenAPIBackend, ValidationContext, type Operation } from 'openapi-backend';
import type { ApiDocument } from '../src/http/api-operations.js';
import { routePath } from '../src/http/route-path.js';

interface DeclaredResponse {
  readonly headers?: Record<string, { readonly schema?: object }>;
  readonly content?: Record<string, { readonly schema?: object }>;
}

/** One documented operation, with lazily compiled body validators per status and media type. */
interface DocumentedOperation {
  readonly operationId: string;
  readonly responses: Readonly<Record<string, DeclaredResponse>>;
  readonly ajv: Ajv;
  readonly compiled: Map<string, ValidateFunction>;
}

/** Checks a response against the operation of our OpenAPI documents that the request reached. */
export interface ResponseValidator {
  /** The operationId a request reaches, or undefined for a path or method no document declares. */
  operationOf(method: string, url: string): string | undefined;
  /** Everything about the response that its operation does not declare; empty when it conforms. */
  violations(method: string, url: string, response: Response): Promise<string[]>;
}

const documentFile = (name: ApiDocument) => fileURLToPath(new URL(`../openapi/${name}.yaml`, import.meta.url));

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/**
 * Loads both documents and routes requests to their operations exactly as the server does (Hono's
 * router over the same route paths, so `{fileName}.MD5SUM` wins over `{fileName}`).
 */
export async function loadResponseValidator(): Promise<ResponseValidator> {
  const router = new SmartRouter<DocumentedOperation>({ routers: [new RegExpRouter(), new TrieRouter()] });
  for (const document of ['mgmt', 'ddi'] as const) {
    const api = new OpenAPIBackend({ definition: documentFile(document), strict: true, quick: true });
    await api.init();
    const ajv = api.validator.getAjv(ValidationContext.Response, { allErrors: true });
    const operations = api.getOperations();
    const paths = operations.map((operation) => operation.path);
    for (const operation of operations) {
      router.add(operation.method.toUpperCase(), routePath(operation.path, paths).path, documented(operation, ajv));
    }
  }
  const match = (method: string, url: string) => {
    const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    return router.match(verb, new URL(url, 'http://localhost').pathname)[0][0]?.[0];
  };
  return {
    operationOf: (method, url) => match(method, url)?.operationId,
    async violations(method, url, response) {
      const operation = match(method, url);
      if (operation === undefined) return [];
      const found = await check(operation, method.toUpperCase() === 'HEAD', response);
      return found.map((violation) => `${operation.operationId} ${response.status}: ${violation}`);
    },
  };
}

function documented(operation: Operation, ajv: Ajv): DocumentedOperation {
  const responses = (operation.responses ?? {}) as Record<string, DeclaredResponse>;
  return { operationId: operation.operationId as string, responses, ajv, compiled: new Map() };
}

async function check(operation: DocumentedOperation, head: boolean, response: Response): Promise<string[]> {
  const { status } = response;
  const key = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((k) => operation.responses[k] !== undefined);
  if (key === undefined) return [`status ${status} is not declared`];
  const declared = operation.responses[key] as DeclaredResponse;
  const violations = checkHeaders(operation, key, declared, response.headers);
  const contentType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  const content = declared.content ?? {};
  if (contentType === undefined) {
    if (!head && (await response.clone().text()) !== '') violations.push('a body without Content-Type');
    return violations;
  }
  const mediaType = Object.keys(content).find((declaredType) => declaredType.toLowerCase() === contentType);
  if (mediaType === undefined) {
    return [...violations, `Content-Type ${contentType} is not declared (${Object.keys(content).join(', ') || 'no body'})`];
  }
  const schema = content[mediaType]?.schema;
  if (head || !isJson(contentType) || schema === undefined) return violations;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...violations, `the body is not JSON: ${text.slice(0, 80)}`];
  }
  const validate = compiled(operation, `${key} ${mediaType}`, schema);
  if (!validate(body)) violations.push(`body ${describeBodyErrors(validate)}`);
  return violations;
}

function compiled(operation: DocumentedOperation, key: string, schema: object): ValidateFunction {
  const known = operation.compiled.get(key);
  if (known !== undefined) return known;
  const validate = operation.ajv.compile(schema);
  operation.compiled.set(key, validate);
  return validate;
}

/** Declared headers that are present must match their schema (header values are strings on the wire). */
function checkHeaders(operation: DocumentedOperation, key: string, declared: DeclaredResponse, headers: Headers): string[] {
  return Object.entries(declared.headers ?? {}).flatMap(([name, header]) => {
    const value = headers.get(name);
    const schema = header.schema as { type?: string } | undefined;
    if (value === null || schema === undefined) return [];
    const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
    const validate = compiled(operation, `${key} header ${name}`, schema);
    return validate(typed) ? [] : [`header ${name}: ${JSON.stringify(value)} ${describeBodyErrors(validate)}`];
  });
}

/** ajv's findings with their place in the body and the offending property or allowed values. */
const describeBodyErrors = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .map((error) => {
      const params = error.params as { additionalProperty?: string; allowedValues?: unknown[] };
      const detail = params.additionalProperty ?? params.allowedValues?.join(', ');
      return `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${detail === undefined ? '' : ` (${detail})`}`;
    })
    .join('; ');
