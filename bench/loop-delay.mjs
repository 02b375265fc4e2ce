/**
 * Preloaded into a benchmarked server (`node --import bench/loop-delay.mjs`): watches its event loop with
 * perf_hooks.monitorEventLoopDelay. On SIGUSR2 it writes what it saw since the last SIGUSR2 (or its start)
 * to the file named by BENCH_LOOP_DELAY_FILE, as JSON with a sequence number, and starts over.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file !== undefined) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let sequence = 0;
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    sequence++;
    const figures = { sequence, p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max), samples: histogram.count };
    // whole or not at all for the reader
    writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    renameSync(`${file}.tmp`, file);
    histogram.reset();
  });
}
