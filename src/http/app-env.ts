import type { Logger } from 'pino';

/** What a request's validated parameters and body look like once {@link validateRequest} ran. */
export interface RequestInput {
  readonly params: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
}

/** Typed Hono context variables shared by every middleware and handler. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    input: RequestInput;
    /** the externally visible base of this server's links, on every operation (set with `input`) */
    baseUrl: string;
    /** the authenticated operator account, on management operations */
    operator: string;
    /** how a device authenticated, on DDI operations */
    deviceCredential: 'targetToken' | 'gatewayToken' | 'anonymous';
  };
}
