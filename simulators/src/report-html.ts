import type { RequestSummary } from './fleet-summary.js';
import { TIMELINE_STATES, type TimelineSample, type TimelineState } from './fleet-timeline.js';
import type { ScenarioResult } from './scenario-run.js';

/**
 * The scenario report as one self-contained HTML page (decision 244): inline CSS and SVG drawn here, no
 * script, no font, nothing fetched. Each chart is an `<svg data-chart="…">`.
 */
const COLOURS: Readonly<Record<TimelineState, string>> = {
  waiting: '#cbd5e1',
  offline: '#475569',
  idle: '#93c5fd',
  working: '#fbbf24',
  downloading: '#f97316',
  installing: '#a855f7',
  closed: '#22c55e',
};

const escape = (text: string | number): string =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const fixed = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function table(head: readonly string[], rows: readonly (readonly (string | number)[])[], className = ''): string {
  const th = head.map((cell) => `<th>${escape(cell)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${typeof cell === 'number' ? escape(cell) : cell}</td>`).join('')}</tr>`).join('');
  return `<table class="${className}"><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

/** Stacked areas of the device states over time, the phases' starts as dashed lines. */
function timelineChart(samples: readonly TimelineSample[], phases: ScenarioResult['fleet']['phases'], devices: number): string {
  const width = 960;
  const height = 280;
  const left = 48;
  const bottom = 24;
  const top = 18;
  const plotW = width - left - 8;
  const plotH = height - top - bottom;
  const endMs = Math.max(1, ...samples.map((sample) => sample.atMs), ...phases.map((phase) => phase.endMs));
  const x = (ms: number) => left + (ms / endMs) * plotW;
  const y = (count: number) => top + plotH - (count / Math.max(devices, 1)) * plotH;
  const areas: string[] = [];
  const below = samples.map(() => 0);
  for (const state of TIMELINE_STATES) {
    const upper = samples.map((sample, i) => (below[i] as number) + sample.states[state]);
    if (upper.every((value, i) => value === below[i])) continue;
    const forward = samples.map((sample, i) => `${x(sample.atMs).toFixed(1)},${y(upper[i] as number).toFixed(1)}`);
    const back = samples.map((sample, i) => `${x(sample.atMs).toFixed(1)},${y(below[i] as number).toFixed(1)}`).reverse();
    areas.push(`<path data-state="${state}" fill="${COLOURS[state]}" d="M${forward.join('L')}L${back.join('L')}Z"><title>${state}</title></path>`);
    upper.forEach((value, i) => (below[i] = value));
  }
  const phaseLines = phases
    .map(
      (phase) =>
        `<line x1="${x(phase.startMs).toFixed(1)}" x2="${x(phase.startMs).toFixed(1)}" y1="${top}" y2="${top + plotH}" class="phase"/>` +
        // a phase starting near the right edge is labelled to the left of its line
        (x(phase.startMs) > width - 120
          ? `<text x="${(x(phase.startMs) - 4).toFixed(1)}" y="${top - 5}" class="label" text-anchor="end">${escape(phase.name)}</text>`
          : `<text x="${(x(phase.startMs) + 4).toFixed(1)}" y="${top - 5}" class="label">${escape(phase.name)}</text>`),
    )
    .join('');
  const ticks = niceTicks(endMs / 1000)
    .map((s) => `<text x="${x(s * 1000).toFixed(1)}" y="${height - 6}" class="tick" text-anchor="middle">${s} s</text>`)
    .join('');
  const yTicks = [0, 0.5, 1]
    .map((f) => `<text x="${left - 6}" y="${(y(devices * f) + 4).toFixed(1)}" class="tick" text-anchor="end">${Math.round(devices * f)}</text>`)
    .join('');
  const legend = TIMELINE_STATES.map((state) => `<span class="key"><i style="background:${COLOURS[state]}"></i>${state}</span>`).join('');
  return (
    `<svg data-chart="timeline" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="device states over time">` +
    `<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" class="plot"/>${areas.join('')}${phaseLines}${ticks}${yTicks}</svg>` +
    `<div class="legend">${legend}</div>`
  );
}

