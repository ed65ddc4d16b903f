// Chart rendering on the worker pool against rendering on the calling thread, in the same run:
// single-chart latency (the pool adds copying the spec in and the PNG out), throughput of a batch of
// charts requested at once (the pool draws CHART_WORKER_THREADS at a time), and the longest
// event-loop stall while the batch is drawn (what a Slack ack or another turn would wait).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { TopLevelSpec } from 'vega-lite';
import { CHART_WORKER_THREADS, ChartRenderPool } from '../src/charts/chart-render-pool.js';
import { buildVegaLiteSpec, renderChartPng } from '../src/charts/index.js';
import { formatMs, median, percentile } from './bench-support.js';
import { allChartFixtures, fixtureConfig, queryDuckDb } from './charts-fixtures.js';

const LATENCY_RUNS = 30;
const BATCH_RUNS = 5;
const BATCH_SIZE = 20;
const FIXTURES = ['bar-12-months', 'edge-10k-line'];

async function specOf(name: string): Promise<TopLevelSpec> {
  const fixture = allChartFixtures.find((entry) => entry.name === name)!;
  return buildVegaLiteSpec(fixtureConfig(fixture), await queryDuckDb(fixture.sql)).spec;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** Draws a batch; returns charts per second and the longest event-loop stall in ms. */
async function batch(draw: () => Promise<unknown>): Promise<{ chartsPerSecond: number; stallMs: number }> {
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const elapsed = await timed(() => draw());
  await new Promise((resolve) => setTimeout(resolve, 20));
  stalls.disable();
  return { chartsPerSecond: (BATCH_SIZE * 1000) / elapsed, stallMs: stalls.max / 1e6 };
}

const spread = (values: number[], format: (value: number) => string) =>
  `${format(median(values))} (min ${format(Math.min(...values))}, max ${format(Math.max(...values))})`;
const perSecond = (value: number) => `${value.toFixed(1)}/s`;

export async function runChartRenderPoolBenchmark(): Promise<string> {
  const pool = new ChartRenderPool();
  const lines = [
    `chart-render-pool: pool of ${CHART_WORKER_THREADS} worker threads vs the calling thread. Latency: ${LATENCY_RUNS} single renders each, interleaved. Batch: ${BATCH_SIZE} charts requested at once, ${BATCH_RUNS} runs (inline draws them one after another on the event loop).`,
  ];
  try {
    for (const name of FIXTURES) {
      const spec = await specOf(name);
      // Every worker and the calling thread warm (vega, canvas and fonts loaded) before timing.
      await Promise.all(Array.from({ length: CHART_WORKER_THREADS * 2 }, () => pool.render(spec)));
      for (let warm = 0; warm < 3; warm++) await renderChartPng(spec);
      const inlineMs: number[] = [];
      const pooledMs: number[] = [];
      for (let run = 0; run < LATENCY_RUNS; run++) {
        inlineMs.push(await timed(() => renderChartPng(spec)));
        pooledMs.push(await timed(() => pool.render(spec)));
      }
      const inlineBatches: Array<{ chartsPerSecond: number; stallMs: number }> = [];
      const pooledBatches: Array<{ chartsPerSecond: number; stallMs: number }> = [];
      for (let run = 0; run < BATCH_RUNS; run++) {
        inlineBatches.push(
          await batch(async () => {
            for (let chart = 0; chart < BATCH_SIZE; chart++) await renderChartPng(spec);
          }),
        );
        pooledBatches.push(await batch(() => Promise.all(Array.from({ length: BATCH_SIZE }, () => pool.render(spec)))));
      }
      const ratio = median(pooledMs) / median(inlineMs);
      lines.push(
        `chart-render-pool ${name}: latency inline median ${formatMs(median(inlineMs))} p95 ${formatMs(percentile(inlineMs, 0.95))}; pool median ${formatMs(median(pooledMs))} p95 ${formatMs(percentile(pooledMs, 0.95))} (pool ÷ inline ${ratio.toFixed(2)})`,
        `chart-render-pool ${name}: batch throughput inline ${spread(
          inlineBatches.map((entry) => entry.chartsPerSecond),
          perSecond,
        )}; pool ${spread(
          pooledBatches.map((entry) => entry.chartsPerSecond),
          perSecond,
        )}`,
        `chart-render-pool ${name}: longest event-loop stall during a batch: inline ${spread(
          inlineBatches.map((entry) => entry.stallMs),
          formatMs,
        )}; pool ${spread(
          pooledBatches.map((entry) => entry.stallMs),
          formatMs,
        )}`,
      );
    }
  } finally {
    await pool.close();
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runChartRenderPoolBenchmark());
}
