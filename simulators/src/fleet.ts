import { setMaxListeners } from 'node:events';
import { assignBehaviours, countBehaviours } from './behaviour.js';
import { DdiHttp } from './ddi-http.js';
import { nextDeviceState, WAKE_DELAY, type DeviceEvent } from './device-lifecycle.js';
import { DEVICE_WORK, type WorkContext } from './device-work.js';
import { emptyOutcomes, newDevice, type Device } from './device.js';
import { FLEET_DEFAULTS, NO_FAULTS, type FleetOptions, type FleetPhase, type PhaseFaults } from './fleet-options.js';
import { summarize, type FleetSummary, type PhaseRecord, type StopReason } from './fleet-summary.js';
import { sampleStates, type TimelineSample } from './fleet-timeline.js';
import { jittered, seededRandom, shuffle } from './prng.js';
import { WakeScheduler } from './scheduler.js';

const authFor = (options: FleetOptions, controllerId: string): string | undefined => {
  if (options.gatewayToken !== undefined) return `GatewayToken ${options.gatewayToken}`;
  if (options.targetToken !== undefined) return `TargetToken ${options.targetToken.replaceAll('{id}', controllerId)}`;
  return undefined;
};

/** Exactly `round(share × count)` of `devices`, picked by a seeded shuffle. */
const pick = (devices: readonly Device[], share: number, seed: number): Device[] =>
  share === 0 ? [] : shuffle([...devices], seededRandom(seed)).slice(0, Math.round(share * devices.length));

/**
 * Runs a fleet of simulated DDI devices in this process and resolves to the summary. Without `phases` it
 * runs until every online device has closed `untilClosed` actions, `durationMs` has passed or `signal`
 * aborts; with them, through each phase in turn (its faults, ramp-up, start hook and early end), bounded
 * the same way. One scheduler wakes the devices; each wake-up does its state's DDI work (DEVICE_WORK), and
 * the device state table picks the next state. Requests in flight at the end are aborted.
 */
