import type { FleetProgress } from './fleet-options.js';
import type { FleetSummary } from './fleet-summary.js';

/** The live line the CLI rewrites on a terminal. */
export function progressLine(p: FleetProgress): string {
  const seconds = (p.elapsedMs / 1000).toFixed(0).padStart(4);
  const o = p.outcomes;
  return (
    `${seconds}s  seen ${o.devicesSeen}/${p.online}  polls ${p.polls} (${p.pollsPerSecond.toFixed(0)}/s)  in flight ${p.inFlight}` +
    `  downloads ${o.downloads}  finished ${o.finished}  failed ${o.failed + o.verificationFailed}  canceled ${o.canceled}` +
    (p.done > 0 ? `  done ${p.done}` : '') +
    (p.errors > 0 ? `  errors ${p.errors}` : '')
  );
}

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;

/** The human-readable summary. */
export function formatSummary(s: FleetSummary): string {
  const behaviours = Object.entries(s.devices.behaviours)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  const latency = Object.entries(s.requests)
    .filter(([, request]) => request.count > 0)
    .map(([kind, r]) => {
      const l = r.latencyMs;
      return `  ${kind.padEnd(22)}${String(r.count).padStart(9)}${String(r.errors).padStart(8)}   p50 ${l.p50} ms  p90 ${l.p90} ms  p99 ${l.p99} ms  max ${l.max} ms`;
    });
  const errors = Object.entries(s.errors).map(([cause, count]) => `  ${cause}: ${count}`);
  const f = s.faults;
  const faulted = Object.values(f).some((count) => count > 0);
  const d = s.downloads;
  const o = s.outcomes;
  return [
    `falconet-sim: stopped by ${s.stoppedBy} after ${(s.durationMs / 1000).toFixed(1)} s (seed ${s.seed})`,
    `devices   ${s.devices.total} (${behaviours}); online ${s.devices.online}, seen ${s.devices.seen}, finished ${s.devices.finished}` +
      (s.devices.done > 0 ? `, done ${s.devices.done}` : ''),
    `polls     ${s.polls.count} (${s.polls.perSecond}/s), ${s.polls.errors} failed`,
    `downloads ${d.count} (${mib(d.bytes)}): ${d.verified} SHA-256 verified, ${d.unverifiable} without SHA-256, ` +
      `${d.sizeMismatches} size and ${d.hashMismatches} hash mismatches`,
    `outcomes  finished ${o.finished}, failed ${o.failed}, verification failed ${o.verificationFailed}, download-only ${o.downloadOnly}, ` +
      `canceled ${o.canceled}, confirmed ${o.confirmed}, denied ${o.denied}, attributes uploaded ${o.attributesUploaded}`,
    `requests                  count  errors   latency (from the call)`,
    ...latency,
    `  waiting for a connection (all requests): p50 ${s.connectionWaitMs.p50} ms  p99 ${s.connectionWaitMs.p99} ms  max ${s.connectionWaitMs.max} ms`,
    ...(faulted
      ? [
          `faults    ${f.resets} resets injected; ${f.downloadsCut} downloads cut, ${f.downloadsResumed} continued with Range ` +
            `(${f.rangeIgnored} answered whole); ${f.reboots} reboots while installing (${f.sameActionAfterReboot} offered the ` +
            `same action again); ${f.churnedOffline} devices went offline, ${f.churnedBack} came back; ${s.devices.stuck} stuck`,
        ]
      : []),
    ...(errors.length > 0 ? ['errors', ...errors] : []),
  ].join('\n');
}
