/** The rows of the benchmark's table, from the raw figures. */
import { medianPhase, type FleetOperatorFigures, type Phase } from './fleet-operator.js';
import type { Results } from './index.js';
import type { S3Figures } from './s3.js';
import type { ScaleFigures } from './scale.js';
import type { LoadRun } from './poll.js';
import { count, mib, ms, ratio, type Row } from './report.js';

const NONE = '—';
const pct = (share: number) => `${Math.round(share * 100)}%`;
const pctRange = ([least, most]: readonly [number, number]) => (pct(least) === pct(most) ? pct(least) : `${pct(least)}–${pct(most)}`);
const pollRun = (run: LoadRun) => `${count(run.rps)} req/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}`;
const rss = (bytes: number) => `${mib(bytes)} RSS`;

export function tableRows(results: Results): Row[] {
  const rows: Row[] = [];
  for (const database of results.databases) {
    const on = database.label;
    const fleet = database.fleet;
    const targets = fleet ? `${count(fleet.targets)} targets` : '';
    const startup = database.startup;
    if (startup?.empty) {
      rows.push({
        measurement: `Startup, empty database (${on})`,
        falconet: `${ms(startup.empty.startupMs)}, idle ${rss(startup.empty.idleRss)}`,
        reference: NONE,
        ratio: NONE,
        notes: 'spawn of `node dist/cli.js serve` → first 200 of /health (migrations run); VmRSS after 5 s idle',
      });
    }
    if (startup?.seeded) {
      rows.push({
        measurement: `Startup, seeded database (${on}, ${targets})`,
        falconet: `${ms(startup.seeded.startupMs)}, idle ${rss(startup.seeded.idleRss)}`,
        reference: NONE,
        ratio: NONE,
        notes: `as above on the poll fleet${fleet ? ` (seeded in ${fleet.seedSeconds.toFixed(1)} s)` : ''}`,
      });
    }
    for (const comparison of database.poll?.comparisons ?? []) {
      const { falconet, reference, cpuRatio } = comparison.median;
      rows.push({
        measurement: `DDI poll, ${comparison.connections} connections (${on}, ${targets})`,
        falconet: pollRun(falconet),
        reference: pollRun(reference),
        ratio: ratio(comparison.median.ratio),
        notes:
          `median of ${database.poll?.rounds} interleaved ${database.poll?.seconds} s round(s); CPU/poll ${Math.round(falconet.cpuUs)} vs ` +
          `${Math.round(reference.cpuUs)} µs (ratio ${ratio(cpuRatio)}); reference core ${pctRange(comparison.referenceBusy)} busy` +
          (database.kind === 'postgres' ? '; PostgreSQL itself not pinned' : '') +
          (falconet.failed + reference.failed > 0 ? `; ${falconet.failed} + ${reference.failed} failed` : ''),
      });
      const overrides = comparison.overrides;
      if (overrides) {
        rows.push({
          measurement: `DDI poll with three polling overrides, ${comparison.connections} connections (${on}, ${targets})`,
          falconet: pollRun(overrides.median),
          reference: `${pollRun(falconet)} (Falconet without)`,
          ratio: ratio(overrides.ratio),
          notes:
            `same rounds; half its polls answer an override with deviation; CPU/poll ${Math.round(overrides.median.cpuUs)} vs ` +
            `${Math.round(falconet.cpuUs)} µs without (ratio ${ratio(overrides.cpuRatio)})` +
            (overrides.median.failed > 0 ? `; ${overrides.median.failed} failed` : ''),
        });
      }
      const { withoutMetrics, metricsCpuCost } = comparison.median;
      rows.push({
        measurement: `DDI poll without metrics, ${comparison.connections} connections (${on})`,
        falconet: pollRun(withoutMetrics),
        reference: NONE,
        ratio: NONE,
        notes: `[metrics] enabled = false, in the same rounds; CPU/poll ${Math.round(withoutMetrics.cpuUs)} µs: the metrics cost ${(metricsCpuCost * 100).toFixed(1)} % CPU/poll (median of the rounds)`,
      });
    }
    const deployment = database.deployment;
    if (deployment) {
      const run = deployment.median;
      const failed = deployment.runs.reduce((sum, each) => sum + each.failed, 0);
      rows.push({
        measurement: `deploymentBase + feedback pairs, ${deployment.connections} connections (${on})`,
        falconet: `${count(run.pairsPerSecond)} pairs/s, p50 ${ms(run.pairMs.p50)}, p99 ${ms(run.pairMs.p99)}`,
        reference: NONE,
        ratio: NONE,
        notes:
          `pair = GET deploymentBase + POST \`proceeding\` feedback by one device (2 status entries written), over the ` +
          `${count(deployment.devices)} devices with an open action; median of ${deployment.runs.length} ${Math.round(run.seconds)} s run(s); ` +
          `GET p50/p99 ${ms(run.deploymentBaseMs.p50)}/${ms(run.deploymentBaseMs.p99)}, POST ${ms(run.feedbackMs.p50)}/${ms(run.feedbackMs.p99)}; ` +
          `${Math.round(run.cpuUsPerPair)} µs CPU/pair` +
          (failed > 0 ? `; ${failed} failed` : ''),
      });
    }
    const webhookCost = database.webhookCost;
    if (webhookCost) {
      const { with: hooked, without: plain, ratio: rate, cpuRatio } = webhookCost.median;
      const failed = [...webhookCost.with, ...webhookCost.without].reduce((sum, run) => sum + run.failed, 0);
      const drained = webhookCost.with.map((run) => run.drainedAfterSeconds ?? 0);
      rows.push({
        measurement: `Closing deploymentBase + feedback pairs, ${webhookCost.subscriptions} webhook subscriptions (${on})`,
        falconet: `${count(hooked.pairsPerSecond)} pairs/s, p50 ${ms(hooked.p50)}, p99 ${ms(hooked.p99)}`,
        reference: `${count(plain.pairsPerSecond)} pairs/s, p50 ${ms(plain.p50)}, p99 ${ms(plain.p99)} (subscriptions disabled)`,
        ratio: ratio(rate),
        notes:
          `pair = GET deploymentBase + POST \`closed\`/\`success\` feedback (3 events, one outbox row per subscription each), ` +
          `${count(webhookCost.targetsPerRun)} targets per run, ${webhookCost.with.length} interleaved round(s), median of the rounds' ratios; ` +
          `CPU/pair ${Math.round(hooked.cpuUsPerPair)} vs ${Math.round(plain.cpuUsPerPair)} µs (ratio ${ratio(cpuRatio)}); ` +
          `every delivery received ${Math.max(...drained).toFixed(1)} s after a run at most` +
          (failed > 0 ? `; ${failed} failed` : ''),
      });
    }
    const download = database.download;
    for (const comparison of download?.comparisons ?? []) {
      const { median } = comparison;
      const what = comparison.mode === 'full' ? `whole ${mib(download?.artifactBytes ?? 0)} file` : 'random 1 MiB ranges';
      const failed = [...comparison.falconet, ...comparison.nginx].reduce((sum, run) => sum + run.failed, 0);
      rows.push({
        measurement: `Artifact download, ${what}, ${comparison.clients} client${comparison.clients > 1 ? 's' : ''}`,
        falconet: `${count(median.falconet)} MiB/s`,
        reference: median.nginx === undefined ? 'nginx not installed' : `${count(median.nginx)} MiB/s`,
        ratio: median.ratio === undefined ? NONE : ratio(median.ratio),
        notes:
          `DDI download URL with TargetToken vs nginx sendfile (1 worker); median of ${download?.rounds} interleaved ${download?.seconds} s round(s)` +
          (failed > 0 ? `; ${failed} failed` : ''),
      });
    }
    const upload = database.upload;
    if (upload) {
      rows.push({
        measurement: `Artifact upload, ${mib(upload.bytes)}`,
        falconet: `${upload.seconds.toFixed(1)} s (${count(upload.mibPerSecond)} MiB/s), peak ${rss(upload.peakRss)}`,
        reference: NONE,
        ratio: NONE,
        notes: `one multipart POST streamed in 1 MiB chunks; server VmRSS ${mib(upload.rssBefore)} before, peak +${mib(upload.peakRss - upload.rssBefore)} (VmHWM)`,
      });
    }
    rows.push(...s3Rows(database.s3));
    rows.push(...scaleRows(database.scale, on));
    rows.push(...fleetOperatorRows(database.fleetOperator, on));
    const rollout = database.rollout;
    if (rollout) {
      const poll = rollout.summary.requests.poll.latencyMs;
      const shape =
        rollout.percentages === undefined
          ? `${rollout.groups} groups`
          : `groups of ${rollout.percentages.join('/')} % (${rollout.groupSizes.join('/')} targets)`;
      const started = rollout.groupStartedSeconds.map((seconds) => (seconds === undefined ? '?' : seconds.toFixed(0))).join(', ');
      rows.push({
        measurement: `Rollout of ${count(rollout.targets)} simulated devices, ${shape}${rollout.soakTime === undefined ? '' : `, soak ${rollout.soakTime}`} (${on})`,
        falconet:
          rollout.finishedSeconds === undefined
            ? `not finished (${rollout.status})`
            : `finished ${rollout.finishedSeconds.toFixed(0)} s after the start, every device done at ${rollout.allClosedSeconds.toFixed(0)} s`,
        reference: NONE,
        ratio: NONE,
        notes:
          `polling interval ${rollout.pollingSeconds} s; ${count(rollout.summary.polls.count)} polls (${count(rollout.summary.polls.perSecond)}/s over the whole run), ` +
          `poll p50 ${ms(poll.p50)}, p99 ${ms(poll.p99)}; from the start request on ${count(rollout.rolloutPolls.count)} polls, ` +
          `p50 ${ms(rollout.rolloutPolls.latencyMs.p50)}, p99 ${ms(rollout.rolloutPolls.latencyMs.p99)}, on a connection (without the wait for one of the simulator's 256) ` +
          `p50 ${ms(rollout.rolloutPolls.onConnectionMs.p50)}, p99 ${ms(rollout.rolloutPolls.onConnectionMs.p99)}; ` +
          `the simulator's connection wait p99 ${ms(rollout.summary.connectionWaitMs.p99)}; event loop delay p99 ${ms(rollout.loopDelay.p99Ms)}, max ${ms(rollout.loopDelay.maxMs)}; create ${ms(rollout.createMs)}, start ${ms(rollout.startMs)}; ` +
          `all registered after ${rollout.registeredSeconds.toFixed(0)} s; groups started at ${started} s; ${rollout.ok ? 'every device finished, SHA-256 verified' : 'NOT OK'}` +
          (rollout.summary.polls.errors > 0 ? `; ${rollout.summary.polls.errors} polls failed` : ''),
      });
    }
  }
  const auth = results.auth;
  if (auth) {
    const inProcess = 'in process (app.request), median of batches';
    rows.push(
      { measurement: 'GET /health, no authentication', falconet: `${auth.healthUs.toFixed(0)} µs`, reference: NONE, ratio: NONE, notes: inProcess },
      {
        measurement: 'GET /rest/v1/session, Basic, credential not yet verified',
        falconet: `${(auth.basicUncachedUs / 1000).toFixed(0)} ms`,
        reference: NONE,
        ratio: NONE,
        notes: `argon2id runs; ${inProcess}`,
      },
      {
        measurement: 'GET /rest/v1/session, Basic, credential verified before',
        falconet: `${auth.basicCachedUs.toFixed(0)} µs`,
        reference: NONE,
        ratio: NONE,
        notes: `verdict cached; ${inProcess}`,
      },
      {
        measurement: 'Request validation (precompiled validators)',
        falconet: `${auth.loginValidationUs.toFixed(1)} µs`,
        reference: NONE,
        ratio: NONE,
        notes: `POST /rest/v1/login body + parameters; GET /rest/v1/session parameters ${auth.sessionValidationUs.toFixed(1)} µs`,
      },
    );
  }
  return rows;
}

