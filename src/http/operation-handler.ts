import type { Context } from 'hono';
import type { Config } from '../config.js';
import type { operations as DdiOperations } from '../generated/ddi.js';
import type { operations as MgmtOperations } from '../generated/mgmt.js';
import type { AppEnv, RequestInput } from './app-env.js';

/** Every operation of both documents by its operationId, as openapi-typescript generates them (the ids are distinct). */
type Operations = MgmtOperations & DdiOperations;
export type OperationId = keyof Operations;

/** A parameter group the operation does not declare (`never` in the generated types) is an empty object at run time. */
type Group<G> = [NonNullable<G>] extends [never] ? Readonly<Record<string, never>> : Readonly<NonNullable<G>>;
type JsonContent<B> = B extends { content: { 'application/json': infer J } } ? J : undefined;
/** A body the operation does not require may be absent: an empty JSON body reads as undefined. */
type Body<Op extends { requestBody?: unknown }> = undefined extends Op['requestBody']
  ? JsonContent<NonNullable<Op['requestBody']>> | undefined
  : JsonContent<Op['requestBody']>;

/**
 * A request's input once the routes validated it against the operation (so its shape is the generated type's):
 * the path parameters (ids as numbers), the declared query parameters, and the JSON body. A body of another
 * media type (an artifact upload) is not read: it is undefined here and streams from `c.req`.
 */
export interface OperationInput<Id extends OperationId> {
  readonly params: Group<Operations[Id]['parameters']['path']>;
  readonly query: Group<Operations[Id]['parameters']['query']>;
  readonly body: Body<Operations[Id]>;
}

export type OperationHandler<Id extends OperationId = OperationId> = (c: Context<AppEnv>, input: OperationInput<Id>) => Response | Promise<Response>;

/** Handlers by operationId; a handler's input is typed by the operation it is keyed by. */
export type OperationHandlers = { readonly [Id in OperationId]?: OperationHandler<Id> };

/**
 * What every module's handlers are made by: the configuration and the services. Each module names the services it
 * uses (`S`), so that its dependencies show and infrastructure does not import the composition root; the composition
 * root passes all of them.
 */
export type HandlerFactory<S> = (config: Config, services: S) => OperationHandlers;

/** A handler as the routes call it: the input's type is the operation's, which only its operationId tells. */
export type ValidatedHandler = (c: Context<AppEnv>, input: RequestInput) => Response | Promise<Response>;

/**
 * The handler of an operation of the loaded documents, to be called with the input the routes validated
 * against that operation: the one place the input's type is asserted rather than checked.
 */
export const validatedHandler = (handlers: OperationHandlers, operationId: string): ValidatedHandler | undefined =>
  handlers[operationId as OperationId] as ValidatedHandler | undefined;

/** Waits for `work` and answers 204 No Content, as every operation that returns nothing does. */
export async function noContent(c: Context<AppEnv>, work: Promise<unknown>): Promise<Response> {
  await work;
  return c.body(null, 204);
}
