import { describe, expect, it } from 'vitest';
import { actionIdOf, feedbackUrl, parseSleep, readDeployment, readPoll } from './ddi-wire.js';
import { LatencyHistogram } from './latency-histogram.js';

const base = 'http://127.0.0.1:8080/DEFAULT/controller/v1/dev-1';

describe('DDI wire', () => {
  it.each([
    ['00:05:00', 300_000],
    ['00:00:01', 1000],
    ['23:59:59', 86_399_000],
    ['5:00', undefined],
    [300, undefined],
    [undefined, undefined],
  ])('reads the sleep %j as %j ms', (sleep, ms) => {
    expect(parseSleep(sleep)).toBe(ms);
  });

  it('reads the poll: sleep and link hrefs', () => {
    expect(
      readPoll({
        config: { polling: { sleep: '00:00:10' } },
        _links: { deploymentBase: { href: `${base}/deploymentBase/7?c=123` }, configData: { href: `${base}/configData` } },
      }),
    ).toEqual({ sleepMs: 10_000, links: { deploymentBase: `${base}/deploymentBase/7?c=123`, configData: `${base}/configData` } });
    expect(readPoll({})).toEqual({ sleepMs: undefined, links: {} });
  });

  it('flattens the chunks of a deployment, preferring download-http', () => {
    const artifact = (name: string, links: Record<string, { href: string }>) => ({
      filename: name,
      size: 3,
      hashes: { sha1: 'x', md5: 'y', sha256: `${name}-sha` },
      _links: links,
    });
    const deployment = readDeployment({
      id: '7',
      deployment: {
        download: 'forced',
        update: 'skip',
        chunks: [
          { part: 'os', artifacts: [artifact('a', { download: { href: 'https://a' }, 'download-http': { href: 'http://a' } })] },
          { part: 'app', artifacts: [artifact('b', { download: { href: 'https://b' } })] },
        ],
      },
    });
    expect(deployment).toEqual({
      actionId: '7',
      update: 'skip',
      hasMaintenanceWindow: false,
      artifacts: [
        { filename: 'a', size: 3, sha256: 'a-sha', href: 'http://a' },
        { filename: 'b', size: 3, sha256: 'b-sha', href: 'https://b' },
      ],
    });
  });

  it('names the action of a link and the feedback next to it', () => {
    expect(actionIdOf(`${base}/confirmationBase/12?c=99`)).toBe('12');
    expect(feedbackUrl(`${base}/cancelAction/12`)).toBe(`${base}/cancelAction/12/feedback`);
    expect(feedbackUrl(`${base}/deploymentBase/12?c=99`)).toBe(`${base}/deploymentBase/12/feedback`);
  });
});

describe('latency histogram', () => {
  it('gives percentiles within 2 % and the exact maximum', () => {
    const histogram = new LatencyHistogram();
    for (let ms = 1; ms <= 1000; ms++) histogram.record(ms);
    const { p50, p90, p99, max } = histogram.percentiles();
    expect(p50).toBeGreaterThanOrEqual(500);
    expect(p50).toBeLessThanOrEqual(510);
    expect(p90).toBeGreaterThanOrEqual(900);
    expect(p90).toBeLessThanOrEqual(918);
    expect(p99).toBeGreaterThanOrEqual(990);
    expect(p99).toBeLessThanOrEqual(1000);
    expect(max).toBe(1000);
    expect(histogram.count).toBe(1000);
  });

  it('answers zeros when empty', () => {
    expect(new LatencyHistogram().percentiles()).toEqual({ p50: 0, p90: 0, p99: 0, max: 0 });
  });

  it('gives the percentiles of what was recorded after a copy', () => {
    const histogram = new LatencyHistogram();
    for (let i = 0; i < 1000; i++) histogram.record(5000);
    const before = histogram.copy();
    for (let ms = 1; ms <= 100; ms++) histogram.record(ms);
    const later = histogram.since(before);
    expect(later.count).toBe(100);
    const { p50, p99, max } = later.percentiles();
    expect([p50 >= 50 && p50 <= 51, p99 >= 99 && p99 <= 101, max >= 100 && max <= 102]).toEqual([true, true, true]);
    expect(before.count).toBe(1000);
    expect(histogram.since(histogram.copy()).count).toBe(0);
  });
});
