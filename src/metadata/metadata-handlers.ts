import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { pagedList, pageRequest } from '../http/paging.js';
import type { OperationHandlers } from '../http/routes.js';
import type { MetadataEntry, MetadataService } from './metadata-service.js';

/** The five metadata operations of one owner kind, by operationId. */
export interface MetadataOperations {
  readonly list: string;
  readonly create: string;
  readonly get: string;
  readonly update: string;
  readonly remove: string;
}

const SORT_FIELDS = { key: 'key', value: 'value' } as const;

/**
 * Handlers for `…/{owner}/metadata` and `…/{owner}/metadata/{metadataKey}`. `owner` resolves the
 * path's owner to its id and throws entityNotFound when it does not exist.
 */
export function metadataHandlers(operations: MetadataOperations, service: MetadataService, owner: (c: Context<AppEnv>) => Promise<number>): OperationHandlers {
  const key = (c: Context<AppEnv>) => c.get('input').params['metadataKey'] as string;
  return {
    [operations.list]: async (c) => {
      const page = pageRequest(c.get('input').query, SORT_FIELDS, [{ column: 'key', direction: 'asc' }]);
      const { rows, total } = await service.list(await owner(c), page, c.get('input').query['q'] as string | undefined);
      return c.json(pagedList(rows, total));
    },
    [operations.create]: async (c) => c.json(await service.create(await owner(c), c.get('input').body as MetadataEntry[]), 201),
    [operations.get]: async (c) => c.json(await service.get(await owner(c), key(c))),
    [operations.update]: async (c) => c.json(await service.update(await owner(c), key(c), c.get('input').body as { value?: string; targetVisible?: boolean })),
    [operations.remove]: async (c) => {
      await service.remove(await owner(c), key(c));
      return c.body(null, 204);
    },
  };
}
