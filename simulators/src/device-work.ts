import type { DdiHttp } from './ddi-http.js';
import type { DeviceEvent, DeviceState } from './device-lifecycle.js';
import type { Device, Outcomes } from './device.js';
import { actionIdOf, feedback, feedbackUrl, readDeployment, readPoll, type ArtifactToFetch, type FeedbackBody } from './ddi-wire.js';

/** What the work of a state needs from the fleet. */
export interface WorkContext {
  readonly http: DdiHttp;
  /** `<url>/<tenant>/controller/v1` */
  readonly controllerBase: string;
  readonly outcomes: Outcomes;
  /** download rate of `slow` devices, bytes/s */
  readonly slowBytesPerSec: number;
  /** share of installations a reboot interrupts (the current phase's) */
  rebootDuringInstall: number;
  /** ms since the fleet's start */
  readonly now: () => number;
}

/** The device closed an action: counted, and the first time remembered. */
function closed(device: Device, context: WorkContext): void {
  device.closedActions++;
  device.openActionId = undefined;
  device.firstClosedMs ??= context.now();
}

type Work = (device: Device, context: WorkContext) => Promise<DeviceEvent>;

type FeedbackKind = 'deploymentFeedback' | 'cancelFeedback';

const postFeedback = async (context: WorkContext, device: Device, url: string, body: FeedbackBody, kind: FeedbackKind) =>
  (await context.http.json(kind, 'POST', url, device.auth, body, device.link)).status === 200;

/** Built by the client, as SWUpdate does: `<base>/<controllerId>/deploymentBase/<id>/feedback`. */
const deploymentFeedback = (context: WorkContext, device: Device, body: FeedbackBody) => {
  const url = `${context.controllerBase}/${device.controllerId}/deploymentBase/${device.deployment?.actionId}/feedback`;
  return postFeedback(context, device, url, body, 'deploymentFeedback');
};

async function poll(device: Device, context: WorkContext): Promise<DeviceEvent> {
  const response = await context.http.json('poll', 'GET', `${context.controllerBase}/${device.controllerId}`, device.auth, undefined, device.link);
  if (response.status !== 200) return 'requestFailed';
  if (!device.polledOnce) {
    device.polledOnce = true;
    context.outcomes.devicesSeen++;
  }
  const { sleepMs, links } = readPoll(response.body);
  device.sleepMs = sleepMs ?? device.sleepMs;
  const follow = (href: string, event: DeviceEvent): DeviceEvent => ((device.href = href), event);
  if (links.configData) return follow(links.configData, 'attributesRequested');
  if (links.cancelAction) return follow(links.cancelAction, 'cancelRequested');
  if (links.confirmationBase) {
    const ignored = device.behaviour === 'ignoreConfirmation' || device.deniedActionIds.has(actionIdOf(links.confirmationBase));
    return ignored ? 'nothingToDo' : follow(links.confirmationBase, 'confirmationRequested');
  }
  if (links.deploymentBase) return follow(links.deploymentBase, 'deploymentOffered');
  return 'nothingToDo';
}

async function uploadAttributes(device: Device, context: WorkContext): Promise<DeviceEvent> {
  const data = { hwRevision: '1', serial: device.controllerId, simulator: 'falconet-sim', behaviour: device.behaviour };
  const response = await context.http.json('configData', 'PUT', device.href, device.auth, { mode: 'merge', data }, device.link);
  if (response.status !== 200) return 'requestFailed';
  context.outcomes.attributesUploaded++;
  return 'attributesUploaded';
}

async function confirm(device: Device, context: WorkContext): Promise<DeviceEvent> {
  const response = await context.http.json('confirmationBase', 'GET', device.href, device.auth, undefined, device.link);
  if (response.status !== 200) return 'requestFailed';
  const { actionId } = readDeployment(response.body, 'confirmation');
  const deny = device.behaviour === 'deny';
  const body = deny
    ? { confirmation: 'denied', code: 403, details: ['Denied by the simulated device'] }
    : { confirmation: 'confirmed', code: 200, details: ['Confirmed by the simulated device'] };
  const url = `${context.controllerBase}/${device.controllerId}/confirmationBase/${actionId}/feedback`;
  if ((await context.http.json('confirmationFeedback', 'POST', url, device.auth, body, device.link)).status !== 200) return 'requestFailed';
  if (deny) {
    device.deniedActionIds.add(actionId);
    context.outcomes.denied++;
    return 'denied';
  }
  context.outcomes.confirmed++;
  return 'confirmed';
}

async function fetchDeployment(device: Device, context: WorkContext): Promise<DeviceEvent> {
  const response = await context.http.json('deploymentBase', 'GET', device.href, device.auth, undefined, device.link);
  if (response.status !== 200) return 'requestFailed';
  const deployment = readDeployment(response.body);
  device.deployment = deployment;
  context.outcomes.deploymentsFetched++;
  if (device.rebootedActionIds.has(deployment.actionId) && device.openActionId === deployment.actionId) context.outcomes.sameActionAfterReboot++;
  device.openActionId = deployment.actionId;
  if (device.downloadedActionId !== deployment.actionId) return 'deploymentFetched';
  return deployment.update === 'skip' ? 'updateSkipped' : 'alreadyDownloaded';
}

/** `ok`, `failed` (no answer: try again later), or why the bytes were refused (counted). */
type Verdict = 'ok' | 'failed' | { readonly mismatch: string };