/** The `s3` section: the upload into the bucket, and downloads redirected to s3rver next to streamed ones. */
function s3Rows(s3: S3Figures | undefined): Row[] {
  if (!s3) return [];
  const { upload } = s3;
  const rows: Row[] = [
    {
      measurement: `Artifact upload into the S3 bucket, ${mib(upload.bytes)}`,
      falconet: `${upload.seconds.toFixed(1)} s (${count(upload.mibPerSecond)} MiB/s), peak ${rss(upload.peakRss)}`,
      reference: NONE,
      ratio: NONE,
      notes: `as the upload above, into s3rver by multipart upload (5 MiB parts, 4 at a time); server VmRSS ${mib(upload.rssBefore)} before, peak +${mib(upload.peakRss - upload.rssBefore)} (VmHWM)`,
    },
  ];
  for (const clients of new Set(s3.downloads.map((comparison) => comparison.clients))) {
    const of = (mode: string) => s3.downloads.find((comparison) => comparison.clients === clients && comparison.mode === mode);
    const [redirect, streamed] = [of('redirect'), of('streamed')];
    if (!redirect || !streamed) continue;
    const figures = (comparison: typeof redirect) => `${count(comparison.median.mibPerSecond)} MiB/s, TTFB p50 ${ms(comparison.median.ttfbP50Ms)}`;
    rows.push({
      measurement: `Artifact download from the S3 bucket, whole ${mib(s3.artifactBytes)} file, ${clients} client${clients > 1 ? 's' : ''}: redirected vs streamed`,
      falconet: figures(redirect),
      reference: figures(streamed),
      ratio: ratio(redirect.median.mibPerSecond / streamed.median.mibPerSecond),
      notes:
        `DDI download with TargetToken; redirected: 307 to a presigned URL, fetched from s3rver; streamed: through Falconet from s3rver; ` +
        `median of ${s3.rounds} interleaved ${s3.seconds} s round(s); s3rver (one Node process on the load core) is the ceiling of both`,
    });
  }
  return rows;
}