/** About six round values from 0 to `max`. */
function niceTicks(max: number): number[] {
  const raw = max / 6;
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw) ?? raw;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max + 1e-9; tick += step) ticks.push(Number(tick.toPrecision(6)));
  return ticks;
}

/** A latency histogram: log-spaced bins as bars, p50/p90/p99 as lines. */
function latencyChart(kind: string, request: RequestSummary): string {
  const width = 460;
  const height = 170;
  const left = 36;
  const bottom = 30;
  const top = 16;
  const bins = request.histogram;
  const plotW = width - left - 8;
  const plotH = height - top - bottom;
  const most = Math.max(1, ...bins.map(([, count]) => count));
  const barW = plotW / Math.max(bins.length, 1);
  const bars = bins
    .map(([upper, count], i) => {
      const h = (count / most) * plotH;
      return `<rect x="${(left + i * barW).toFixed(1)}" y="${(top + plotH - h).toFixed(1)}" width="${Math.max(barW - 1, 0.5).toFixed(1)}" height="${h.toFixed(1)}" class="bar"><title>≤ ${upper} ms: ${count}</title></rect>`;
    })
    .join('');
  // a value sits in the first bin whose upper edge reaches it
  const xOf = (ms: number) => {
    const index = bins.findIndex(([upper]) => upper >= ms);
    return left + (index < 0 ? bins.length : index + 0.5) * barW;
  };
  const marks = (['p50', 'p90', 'p99'] as const)
    .map((p) => {
      const at = xOf(request.latencyMs[p]).toFixed(1);
      return `<line x1="${at}" x2="${at}" y1="${top}" y2="${top + plotH}" class="mark ${p}"/><text x="${at}" y="${top - 4}" class="label ${p}" text-anchor="middle">${p}</text>`;
    })
    .join('');
  const step = Math.max(1, Math.ceil(bins.length / 6));
  const ticks = bins
    .filter((_, i) => i % step === 0)
    .map(
      ([upper], j) => `<text x="${(left + j * step * barW + barW / 2).toFixed(1)}" y="${height - 14}" class="tick" text-anchor="middle">${fixed(upper)}</text>`,
    )
    .join('');
  return (
    `<figure><figcaption>${escape(kind)} <small>${request.count} requests, ms (log scale)</small></figcaption>` +
    `<svg data-chart="latency" data-kind="${escape(kind)}" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="${escape(kind)} latency">` +
    `<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" class="plot"/>${bars}${marks}${ticks}` +
    `<text x="${left}" y="${height - 2}" class="tick">ms ≤</text></svg></figure>`
  );
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1000px;color:#0f172a;padding:0 12px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e2e8f0;padding-bottom:4px}
.meta{color:#475569}.verdict{display:inline-block;padding:2px 10px;border-radius:4px;color:#fff;font-weight:600}
.pass{background:#16a34a}.fail{background:#dc2626}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{text-align:left;padding:3px 8px;border-bottom:1px solid #e2e8f0}
th{background:#f8fafc;font-weight:600}td.num,th.num{text-align:right}
.plot{fill:#f8fafc;stroke:#e2e8f0}.phase{stroke:#0f172a;stroke-dasharray:4 3}.label{font-size:11px;fill:#0f172a}
.tick{font-size:10px;fill:#475569}.bar{fill:#3b82f6}.mark{stroke-width:1.5}.p50{stroke:#16a34a;fill:#16a34a}
.p90{stroke:#d97706;fill:#d97706}.p99{stroke:#dc2626;fill:#dc2626}
.legend{display:flex;flex-wrap:wrap;gap:12px;font-size:12px;margin:4px 0}.key i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-2px}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(440px,1fr));gap:12px}figure{margin:0}figcaption{font-weight:600}
.ok{color:#16a34a;font-weight:600}.bad{color:#dc2626;font-weight:600}`;

/** The report page of a scenario run. */
export function renderReport(result: ScenarioResult): string {
  const s = result.fleet;
  const mark = (passed: boolean) => (passed ? '<span class="ok">pass</span>' : '<span class="bad">FAIL</span>');
  const assertions =
    result.assertions.length === 0
      ? '<p>The scenario makes no assertions.</p>'
      : table(
          ['', 'assertion', 'expected', 'actual'],
          result.assertions.map((a) => [mark(a.passed), escape(a.name), escape(a.expected), escape(a.actual)]),
          'assertions',
        );
  const lastOf = (phase: string) => [...s.timeline.samples].reverse().find((sample) => sample.phase === phase);
  const phases = table(
    ['phase', 'from', 'to', 'ended by', ...TIMELINE_STATES],
    s.phases.map((phase) => {
      const states = lastOf(phase.name)?.states;
      return [escape(phase.name), seconds(phase.startMs), seconds(phase.endMs), escape(phase.endedBy), ...TIMELINE_STATES.map((state) => states?.[state] ?? 0)];
    }),
  );
  const kinds = Object.entries(s.requests).filter(([, request]) => request.count > 0);
  const latencyTable = table(
    ['request', 'count', 'errors', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
    kinds.map(([kind, r]) => [escape(kind), r.count, r.errors, r.latencyMs.p50, r.latencyMs.p90, r.latencyMs.p99, r.latencyMs.max]),
  );
  const f = s.faults;
  const faults = table(
    ['fault', 'count'],
    [
      ['connection resets injected (retried with backoff)', f.resets],
      ['downloads cut at a random byte', f.downloadsCut],
      ['continuations with Range (after a cut or a reset)', f.downloadsResumed],
      ['continuations answered with the whole file', f.rangeIgnored],
      ['reboots during installation', f.reboots],
      ['same action offered again after a reboot', f.sameActionAfterReboot],
      ['devices gone offline (churn)', f.churnedOffline],
      ['devices back online', f.churnedBack],
    ],
  );
  const slowest = table(
    ['device', 'behaviour', 'state', 'closed at', 'resets', 'cuts', 'reboots', 'offline spells'],
    s.slowestDevices.map((d) => [
      escape(d.controllerId),
      escape(d.behaviour),
      escape(d.state),
      d.closedAtMs === null ? '<span class="bad">never</span>' : seconds(d.closedAtMs),
      d.resets,
      d.cuts,
      d.reboots,
      d.churns,
    ]),
  );
  const errorRows = Object.entries(s.errors);
  const errors =
    errorRows.length === 0
      ? '<p>No errors.</p>'
      : table(
          ['cause', 'count'],
          errorRows.map(([cause, count]) => [escape(cause), count]),
        );
  const d = result.deployment;
  const deployment =
    d === null
      ? 'no deployment'
      : `set ${d.setId}${d.rolloutId === null ? ' assigned' : `, rollout ${d.rolloutId} (${escape(d.rolloutStatus ?? 'unknown')})`}` +
        (d.startedAtMs === null ? ', never started' : ` at ${seconds(d.startedAtMs)}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>falconet-sim: ${escape(result.scenario.name)}</title><style>${STYLE}</style></head><body>
<h1>${escape(result.scenario.name)} <span class="verdict ${result.passed ? 'pass' : 'fail'}">${result.passed ? 'passed' : 'failed'}</span></h1>
<p class="meta">${escape(result.startedAt)} · ${escape(result.url)} · ${s.devices.total} devices (${s.devices.online} online) · seed ${s.seed} · ${seconds(s.durationMs)}, stopped by ${escape(s.stoppedBy)} · ${deployment}</p>
<h2>Assertions</h2>${assertions}
<h2>Device states</h2>${timelineChart(s.timeline.samples, s.phases, s.devices.total)}
<p class="meta">Each phase, and how many devices were in each state at its end:</p>${phases}
<h2>Latency</h2><div class="charts">${kinds.map(([kind, request]) => latencyChart(kind, request)).join('')}</div>${latencyTable}
<p class="meta">From the call, so the wait for one of the fleet's connections counts (that wait alone: p50 ${s.connectionWaitMs.p50} ms, p99 ${s.connectionWaitMs.p99} ms).</p>
<h2>Faults</h2>${faults}
<h2>Slowest devices</h2>${slowest}
<h2>Errors by cause</h2>${errors}
</body></html>
`;
}
