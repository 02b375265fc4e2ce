import { readFileSync } from 'node:fs';
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@prometheus-io/lezer-promql';
import { describe, expect, it } from 'vitest';
import { createDevice } from './support/ddi-client.js';
import { DATABASE_KINDS } from './support/databases.js';
import { assignOk, createSet } from './support/deployment-fixtures.js';
import { createRollout, evaluate, fleet, operateOk } from './support/rollout-fixtures.js';
import { createModule, uploadArtifact } from './support/software-module-api.js';
import { idOf } from './support/target-fixtures.js';
import { createWebhook } from './support/webhook-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { startWebhookReceiver } from './support/webhook-receiver.js';

const DASHBOARD = new URL('../deploy/grafana/falconet.json', import.meta.url);

/** Labels Prometheus adds to every series it scrapes: no exporter has them. */
const TARGET_LABELS = new Set(['job', 'instance']);
/** Grafana's interval variables, as a query sees them once Grafana has put them in. */
const GRAFANA_INTERVALS: Readonly<Record<string, string>> = { $__rate_interval: '5m', $__interval: '1m', $__range: '1h' };

interface Panel {
  readonly type: string;
  readonly title: string;
  readonly datasource?: { readonly uid: string };
  readonly targets?: readonly { readonly expr: string; readonly datasource?: { readonly uid: string } }[];
}
interface Dashboard {
  readonly schemaVersion: number;
  readonly panels: readonly Panel[];
  readonly templating: { readonly list: readonly { readonly type: string; readonly name: string; readonly query: unknown }[] };
}

/** What a query reads: each selector's metric and labels (with the values its `=` matchers want), and each aggregation's grouping labels. */
interface QueryUse {
  readonly selectors: { metric: string; labels: Map<string, string | undefined> }[];
  readonly groupings: { labels: string[]; metrics: string[] }[];
}

const text = (query: string, node: SyntaxNode) => query.slice(node.from, node.to);
const descendants = (node: SyntaxNode, name: string): SyntaxNode[] => {
  const found: SyntaxNode[] = [];
  const cursor = node.cursor();
  do if (cursor.name === name) found.push(cursor.node);
  while (cursor.next() && cursor.from < node.to);
  return found.filter((candidate) => candidate.from >= node.from && candidate.to <= node.to);
};

/** Parses a PromQL expression with Prometheus's own grammar (the one its UI uses); throws on a syntax error. */
function analyse(expr: string): QueryUse {
  const query = Object.entries(GRAFANA_INTERVALS).reduce((current, [variable, value]) => current.replaceAll(variable, value), expr);
  const tree = parser.parse(query);
  const errors: string[] = [];
  tree.iterate({ enter: (node) => void (node.type.isError && errors.push(`at ${node.from}: ${query.slice(node.from, node.from + 30)}`)) });
  if (errors.length > 0) throw new Error(`${expr}: PromQL syntax error ${errors.join('; ')}`);
  const selectorOf = (node: SyntaxNode) => {
    const metric = text(query, node.getChild('Identifier') as SyntaxNode);
    const labels = new Map<string, string | undefined>();
    for (const matcher of descendants(node, 'UnquotedLabelMatcher')) {
      const name = text(query, matcher.getChild('LabelName') as SyntaxNode);
      const exact = matcher.getChild('MatchOp')?.getChild('EqlSingle') !== null;
      labels.set(name, exact ? (JSON.parse(text(query, matcher.getChild('StringLiteral') as SyntaxNode)) as string) : undefined);
    }
    return { metric, labels };
  };
  const root = tree.topNode;
  return {
    selectors: descendants(root, 'VectorSelector').map(selectorOf),
    groupings: descendants(root, 'AggregateExpr').flatMap((aggregate) => {
      const modifier = aggregate.getChild('AggregateModifier');
      if (modifier === null) return [];
      return [
        {
          labels: descendants(modifier, 'LabelName').map((label) => text(query, label)),
          metrics: descendants(aggregate, 'VectorSelector').map((selector) => selectorOf(selector).metric),
        },
      ];
    }),
  };
}

/** The series of an exposition text: each sample name with the labels and values it was seen with. */
function exported(exposition: string): Map<string, Map<string, Set<string>>> {
  const series = new Map<string, Map<string, Set<string>>>();
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? \S+$/.exec(line);
    if (match === null) continue;
    const labels = series.get(match[1] as string) ?? new Map<string, Set<string>>();
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels.set(name as string, (labels.get(name as string) ?? new Set()).add(value as string));
    }
    series.set(match[1] as string, labels);
  }
  return series;
}