/** The `scale` section: the rollout over the whole fleet, one row per bulk operation, then one row per query. */
function scaleRows(scale: ScaleFigures | undefined, on: string): Row[] {
  if (!scale) return [];
  const fleet = `${count(scale.targets)} targets`;
  const { rollout } = scale;
  return [
    ...(rollout === undefined
      ? []
      : [
          {
            measurement: `Rollout over the whole fleet, ${rollout.groups} groups, created and started (${on}, ${fleet})`,
            falconet: `${ms(rollout.readyMs + rollout.runningMs)} until running with ${count(rollout.firstGroupTargets)} actions`,
            reference: NONE,
            ratio: NONE,
            notes:
              `POST /rollouts ${ms(rollout.createMs)}, \`ready\` after ${ms(rollout.readyMs)}; POST …/start ${ms(rollout.startMs)}, \`running\` with the first group's ` +
              `actions after ${ms(rollout.runningMs)}; server CPU ${ms(rollout.serverCpuMs)}; event loop delay p99 ${ms(rollout.loopDelay.p99Ms)}, max ${ms(rollout.loopDelay.maxMs)}`,
          },
        ]),
    ...(scale.bulk ?? []).map((bulk) => ({
      measurement: `${bulk.request}, ${bulk.label}, ${count(bulk.actions)} actions (${on}, ${fleet})`,
      falconet: ms(bulk.wallMs),
      reference: NONE,
      ratio: NONE,
      notes: `server CPU ${ms(bulk.serverCpuMs)}; event loop delay p99 ${ms(bulk.loopDelay.p99Ms)}, max ${ms(bulk.loopDelay.maxMs)}`,
    })),
    ...scale.queries.map((query) => ({
      measurement: `${query.label.startsWith('GET ') ? query.label : `GET /rest/v1/targets, ${query.label}`} (${on}, ${fleet})`,
      falconet: `median ${ms(query.medianMs)}`,
      reference: NONE,
      ratio: NONE,
      notes: `${query.path.startsWith('/rest/v1/targets') ? 'limit 50, sort name; ' : ''}total ${count(query.total)}; max ${ms(query.maxMs)}; server CPU ${ms(query.cpuMs)}/request`,
    })),
  ];
}

