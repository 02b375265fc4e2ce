/** Percentiles of a latency series in constant memory: log-spaced buckets 2 % wide, from 0.01 ms up. */
const GROWTH = 1.02;
const FLOOR_MS = 0.01;
const LOG_GROWTH = Math.log(GROWTH);

export interface LatencyPercentiles {
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}

export class LatencyHistogram {
  private readonly buckets = new Map<number, number>();
  private total = 0;
  private maxMs = 0;

  record(ms: number): void {
    const bucket = ms <= FLOOR_MS ? 0 : Math.ceil(Math.log(ms / FLOOR_MS) / LOG_GROWTH);
    this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
    this.total++;
    this.maxMs = Math.max(this.maxMs, ms);
  }

  get count(): number {
    return this.total;
  }

  /** A copy of the series so far, to take from a later state of this one with {@link LatencyHistogram.since}. */
  copy(): LatencyHistogram {
    const copy = new LatencyHistogram();
    for (const [bucket, count] of this.buckets) copy.buckets.set(bucket, count);
    copy.total = this.total;
    copy.maxMs = this.maxMs;
    return copy;
  }

  /**
   * The latencies recorded after `earlier`, a {@link LatencyHistogram.copy} of this series: percentiles as
   * {@link LatencyHistogram.percentiles}, the maximum as the upper edge of the highest bucket (at most 2 % high).
   */
  since(earlier: LatencyHistogram): LatencyHistogram {
    const later = new LatencyHistogram();
    for (const [bucket, count] of this.buckets) {
      const left = count - (earlier.buckets.get(bucket) ?? 0);
      if (left <= 0) continue;
      later.buckets.set(bucket, left);
      later.total += left;
      later.maxMs = Math.max(later.maxMs, Math.min(this.maxMs, FLOOR_MS * GROWTH ** bucket));
    }
    return later;
  }

  /**
   * The distribution in coarser bins, `perDecade` to a factor of ten: `[upper edge ms, count]`, from the
   * lowest bin with a count to the highest, empty bins between included (for a chart).
   */
  bins(perDecade = 10): [number, number][] {
    const counts = new Map<number, number>();
    for (const [bucket, count] of this.buckets) {
      const upper = FLOOR_MS * GROWTH ** bucket;
      const bin = Math.ceil(Math.log10(upper) * perDecade - 1e-9);
      counts.set(bin, (counts.get(bin) ?? 0) + count);
    }
    if (counts.size === 0) return [];
    const keys = [...counts.keys()];
    const bins: [number, number][] = [];
    for (let bin = Math.min(...keys); bin <= Math.max(...keys); bin++) {
      bins.push([Number((10 ** (bin / perDecade)).toPrecision(3)), counts.get(bin) ?? 0]);
    }
    return bins;
  }

  /** Each percentile is the upper edge of its bucket (at most 2 % high), rounded to 0.1 ms. */
  percentiles(): LatencyPercentiles {
    const sorted = [...this.buckets.entries()].sort(([a], [b]) => a - b);
    const at = (fraction: number): number => {
      const rank = Math.ceil(fraction * this.total);
      let seen = 0;
      for (const [bucket, count] of sorted) {
        seen += count;
        if (seen >= rank) return round(Math.min(this.maxMs, FLOOR_MS * GROWTH ** bucket));
      }
      return 0;
    };
    return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: round(this.maxMs) };
  }
}

const round = (ms: number): number => Math.round(ms * 10) / 10;