async function fetchArtifact(device: Device, context: WorkContext, artifact: ArtifactToFetch): Promise<Verdict> {
  if (!artifact.href) return 'failed';
  const rate = device.behaviour === 'slow' ? context.slowBytesPerSec : undefined;
  const result = await context.http.download(artifact.href, device.auth, rate, device.link);
  const outcomes = context.outcomes;
  outcomes.downloadsResumed += result.resumed;
  outcomes.rangeIgnored += result.rangeIgnored;
  if (result.cut) {
    outcomes.downloadsCut++;
    device.hits.cuts++;
  }
  if (result.status !== 200) return 'failed';
  outcomes.downloads++;
  outcomes.downloadedBytes += result.size;
  if (result.size !== artifact.size) {
    outcomes.sizeMismatches++;
    return { mismatch: `Size mismatch on ${artifact.filename}: expected ${artifact.size} bytes, got ${result.size}` };
  }
  if (artifact.sha256 === undefined) outcomes.unverifiable++;
  else if (artifact.sha256 !== result.sha256) {
    outcomes.hashMismatches++;
    return { mismatch: `SHA-256 mismatch on ${artifact.filename}: expected ${artifact.sha256}, got ${result.sha256}` };
  } else outcomes.verified++;
  return 'ok';
}

async function download(device: Device, context: WorkContext): Promise<DeviceEvent> {
  const deployment = device.deployment!;
  const of = deployment.artifacts.length;
  const starting = feedback('proceeding', 'none', `Downloading ${of} artifact(s)`, { progress: { cnt: 0, of } });
  if (!(await deploymentFeedback(context, device, starting))) return 'requestFailed';
  for (const artifact of deployment.artifacts) {
    const verdict = await fetchArtifact(device, context, artifact);
    if (verdict === 'failed') return 'requestFailed';
    if (verdict !== 'ok') {
      const refused = feedback('closed', 'failure', verdict.mismatch, { code: 1 });
      if (!(await deploymentFeedback(context, device, refused))) return 'requestFailed';
      context.outcomes.verificationFailed++;
      closed(device, context);
      return 'verificationFailed';
    }
  }
  device.downloadedActionId = deployment.actionId;
  if (deployment.update === 'skip') {
    const downloaded = feedback('downloaded', 'none', 'Artifacts downloaded and verified');
    if (!(await deploymentFeedback(context, device, downloaded))) return 'requestFailed';
    context.outcomes.downloadOnly++;
    if (!deployment.hasMaintenanceWindow) closed(device, context);
    return 'downloadOnlyReported';
  }
  const done = feedback('proceeding', 'none', 'Artifacts downloaded and verified; installing', { progress: { cnt: of, of } });
  return (await deploymentFeedback(context, device, done)) ? 'downloadVerified' : 'requestFailed';
}

/**
 * A reboot in the middle of installing (decision 243): the device loses what it held in memory (the
 * deployment, the link it followed, the server's sleep) and polls again; the artifacts stay on its disk.
 */
function reboot(device: Device, context: WorkContext): DeviceEvent {
  device.rebootedActionIds.add(device.deployment!.actionId);
  device.deployment = undefined;
  device.href = '';
  device.sleepMs = undefined;
  device.hits.reboots++;
  context.outcomes.reboots++;
  return 'rebooted';
}

async function install(device: Device, context: WorkContext): Promise<DeviceEvent> {
  const actionId = device.deployment!.actionId;
  if (context.rebootDuringInstall > 0 && !device.rebootedActionIds.has(actionId) && device.link.random() < context.rebootDuringInstall) {
    return reboot(device, context);
  }
  const fail = device.behaviour === 'fail';
  const body = fail
    ? feedback('closed', 'failure', 'Simulated installation failure', { code: 1 })
    : feedback('closed', 'success', 'Update installed', { code: 200 });
  if (!(await deploymentFeedback(context, device, body))) return 'requestFailed';
  closed(device, context);
  if (fail) {
    context.outcomes.failed++;
    return 'installFailed';
  }
  device.finishedActions++;
  context.outcomes.finished++;
  return 'installSucceeded';
}

async function acknowledgeCancel(device: Device, context: WorkContext): Promise<DeviceEvent> {
  const response = await context.http.json('cancelAction', 'GET', device.href, device.auth, undefined, device.link);
  if (response.status !== 200) return 'requestFailed';
  // hawkbit-sdk's canonical accept-cancel body (hawkBit DdiCancelActionFeedback)
  const accept = feedback('closed', 'success', 'Successfully cancelled by the simulated device', {
    code: 200,
    progress: { cnt: 100, of: 100 },
  });
  if (!(await postFeedback(context, device, feedbackUrl(device.href), accept, 'cancelFeedback'))) return 'requestFailed';
  context.outcomes.canceled++;
  closed(device, context);
  return 'cancelAcknowledged';
}

/** The work of each state; a transport error anywhere in it is `requestFailed`. */
export const DEVICE_WORK: Readonly<Record<DeviceState, Work>> = {
  offline: () => Promise.reject(new Error('an offline device is never woken')),
  idle: () => Promise.resolve('woke'),
  polling: poll,
  uploadingAttributes: uploadAttributes,
  confirming: confirm,
  fetchingDeployment: fetchDeployment,
  downloading: download,
  installing: install,
  cancelling: acknowledgeCancel,
};
