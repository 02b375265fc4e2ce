/**
 * Startup time and idle memory of `node dist/cli.js serve`: from the spawn until `GET /health` first
 * answers 200 (probed every 5 ms), then the resident memory (VmRSS) after a few idle seconds.
 */
import { freePort } from './bench-process.js';
import { startFalconet, type FalconetSetup } from './falconet-server.js';

const IDLE_MS = 5000;

export interface StartupFigures {
  /** spawn → first 200 of /health */
  readonly startupMs: number;
  /** VmRSS after {@link IDLE_MS} of idling, bytes */
  readonly idleRss: number;
  readonly idleAfterMs: number;
}

export async function measureStartup(core: number, setup: FalconetSetup): Promise<StartupFigures> {
  const server = await startFalconet(core, { ...setup, port: await freePort() }, true);
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { startupMs: server.readyMs, idleRss: server.rss(), idleAfterMs: IDLE_MS };
  } finally {
    await server.stop();
  }
}