const phaseFigures = (phase: Phase) =>
  `poll p50 ${ms(phase.pollP50Ms)}, p99 ${ms(phase.pollP99Ms)}; loop delay p99 ${ms(phase.loop.p99Ms)}, max ${ms(phase.loop.maxMs)}`;

function fleetOperatorRows(figures: FleetOperatorFigures | undefined, on: string): Row[] {
  if (!figures) return [];
  return figures.variants.map((variant) => {
    const alone = medianPhase(variant.alone);
    const together = medianPhase(variant.withOperator);
    const failed = alone.failedPolls + together.failedPolls;
    return {
      measurement: `DDI poll at ${count(figures.rate)} polls/s with an operator loop (${on}, ${variant.label}, ${count(figures.targets)} targets)`,
      falconet: phaseFigures(together),
      reference: `${phaseFigures(alone)} (fleet alone)`,
      ratio: NONE,
      notes:
        `${count(together.pollsPerSecond)} polls/s answered over ${figures.seconds} s, median of ${figures.rounds} interleaved round(s); ` +
        `${count(together.operatorRequests)} operator requests back to back (target pages first and deep, two filters, statistics, actions), ` +
        `median ${ms(together.operatorMedianMs)}, max ${ms(together.operatorMaxMs)}` +
        (failed > 0 ? `; ${failed} polls failed` : ''),
    };
  });
}
