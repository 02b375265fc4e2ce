import type { OperationHandlers } from '../http/routes.js';

/** Server-level operations. */
export function systemHandlers(): OperationHandlers {
  return {
    getHealth: (c) => c.text('ok'),
  };
}
