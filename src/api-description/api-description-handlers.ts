import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import { apiDocuments, type DocumentName } from './api-documents.js';

/** `GET /rest/v1/openapi.json` and `GET /rest/v1/openapi/ddi.json`: the OpenAPI documents, public like /health. */
export const apiDescriptionHandlers: HandlerFactory<unknown> = () => {
  const documents = apiDocuments();
  const serve = async (c: Context<AppEnv>, name: DocumentName) => {
    const { json, etag } = await documents(name);
    const headers = { ETag: etag, 'Cache-Control': 'no-cache' };
    const match = c.req.header('If-None-Match');
    if (match !== undefined && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304, headers);
    return c.body(json, 200, { ...headers, 'Content-Type': 'application/json' });
  };
  return {
    getManagementApiDocument: (c) => serve(c, 'mgmt'),
    getDeviceApiDocument: (c) => serve(c, 'ddi'),
  };
};