const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
const queryPanels = dashboard.panels.filter((panel) => panel.type !== 'row');
const expressions = queryPanels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));
/** The template variables' `label_values(selector, label)` queries, as a selector and a grouping label. */
const variableQueries = dashboard.templating.list
  .filter((variable) => variable.type === 'query')
  .map((variable) => {
    const query = (variable.query as { query: string }).query;
    const match = /^label_values\((.+),\s*(\w+)\)$/.exec(query);
    if (match === null) throw new Error(`variable ${variable.name}: not a label_values(selector, label) query: ${query}`);
    return { panel: `variable ${variable.name}`, expr: `count by (${match[2] as string}) (${match[1] as string})` };
  });

describe('deploy/grafana/falconet.json', () => {
  it('is a current Grafana dashboard whose every panel queries the Prometheus data source variable', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ type: 'datasource', name: 'DS_PROMETHEUS', query: 'prometheus' }));
    expect(queryPanels.length).toBeGreaterThan(10);
    for (const panel of queryPanels) {
      expect(panel.datasource?.uid, panel.title).toBe('${DS_PROMETHEUS}');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid, panel.title).toBe('${DS_PROMETHEUS}');
    }
  });

  it('has only queries that parse as PromQL, and the check sees what they read', () => {
    for (const { panel, expr } of [...expressions, ...variableQueries]) expect(() => analyse(expr), panel).not.toThrow();
    expect(analyse('histogram_quantile(0.99, sum by (le, operation) (rate(a_bucket{operation="x",job=~"$job"}[$__rate_interval]))) / max(b)')).toEqual({
      selectors: [
        {
          metric: 'a_bucket',
          labels: new Map([
            ['operation', 'x'],
            ['job', undefined],
          ]),
        },
        { metric: 'b', labels: new Map() },
      ],
      groupings: [{ labels: ['le', 'operation'], metrics: ['a_bucket'] }],
    });
    expect(() => analyse('sum by (le (rate(a[5m]))')).toThrow(/syntax error/);
  });
});

describe.each(DATABASE_KINDS)('the dashboard against /metrics, on %s', (kind) => {
  const t = useTestApp(kind, { 'webhooks.allow_private_destinations': true });

  /** Traffic that gives every metric the dashboard reads at least one series. */
  async function exercise(): Promise<void> {
    const receiver = await startWebhookReceiver();
    try {
      await createWebhook(t, { name: 'dashboard', url: receiver.url, eventTypes: ['action.closed'] });
      const moduleId = (await createModule(t, { type: 'os' })).id;
      await uploadArtifact(t, moduleId, Buffer.from('firmware'), { partName: 'fw.swu' });
      const setId = await createSet(t, { name: 'fw', version: '1', modules: [moduleId] });
      const device = await createDevice(t);
      const actionId = await assignOk(t, device.controllerId, { id: setId });
      expect((await device.get()).status).toBe(200);
      expect((await device.get(`/deploymentBase/${actionId}`)).status).toBe(200);
      expect((await device.get(`/softwaremodules/${moduleId}/artifacts/fw.swu`)).status).toBe(200);
      expect((await device.feedback(actionId, 'closed', 'success')).status).toBe(200);
      const failing = await createDevice(t);
      expect((await failing.feedback(await assignOk(t, failing.controllerId, { id: setId }), 'closed', 'failure')).status).toBe(200);
      const { filter } = await fleet(t, 1);
      await operateOk(t, idOf(await createRollout(t, { set: setId, filter })), 'start');
      await evaluate(t);
      expect(await t.services.webhookDispatcher.dispatch()).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  }

  it('queries only metrics the server exports, with labels they have and label values they take', async () => {
    await exercise();
    const response = await t.request('/metrics');
    expect(response.status).toBe(200);
    const series = exported(await response.text());
    const problems: string[] = [];
    for (const { panel, expr } of [...expressions, ...variableQueries]) {
      const use = analyse(expr);
      for (const { metric, labels } of use.selectors) {
        const known = series.get(metric);
        if (known === undefined) {
          problems.push(`${panel}: ${metric} is not exported`);
          continue;
        }
        for (const [label, value] of labels) {
          if (TARGET_LABELS.has(label)) continue;
          if (!known.has(label)) problems.push(`${panel}: ${metric} has no label ${label}`);
          else if (value !== undefined && !known.get(label)?.has(value)) problems.push(`${panel}: ${metric} never has ${label}="${value}"`);
        }
      }
      for (const { labels, metrics } of use.groupings) {
        for (const label of labels.filter((name) => !TARGET_LABELS.has(name))) {
          if (!metrics.some((metric) => series.get(metric)?.has(label))) problems.push(`${panel}: no metric of (${metrics.join(', ')}) has ${label}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
