// Charts drawn on the worker-thread pool, as display_chart and stories draw them: the same PNG as
// drawing on the calling thread, the main event loop free while a 10,000-point chart is drawn, a
// render past the time limit or over the heap cap stopped with a clear error, and the pool still
// drawing afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import { buildVegaLiteSpec, renderChartPng } from '../../src/charts/index.js';
import { ChartRenderError } from '../../src/charts/chart-render-error.js';
import { ChartRenderPool } from '../../src/charts/chart-render-pool.js';
import { allChartFixtures, fixtureConfig, queryDuckDb } from '../../bench/charts-fixtures.js';

async function fixtureSpec(name: string): Promise<TopLevelSpec> {
  const fixture = allChartFixtures.find((entry) => entry.name === name)!;
  return buildVegaLiteSpec(fixtureConfig(fixture), await queryDuckDb(fixture.sql)).spec;
}

let pool: ChartRenderPool;
let barSpec: TopLevelSpec;
let scatterSpec: TopLevelSpec;

beforeAll(async () => {
  pool = new ChartRenderPool({ maxThreads: 2 });
  barSpec = await fixtureSpec('bar-12-months');
  scatterSpec = await fixtureSpec('edge-10k-scatter');
});

afterAll(async () => {
  await pool.close();
});

describe('chart render pool', () => {
  it('draws the same PNG as drawing on the calling thread', async () => {
    const inline = await renderChartPng(barSpec);
    const pooled = await pool.render(barSpec);
    expect(Buffer.isBuffer(pooled.png)).toBe(true);
    expect(pooled.png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect({ widthPx: pooled.widthPx, heightPx: pooled.heightPx }).toEqual({ widthPx: inline.widthPx, heightPx: inline.heightPx });
    expect(pooled.png.equals(inline.png)).toBe(true);
  });

  it('draws at the pixel density and in the colours it is asked for', async () => {
    const full = await pool.render(barSpec);
    const compact = await pool.render(barSpec, { pixelRatio: 1, indexedColours: true });
    expect({ widthPx: compact.widthPx * 2, heightPx: compact.heightPx * 2 }).toEqual({ widthPx: full.widthPx, heightPx: full.heightPx });
    expect(compact.png.readUInt8(25)).toBe(3); // a palette PNG
    expect(compact.png.equals((await renderChartPng(barSpec, { pixelRatio: 1, indexedColours: true })).png)).toBe(true);
  });

  it('keeps the main event loop turning while charts are drawn', async () => {
    await pool.render(scatterSpec);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const started = performance.now();
    const charts = await Promise.all([pool.render(scatterSpec), pool.render(scatterSpec), pool.render(scatterSpec), pool.render(scatterSpec)]);
    const elapsedMs = performance.now() - started;
    clearInterval(ticker);
    expect(charts.map((chart) => chart.png.length > 10_000)).toEqual([true, true, true, true]);
    // A blocked loop would tick about once per chart; a free one ticks for a large part of the time.
    expect(ticks).toBeGreaterThan(Math.max(8, elapsedMs / 5 / 4));
  });

  it('stops a render past the time limit with a clear error, and the pool keeps drawing', async () => {
    const hurried = new ChartRenderPool({ maxThreads: 1, timeLimitMs: 5 });
    try {
      const failure = await hurried.render(scatterSpec).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ChartRenderError);
      expect((failure as Error).message).toBe('The chart took longer than 0.005 seconds to draw and was stopped. Chart fewer rows (aggregate in SQL first).');
    } finally {
      await hurried.close();
    }
    expect((await pool.render(barSpec)).widthPx).toBeGreaterThan(0);
  });

  it('stops a render over the heap cap with a clear error, and the pool and process go on', async () => {
    const errors: Error[] = [];
    const cramped = new ChartRenderPool({ maxThreads: 1, heapLimitMb: 48, onWorkerError: (error) => errors.push(error) });
    const values = Array.from({ length: 200_000 }, (_, index) => ({ x: index % 997, y: (index * 31) % 1009 }));
    const enormous = { mark: 'point', width: 400, height: 300, data: { values }, encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } } } as TopLevelSpec;
    try {
      const failure = await cramped.render(enormous).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ChartRenderError);
      expect((failure as Error).message).toBe('The chart needed more than the 48 MB a chart may use and was stopped. Chart fewer rows (aggregate in SQL first).');
      // The worker that died was replaced: the same pool draws the next chart.
      expect((await cramped.render(barSpec)).png.length).toBeGreaterThan(1_000);
      expect(errors).toEqual([]);
    } finally {
      await cramped.close();
    }
  });

  it('reports a spec the renderer refuses as a chart error', async () => {
    const failure = await pool.render({ mark: 'bar', data: { values: [{ a: 1 }] }, encoding: { x: { field: 'a', type: 'nominal' } }, transform: [{ calculate: 'datum.a +', as: 'b' }] } as TopLevelSpec).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChartRenderError);
    expect((failure as Error).message).toMatch(/^The chart could not be drawn: /);
  });
});
