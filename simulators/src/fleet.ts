import { setMaxListeners } from 'node:events';
import { assignBehaviours, countBehaviours } from './behaviour.js';
import { DdiHttp } from './ddi-http.js';
import { nextDeviceState, WAKE_DELAY, type DeviceEvent } from './device-lifecycle.js';
import { DEVICE_WORK, type WorkContext } from './device-work.js';
import { emptyOutcomes, newDevice, type Device } from './device.js';
import { FLEET_DEFAULTS, type FleetOptions } from './fleet-options.js';
import { summarize, type FleetSummary, type StopReason } from './fleet-summary.js';
import { jittered, seededRandom } from './prng.js';
import { WakeScheduler } from './scheduler.js';

const authFor = (options: FleetOptions, controllerId: string): string | undefined => {
  if (options.gatewayToken !== undefined) return `GatewayToken ${options.gatewayToken}`;
  if (options.targetToken !== undefined) return `TargetToken ${options.targetToken.replaceAll('{id}', controllerId)}`;
  return undefined;
};

/**
 * Runs a fleet of simulated DDI devices in this process until every online device has closed
 * `untilClosed` actions, `durationMs` has passed or `signal` aborts, and resolves to the summary. One
 * scheduler wakes the devices; each wake-up does its state's DDI work (DEVICE_WORK), and the device state
 * table picks the next state. Requests in flight at the end are aborted.
 */
export async function simulateFleet(options: FleetOptions): Promise<FleetSummary> {
  // an option given as undefined keeps its default
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as FleetOptions;
  const o = { ...FLEET_DEFAULTS, mix: {}, ...given };
  const width = String(o.devices).length;
  const behaviours = assignBehaviours(o.devices, o.mix, seededRandom(o.seed));
  const devices = behaviours.map((behaviour, i) => {
    const controllerId = `${o.prefix}${String(i + 1).padStart(width, '0')}`;
    return newDevice(controllerId, behaviour, authFor(o, controllerId), seededRandom(Math.imul(o.seed, 0x9e3779b1) + i + 1));
  });
  const online = devices.filter((device) => device.state !== 'offline');
  const end = new AbortController();
  // every request in flight listens to it
  setMaxListeners(0, end.signal);
  const http = new DdiHttp(o.connections, o.requestTimeoutMs, end.signal);
  const context: WorkContext = {
    http,
    controllerBase: `${o.url.replace(/\/+$/, '')}/${encodeURIComponent(o.tenant)}/controller/v1`,
    outcomes: emptyOutcomes(),
    slowBytesPerSec: o.slowBytesPerSec,
  };
  const started = performance.now();
  let inFlight = 0;
  let done = 0;
  let finish!: (reason: StopReason) => void;
  const stopped = new Promise<StopReason>((resolve) => (finish = resolve));

  const delayOf = (device: Device): number => {
    const kind = WAKE_DELAY[device.state];
    if (kind === 'now') return 0;
    if (kind === 'install') return o.installMs;
    return jittered(o.pollIntervalMs ?? device.sleepMs ?? FLEET_DEFAULTS.firstRetryMs, o.jitter, device.random);
  };

  const step = async (device: Device): Promise<void> => {
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
    device.state = nextDeviceState(device.state, event);
    if (o.untilClosed !== undefined && closedBefore < o.untilClosed && device.closedActions >= o.untilClosed && ++done === online.length) {
      finish('closed');
    }
    scheduler.schedule(device, delayOf(device));
  };
  const scheduler = new WakeScheduler<Device>((device) => void step(device));

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
  const durationTimer = o.durationMs === undefined ? undefined : setTimeout(() => finish('duration'), o.durationMs);
  const onAbort = () => finish('signal');
  if (o.signal?.aborted) finish('signal');
  o.signal?.addEventListener('abort', onAbort);
  if (o.untilClosed !== undefined && online.length === 0) finish('closed');

  for (const device of online) scheduler.schedule(device, o.rampUpMs * device.random());
  const stoppedBy = await stopped;

  scheduler.stop();
  end.abort();
  clearInterval(progressTimer);
  clearTimeout(durationTimer);
  o.signal?.removeEventListener('abort', onAbort);
  if (o.onProgress) report();
  http.close();
  return summarize({
    stoppedBy,
    durationMs: performance.now() - started,
    seed: o.seed,
    devices,
    done,
    behaviours: countBehaviours(behaviours),
    outcomes: context.outcomes,
    http,
  });
}
