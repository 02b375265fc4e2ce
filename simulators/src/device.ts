import type { Behaviour } from './behaviour.js';
import type { DeviceState } from './device-lifecycle.js';
import type { Deployment } from './ddi-wire.js';
import type { Random } from './prng.js';

/** One simulated device: its fixed identity and behaviour, and what it remembers between wake-ups. */
export interface Device {
  readonly controllerId: string;
  readonly behaviour: Behaviour;
  /** the Authorization header, if any */
  readonly auth: string | undefined;
  /** the device's own seeded source for its timings, so they do not depend on the order devices wake in */
  readonly random: Random;
  state: DeviceState;
  /** the last `config.polling.sleep` the server advertised, ms */
  sleepMs: number | undefined;
  /** the link the next state works on (configData, confirmationBase, deploymentBase or cancelAction) */
  href: string;
  deployment: Deployment | undefined;
  /** the action whose artifacts are on "disk" already */
  downloadedActionId: string | undefined;
  /** actions a `deny` device has denied once */
  readonly deniedActionIds: Set<string>;
  polledOnce: boolean;
  /** actions closed by this device: finished, failed, download-only done, or cancel acknowledged */
  closedActions: number;
  finishedActions: number;
}

export function newDevice(controllerId: string, behaviour: Behaviour, auth: string | undefined, random: Random): Device {
  return {
    controllerId,
    behaviour,
    auth,
    random,
    state: behaviour === 'offline' ? 'offline' : 'idle',
    sleepMs: undefined,
    href: '',
    deployment: undefined,
    downloadedActionId: undefined,
    deniedActionIds: new Set(),
    polledOnce: false,
    closedActions: 0,
    finishedActions: 0,
  };
}

/** What the devices did, fleet-wide. */
export interface Outcomes {
  /** devices that answered at least one poll */
  devicesSeen: number;
  attributesUploaded: number;
  confirmed: number;
  denied: number;
  deploymentsFetched: number;
  downloads: number;
  downloadedBytes: number;
  verified: number;
  sizeMismatches: number;
  hashMismatches: number;
  /** artifacts with no SHA-256 to check (size checked only) */
  unverifiable: number;
  finished: number;
  failed: number;
  verificationFailed: number;
  downloadOnly: number;
  canceled: number;
}

export const emptyOutcomes = (): Outcomes => ({
  devicesSeen: 0,
  attributesUploaded: 0,
  confirmed: 0,
  denied: 0,
  deploymentsFetched: 0,
  downloads: 0,
  downloadedBytes: 0,
  verified: 0,
  sizeMismatches: 0,
  hashMismatches: 0,
  unverifiable: 0,
  finished: 0,
  failed: 0,
  verificationFailed: 0,
  downloadOnly: 0,
  canceled: 0,
});