export async function simulateFleet(options: FleetOptions): Promise<FleetSummary> {
  // an option given as undefined keeps its default
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as FleetOptions;
  const o = { ...FLEET_DEFAULTS, mix: {}, ...given };
  const width = String(o.devices).length;
  const behaviours = assignBehaviours(o.devices, o.mix, seededRandom(o.seed));
  const devices = behaviours.map((behaviour, i) => {
    const controllerId = `${o.prefix}${String(i + 1).padStart(width, '0')}`;
    const random = seededRandom(Math.imul(o.seed, 0x9e3779b1) + i + 1);
    return newDevice(controllerId, behaviour, authFor(o, controllerId), random, seededRandom(Math.imul(o.seed, 0x85ebca6b) + i + 1));
  });
  const online = devices.filter((device) => device.state !== 'offline');
  const end = new AbortController();
  // every request in flight listens to it
  setMaxListeners(0, end.signal);
  const http = new DdiHttp(o.connections, o.requestTimeoutMs, end.signal);
  const started = performance.now();
  const sinceStart = () => performance.now() - started;
  const context: WorkContext = {
    http,
    controllerBase: `${o.url.replace(/\/+$/, '')}/${encodeURIComponent(o.tenant)}/controller/v1`,
    outcomes: emptyOutcomes(),
    slowBytesPerSec: o.slowBytesPerSec,
    rebootDuringInstall: 0,
    now: sinceStart,
  };
  const closeTarget = o.untilClosed ?? 1;
  let inFlight = 0;
  let done = 0;
  let failure: { error: unknown } | undefined;
  let finish!: (reason: StopReason) => void;
  const stopped = new Promise<StopReason>((resolve) => (finish = resolve));
  /** resolves the running phase when every online device has closed `closeTarget` actions */
  let allClosed: (() => void) | undefined;
  /** resolves the running phase when every online device has answered a poll */
  let allSeen: (() => void) | undefined;

  const delayOf = (device: Device): number => {
    const kind = WAKE_DELAY[device.state];
    if (kind === 'now') return 0;
    if (kind === 'install') return o.installMs;
    return jittered(o.pollIntervalMs ?? device.sleepMs ?? FLEET_DEFAULTS.firstRetryMs, o.jitter, device.random);
  };

  /** Churn: an idle device past its moment goes offline; one back from offline polls. True: it stays away. */
  const churned = (device: Device): boolean => {
    if (device.state !== 'idle') return false;
    if (device.offlineUntil !== undefined) {
      device.offlineUntil = undefined;
      context.outcomes.churnedBack++;
      return false;
    }
    if (device.churnAt === undefined || performance.now() < device.churnAt) return false;
    device.churnAt = undefined;
    device.offlineUntil = performance.now() + device.churnForMs;
    device.hits.churns++;
    context.outcomes.churnedOffline++;
    scheduler.schedule(device, device.churnForMs);
    return true;
  };

  const step = async (device: Device): Promise<void> => {
    device.started = true;
    if (churned(device)) return;
    inFlight++;
    const closedBefore = device.closedActions;
    let event: DeviceEvent;
    try {
      event = await DEVICE_WORK[device.state](device, context);
    } catch (error) {
      if (!end.signal.aborted && (error as { code?: unknown }).code === undefined) http.countError(device.state, (error as Error).message);
      event = 'requestFailed';
    }
    inFlight--;
    if (end.signal.aborted) return;
    if (context.outcomes.devicesSeen === online.length) allSeen?.();
    device.state = nextDeviceState(device.state, event);
    if (closedBefore < closeTarget && device.closedActions >= closeTarget && ++done === online.length) {
      if (o.untilClosed !== undefined && !o.phases) finish('closed');
      allClosed?.();
    }
    scheduler.schedule(device, delayOf(device));
  };
  const scheduler = new WakeScheduler<Device>((device) => void step(device));

  const samples: TimelineSample[] = [];
  const phases: PhaseRecord[] = [];
  const sample = () => {
    const phase = phases.at(-1);
    if (phase) samples.push({ atMs: Math.round(sinceStart()), phase: phase.name, states: sampleStates(devices) });
  };

  /** The faults of a phase onto the links; the devices with a slow link and the churning ones, by seeded picks. */
  const applyFaults = (faults: PhaseFaults, index: number, durationMs: number) => {
    context.rebootDuringInstall = faults.rebootDuringInstall;
    const slow = new Set(pick(devices, faults.slowLinks, Math.imul(o.seed, 31) + index * 2 + 1));
    for (const device of devices) {
      device.link.resets = faults.resets;
      device.link.cutDownloads = faults.cutDownloads;
      device.link.bytesPerSec = slow.has(device) ? faults.slowLinkBytesPerSec : undefined;
    }
    for (const device of pick(online, faults.churn, Math.imul(o.seed, 31) + index * 2 + 2)) {
      device.churnAt = performance.now() + device.link.random() * Math.min(faults.churnWindowMs ?? durationMs, durationMs);
      device.churnForMs = faults.churnOfflineMs;
    }
  };

  const runPhase = async (phase: FleetPhase, index: number): Promise<void> => {
    const record: PhaseRecord = { name: phase.name, startMs: Math.round(sinceStart()), endMs: 0, endedBy: 'duration' };
    phases.push(record);
    applyFaults(phase.faults ?? NO_FAULTS, index, phase.durationMs);
    if (index === 0) {
      const spread = phase.rampUpMs ?? o.rampUpMs;
      for (const device of online) scheduler.schedule(device, spread * device.random());
    }
    sample();
    let timer: NodeJS.Timeout | undefined;
    const over = new Promise<PhaseRecord['endedBy']>((resolve) => {
      if (phase.durationMs < Infinity) timer = setTimeout(() => resolve('duration'), phase.durationMs);
      if (phase.untilClosed) {
        allClosed = () => resolve('closed');
        if (done === online.length) resolve('closed');
      }
      if (phase.untilSeen) {
        allSeen = () => resolve('seen');
        if (context.outcomes.devicesSeen === online.length) resolve('seen');
      }
    });
    phase.onStart?.(online.map((device) => device.controllerId)).catch((error: unknown) => {
      failure ??= { error };
      finish('error');
    });
    record.endedBy = await Promise.race([over, stopped.then(() => 'stopped' as const)]);
    clearTimeout(timer);
    allClosed = undefined;
    allSeen = undefined;
    // the phase's churn ends with it: devices away stay away for their time, no more leave
    for (const device of devices) device.churnAt = undefined;
    record.endMs = Math.round(sinceStart());
    sample();
  };

  const timeline: readonly FleetPhase[] = o.phases ?? [{ name: 'run', durationMs: Infinity }];
  const runPhases = async () => {
    for (const [index, phase] of timeline.entries()) {
      await runPhase(phase, index);
      if (phases.at(-1)?.endedBy === 'stopped') return;
    }
    finish('phases');
  };

  let lastPolls = 0;
  let lastReport = started;
  const report = () => {
    const now = performance.now();
    const polls = http.stats.poll.latency.count;
    o.onProgress?.({
      elapsedMs: now - started,
      online: online.length,
      done,
      polls,
      pollsPerSecond: ((polls - lastPolls) * 1000) / Math.max(now - lastReport, 1),
      inFlight,
      errors: [...http.errorsByCause.values()].reduce((sum, count) => sum + count, 0),
      outcomes: { ...context.outcomes },
      pollLatency: http.stats.poll.latency,
      pollLatencyOnConnection: http.stats.poll.onConnection,
    });
    lastPolls = polls;
    lastReport = now;
  };
  const progressTimer = o.onProgress ? setInterval(report, o.progressIntervalMs) : undefined;
  const sampleTimer = setInterval(sample, o.sampleIntervalMs);
  const durationTimer = o.durationMs === undefined ? undefined : setTimeout(() => finish('duration'), o.durationMs);
  const onAbort = () => finish('signal');
  if (o.signal?.aborted) finish('signal');
  o.signal?.addEventListener('abort', onAbort);
  if (o.untilClosed !== undefined && !o.phases && online.length === 0) finish('closed');

  const phasesDone = runPhases();
  const stoppedBy = await stopped;
  await phasesDone;

  scheduler.stop();
  end.abort();
  clearInterval(progressTimer);
  clearInterval(sampleTimer);
  clearTimeout(durationTimer);
  o.signal?.removeEventListener('abort', onAbort);
  if (o.onProgress) report();
  http.close();
  if (failure) throw failure.error;
  return summarize({
    stoppedBy,
    durationMs: sinceStart(),
    seed: o.seed,
    devices,
    done,
    behaviours: countBehaviours(behaviours),
    outcomes: context.outcomes,
    http,
    phases,
    timeline: { intervalMs: o.sampleIntervalMs, samples },
  });
}
