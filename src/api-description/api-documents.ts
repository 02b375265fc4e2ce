import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DomainError, ErrorCode } from '../errors.js';

export type DocumentName = 'mgmt' | 'ddi';

/** One OpenAPI document as served: JSON text and the ETag of its bytes. */
export interface ServedDocument {
  readonly json: string;
  readonly etag: string;
}

/** dist/openapi, where `npm run build` bundles each root of openapi/ (scripts/bundle-openapi.ts), from src/ and dist/ alike. */
const BUNDLE_DIR = resolve(import.meta.dirname, '../../dist/openapi');

/** The bundled OpenAPI documents, each read at its first request and kept (200 kB that a start need not read). */
export function apiDocuments(dir: string = BUNDLE_DIR): (name: DocumentName) => Promise<ServedDocument> {
  const documents = new Map<DocumentName, ServedDocument>();
  return async (name) => {
    const known = documents.get(name);
    if (known !== undefined) return known;
    let json: string;
    try {
      json = await readFile(resolve(dir, `${name}.json`), 'utf8');
    } catch {
      throw new DomainError(ErrorCode.notFound, 'The OpenAPI documents are not built: run npm run build');
    }
    const document = { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"` };
    documents.set(name, document);
    return document;
  };
}
