// Chart rendering benchmark: per chart type, the warm render time (median and p95 over 50 runs) of
// renderChartPng (Vega-Lite spec → PNG) against bare vega + canvas rendering the same compiled
// Vega spec in the same run (parse, View, toCanvas(2), PNG encode with the same options).
import { pathToFileURL } from 'node:url';
import * as vega from 'vega';
import type { Canvas } from 'canvas';
import { buildVegaLiteSpec, compileToVega, renderChartPng, validateChartConfig } from '../src/charts/index.js';
import { registerChartFonts } from '../src/charts/fonts.js';
import { allChartFixtures, fixtureConfig, queryDuckDb } from './charts-fixtures.js';

const RUNS = 50;
const WARM_UP_RUNS = 10;
const BENCHMARKED = [
  'bar-12-months',
  'grouped-bar',
  'stacked_bar',
  'stacked_bar_100',
  'horizontal_bar',
  'horizontal_bar_100',
  'line',
  'area',
  'stacked_area',
  'stacked_area_100',
  'mixed',
  'pie',
  'donut',
  'kpi_card',
  'scatter',
  'radar',
  'edge-10k-line',
  'edge-10k-scatter',
];

async function bareVegaPng(vegaSpec: vega.Spec): Promise<Buffer> {
  const view = new vega.View(vega.parse(vegaSpec), { renderer: 'none' });
  const canvas = (await view.toCanvas(2)) as unknown as Canvas;
  const png = canvas.toBuffer('image/png');
  view.finalize();
  return png;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

async function time(runs: number, action: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

export async function runChartBenchmarks(): Promise<string> {
  registerChartFonts();
  const lines = [
    `Charts: warm render, ${RUNS} runs each, Slack thread image placement: 480×300 at 2× (PNG 960×600). ours = rows → Vega-Lite spec → PNG; "bare" = vega + canvas on the same spec, already compiled.`,
    `${'chart'.padEnd(20)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'bare med'.padStart(9)} ${'bare p95'.padStart(9)} ${'ratio'.padStart(6)}`,
  ];
  for (const name of BENCHMARKED) {
    const fixture = allChartFixtures.find((entry) => entry.name === name)!;
    const source = await queryDuckDb(fixture.sql);
    const config = fixtureConfig(fixture);
    const validation = validateChartConfig(config, source);
    if (!validation.success) throw new Error(`${name}: ${validation.error}`);
    const { spec } = buildVegaLiteSpec(config, source);
    const compiled = compileToVega(spec);
    // Ours is the whole path display_chart takes from rows: build the Vega-Lite spec, compile, render, encode.
    const ourRender = () => renderChartPng(buildVegaLiteSpec(config, source).spec);
    await time(WARM_UP_RUNS, ourRender);
    await time(WARM_UP_RUNS, () => bareVegaPng(compiled));
    // Interleave the two so that machine noise hits both alike.
    const ours: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      ours.push(...(await time(1, ourRender)));
      bare.push(...(await time(1, () => bareVegaPng(compiled))));
    }
    ours.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    const median = percentile(ours, 0.5);
    const bareMedian = percentile(bare, 0.5);
    lines.push(
      `${name.padEnd(20)} ${median.toFixed(1).padStart(6)}ms ${percentile(ours, 0.95).toFixed(1).padStart(6)}ms ${bareMedian.toFixed(1).padStart(7)}ms ${percentile(bare, 0.95).toFixed(1).padStart(7)}ms ${(median / bareMedian).toFixed(2).padStart(6)}`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runChartBenchmarks());
}
