import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from './latency-histogram.js';

describe('latency histogram bins', () => {
  it('merges the fine buckets ten to a decade, keeping empty bins between, and loses no count', () => {
    const histogram = new LatencyHistogram();
    for (const ms of [1.1, 1.1, 1.1, 2.2, 45, 45]) histogram.record(ms);
    const bins = histogram.bins();
    expect(bins[0]).toEqual([1.26, 3]);
    expect(bins.at(-1)).toEqual([50.1, 2]);
    expect(bins.find(([upper]) => upper === 2.51)?.[1]).toBe(1);
    expect(bins.reduce((sum, [, count]) => sum + count, 0)).toBe(6);
    // contiguous: every tenth of a decade from 1.26 ms to 50.1 ms
    expect(bins).toHaveLength(17);
  });

  it('is empty without a latency', () => {
    expect(new LatencyHistogram().bins()).toEqual([]);
  });
});
