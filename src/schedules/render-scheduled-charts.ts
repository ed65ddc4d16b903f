// Draws a schedule's charts again from the fresh rows, with the chart config stored at creation.
import { buildVegaLiteSpec } from '../charts/build-vega-lite-spec.js';
import { chartConfigSchema } from '../charts/chart-config.js';
import { renderChartPngOffThread } from '../charts/chart-render-pool.js';
import { validateChartConfig } from '../charts/validate-chart-config.js';
import type { ScheduledChart, ScheduledResult } from './scheduled-post.js';
import type { ScheduledQuery } from '../store/schedule-types.js';

/** Charts for the queries that have one; throws when a stored config no longer fits the rows. */
export async function renderScheduledCharts(queries: readonly ScheduledQuery[], results: readonly ScheduledResult[]): Promise<ScheduledChart[]> {
  const charts: ScheduledChart[] = [];
  for (const query of queries) {
    if (query.chart === undefined || query.chart === null) continue;
    const result = results.find((each) => each.queryId === query.queryId);
    const parsed = chartConfigSchema.safeParse(query.chart);
    if (!result || !parsed.success) throw new Error(`The stored chart of ${query.queryId} cannot be read.`);
    const validation = validateChartConfig(parsed.data, result);
    if (!validation.success) throw new Error(`The chart "${parsed.data.title}" no longer fits the rows: ${validation.error}`);
    const { spec } = buildVegaLiteSpec(parsed.data, result, 'thread_image');
    const rendered = await renderChartPngOffThread(spec);
    charts.push({ title: parsed.data.title, png: rendered.png });
  }
  return charts;
}
