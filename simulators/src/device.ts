import type { Behaviour } from './behaviour.js';
import type { DeviceState } from './device-lifecycle.js';
import type { Link } from './ddi-http.js';
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
  /** its network link and the faults the current phase puts on it */
  readonly link: Link;
  /** the scheduler has woken it at least once (a ramp-up phase starts devices over time) */
  started: boolean;
  /** churn: at its first wake-up from `idle` after this moment (performance.now()) it goes offline… */
  churnAt: number | undefined;
  /** …for this long, ms */
  churnForMs: number;
  /** churned offline until this moment */
  offlineUntil: number | undefined;
  /** the simulation's bookkeeping, not the device's memory (a reboot keeps it): */
  /** the action offered by the last deploymentBase that the device has not closed yet */
  openActionId: string | undefined;
  /** actions whose installation a reboot interrupted, once each */
  readonly rebootedActionIds: Set<string>;
  /** when it first closed an action, ms from the fleet's start */
  firstClosedMs: number | undefined;
  /** faults it went through (resets: `link.resetsInjected`) */
  readonly hits: { cuts: number; reboots: number; churns: number };
}

export function newDevice(controllerId: string, behaviour: Behaviour, auth: string | undefined, random: Random, faultRandom: Random): Device {
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
    link: { random: faultRandom, resets: 0, cutDownloads: 0, bytesPerSec: undefined, resetsInjected: 0 },
    started: false,
    churnAt: undefined,
    churnForMs: 0,
    offlineUntil: undefined,
    openActionId: undefined,
    rebootedActionIds: new Set(),
    firstClosedMs: undefined,
    hits: { cuts: 0, reboots: 0, churns: 0 },
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
  /** downloads the device cut at a random byte */
  downloadsCut: number;
  /** continuations with `Range` (after a cut or a reset in the body) */
  downloadsResumed: number;
  /** continuations answered with the whole file */
  rangeIgnored: number;
  /** installations interrupted by a reboot */
  reboots: number;
  /** after a reboot, the device was offered the same action again */
  sameActionAfterReboot: number;
  /** devices going offline (churn), and coming back */
  churnedOffline: number;
  churnedBack: number;
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
  downloadsCut: 0,
  downloadsResumed: 0,
  rangeIgnored: 0,
  reboots: 0,
  sameActionAfterReboot: 0,
  churnedOffline: 0,
  churnedBack: 0,
});
