import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { noContent } from '../http/operation-handler.js';
import { listRequest, pagedList, type ListQuery } from '../http/paging.js';
import type { MetadataEntry, MetadataService } from './metadata-service.js';
import { METADATA_DEFAULT_SORT, METADATA_SORT_FIELDS } from './metadata-fields.js';

type KeyParams<P> = P & { readonly metadataKey: string };

/**
 * The five handlers of `…/{owner}/metadata` and `…/{owner}/metadata/{metadataKey}` for one owner kind,
 * to be keyed by that kind's operationIds. `owner` resolves the path's owner to its id and throws
 * entityNotFound when it does not exist.
 */
export function metadataHandlers<P>(service: MetadataService, owner: (params: P) => Promise<number>) {
  return {
    list: async (c: Context<AppEnv>, { params, query }: { params: P; query: ListQuery }) =>
      c.json(pagedList(await service.list(await owner(params), listRequest(query, METADATA_SORT_FIELDS, METADATA_DEFAULT_SORT)))),
    create: async (c: Context<AppEnv>, { params, body }: { params: P; body: readonly MetadataEntry[] }) =>
      c.json(await service.create(await owner(params), body), 201),
    get: async (c: Context<AppEnv>, { params }: { params: KeyParams<P> }) => c.json(await service.get(await owner(params), params.metadataKey)),
    update: async (c: Context<AppEnv>, { params, body }: { params: KeyParams<P>; body: { readonly value?: string; readonly targetVisible?: boolean } }) =>
      c.json(await service.update(await owner(params), params.metadataKey, body)),
    remove: async (c: Context<AppEnv>, { params }: { params: KeyParams<P> }) => noContent(c, service.remove(await owner(params), params.metadataKey)),
  };
}
