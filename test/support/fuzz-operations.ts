import { fileURLToPath } from 'node:url';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import type { ApiDocument } from '../../src/http/api-operations.js';

/** A JSON schema of the dereferenced documents, as far as the fuzzer reads it. */
export interface Schema {
  readonly type?: string;
  readonly format?: string;
  readonly enum?: readonly unknown[];
  readonly nullable?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly pattern?: string;
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly additionalProperties?: boolean | Schema;
  readonly items?: Schema;
  readonly allOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
}

export interface FuzzParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly schema: Schema;
}

/** One operation of our documents with what a request to it may carry. */
export interface FuzzOperation {
  readonly document: ApiDocument;
  readonly operationId: string;
  readonly method: string;
  /** the path template, `/rest/v1/targets/{targetId}` */
  readonly path: string;
  readonly parameters: readonly FuzzParameter[];
  /** the request body's media type and schema, and its documented example */
  readonly body?: { readonly mediaType: string; readonly schema: Schema; readonly required: boolean; readonly example: unknown };
  /** whether any credential is needed */
  readonly secured: boolean;
  /** the first documented success status */
  readonly success: number;
  /** the error statuses documented without a body (a device's 401, a failed If-Match's 412) */
  readonly bodiless: ReadonlySet<number>;
}

const documentFile = (name: ApiDocument) => fileURLToPath(new URL(`../../openapi/${name}.yaml`, import.meta.url));

interface MediaType {
  readonly schema: Schema;
  readonly example?: unknown;
}

/** Every operation of a document, dereferenced. */
export async function loadFuzzOperations(document: ApiDocument): Promise<FuzzOperation[]> {
  const api = new OpenAPIBackend({ definition: documentFile(document), quick: true });
  await api.init();
  const globalSecurity = api.definition.security ?? [];
  return api.getOperations().map((operation: Operation) => {
    const content = (operation.requestBody as { content?: Record<string, MediaType>; required?: boolean } | undefined) ?? {};
    const [mediaType, media] = Object.entries(content.content ?? {})[0] ?? [];
    const security = operation.security ?? globalSecurity;
    const responses = Object.entries((operation.responses ?? {}) as Record<string, { content?: unknown }>);
    return {
      document,
      operationId: operation.operationId as string,
      method: operation.method.toUpperCase(),
      path: operation.path,
      parameters: (operation.parameters ?? []).filter((parameter) => 'in' in parameter) as unknown as FuzzParameter[],
      ...(mediaType && media ? { body: { mediaType, schema: media.schema, required: content.required === true, example: media.example } } : {}),
      secured: security.some((requirement) => Object.keys(requirement).length > 0),
      success: Math.min(...responses.map(([status]) => Number(status)).filter((status) => status >= 200 && status < 300)),
      bodiless: new Set(responses.filter(([status, response]) => /^4\d\d$/.test(status) && response.content === undefined).map(([status]) => Number(status))),
    };
  });
}
