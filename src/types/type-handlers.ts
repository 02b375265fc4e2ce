import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { noContent } from '../http/operation-handler.js';
import { listRequest, pagedList, type ListQuery, type SortFields } from '../http/paging.js';
import { TYPE_DEFAULT_SORT } from './type-fields.js';
import type { TypeReads } from './type-rules.js';

/** What the handlers of every kind of type call. */
interface TypeOperations<T, C> extends TypeReads<T> {
  update(actor: string, id: number, change: C): Promise<T>;
  remove(id: number): Promise<void>;
}

type Params<P extends string> = { readonly params: Readonly<Record<P, number>> };

/** The handlers {@link typeHandlers} makes (declared: the inferred type is too long to emit). */
export interface TypeHandlers<P extends string, C> {
  readonly list: (c: Context<AppEnv>, input: { readonly query: ListQuery }) => Promise<Response>;
  readonly get: (c: Context<AppEnv>, input: Params<P>) => Promise<Response>;
  readonly update: (c: Context<AppEnv>, input: Params<P> & { readonly body: C }) => Promise<Response>;
  readonly remove: (c: Context<AppEnv>, input: Params<P>) => Promise<Response>;
}

/**
 * The list, get, update and delete handlers of one kind of type, to be keyed by that kind's operationIds:
 * `param` is the path parameter of its id, `json` its wire form.
 */
export function typeHandlers<T, C, P extends string, J>(
  service: TypeOperations<T, C>,
  param: P,
  sortFields: SortFields,
  json: (type: T, base: string) => J,
): TypeHandlers<P, C> {
  const jsonIn = (c: Context<AppEnv>) => (type: T) => json(type, c.get('baseUrl'));
  return {
    list: async (c: Context<AppEnv>, { query }) => c.json(pagedList(await service.list(listRequest(query, sortFields, TYPE_DEFAULT_SORT)), jsonIn(c))),
    get: async (c: Context<AppEnv>, { params }) => c.json(jsonIn(c)(await service.get(params[param]))),
    update: async (c: Context<AppEnv>, { params, body }) => c.json(jsonIn(c)(await service.update(c.get('operator'), params[param], body))),
    remove: (c: Context<AppEnv>, { params }) => noContent(c, service.remove(params[param])),
  };
}
