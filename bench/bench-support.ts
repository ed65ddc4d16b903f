// Small helpers shared by the benchmark scripts: timing, percentiles, formatting.
import { performance } from 'node:perf_hooks';

export async function timeMilliseconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export function median(values: number[]): number {
  return percentile(values, 0.5);
}

/** Runs `work` `warmup` times unmeasured, then `runs` times measured; returns the timings in ms. */
export async function sample(work: () => Promise<unknown>, runs: number, warmup = 3): Promise<number[]> {
  for (let index = 0; index < warmup; index += 1) await work();
  const timings: number[] = [];
  for (let index = 0; index < runs; index += 1) timings.push(await timeMilliseconds(work));
  return timings;
}

export function formatMs(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}
