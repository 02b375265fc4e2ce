/**
 * The simulated device's state machine, as data (docs/CONVENTIONS.md rule 1). A state names the DDI work the
 * device does when the scheduler next wakes it; the work ends in an event, and this table alone says which
 * state follows. `offline` devices are never woken.
 */
export const DEVICE_STATES = [
  'offline',
  'idle',
  'polling',
  'uploadingAttributes',
  'confirming',
  'fetchingDeployment',
  'downloading',
  'installing',
  'cancelling',
] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export type DeviceEvent =
  | 'woke'
  | 'nothingToDo'
  | 'attributesRequested'
  | 'confirmationRequested'
  | 'deploymentOffered'
  | 'cancelRequested'
  | 'attributesUploaded'
  | 'confirmed'
  | 'denied'
  | 'deploymentFetched'
  | 'alreadyDownloaded'
  | 'updateSkipped'
  | 'downloadVerified'
  | 'downloadOnlyReported'
  | 'verificationFailed'
  | 'installSucceeded'
  | 'installFailed'
  | 'rebooted'
  | 'cancelAcknowledged'
  | 'requestFailed';

export const DEVICE_TRANSITIONS: Readonly<Record<DeviceState, Readonly<Partial<Record<DeviceEvent, DeviceState>>>>> = {
  offline: {},
  idle: { woke: 'polling' },
  polling: {
    nothingToDo: 'idle',
    attributesRequested: 'uploadingAttributes',
    confirmationRequested: 'confirming',
    deploymentOffered: 'fetchingDeployment',
    cancelRequested: 'cancelling',
    requestFailed: 'idle',
  },
  // after an upload or a confirmation the device polls again at once for what the same poll offered next
  uploadingAttributes: { attributesUploaded: 'polling', requestFailed: 'idle' },
  confirming: { confirmed: 'polling', denied: 'idle', requestFailed: 'idle' },
  fetchingDeployment: {
    deploymentFetched: 'downloading',
    alreadyDownloaded: 'installing',
    updateSkipped: 'idle',
    requestFailed: 'idle',
  },
  downloading: {
    downloadVerified: 'installing',
    downloadOnlyReported: 'idle',
    verificationFailed: 'idle',
    requestFailed: 'idle',
  },
  // a reboot in the middle of installing: the device forgets the deployment and finds it again by polling
  installing: { installSucceeded: 'idle', installFailed: 'idle', rebooted: 'idle', requestFailed: 'idle' },
  cancelling: { cancelAcknowledged: 'idle', requestFailed: 'idle' },
};

/** The state after `event` in `state`; an event the table does not list is a simulator bug. */
export function nextDeviceState(state: DeviceState, event: DeviceEvent): DeviceState {
  const next = DEVICE_TRANSITIONS[state][event];
  if (next === undefined) throw new Error(`device state machine: no transition from ${state} on ${event}`);
  return next;
}

/** States whose work waits for a timer rather than starting at once: the poll sleep and the install. */
export type DelayKind = 'now' | 'sleep' | 'install';
export const WAKE_DELAY: Readonly<Record<DeviceState, DelayKind>> = {
  offline: 'now',
  idle: 'sleep',
  polling: 'now',
  uploadingAttributes: 'now',
  confirming: 'now',
  fetchingDeployment: 'now',
  downloading: 'now',
  installing: 'install',
  cancelling: 'now',
};
