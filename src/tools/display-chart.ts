// display_chart{query_id, chart_type, x_axis_key, x_axis_type, series[], title}: draws a chart
// from an earlier query result as a PNG on the server (Vega-Lite → vega → canvas) and puts it on
// the blackboard for the channel to post. No public URL.
import { tool } from 'ai';
import type { JsonValue } from '../databases/types.js';
import { buildVegaLiteSpec } from '../charts/build-vega-lite-spec.js';
import { chartConfigSchema, chartTypes, type ChartConfig } from '../charts/chart-config.js';
import { chartTypeDefinitions } from '../charts/chart-types.js';
import { validateChartConfig } from '../charts/validate-chart-config.js';
import { renderChartPngOffThread } from '../charts/chart-render-pool.js';
import { acceptsImagesInToolResults } from '../agent/provider-capabilities.js';
import type { ToolContext } from './tool-context.js';
import type { ToolRuntime } from './tool-offer.js';

/** "bar (one series, …), stacked_bar, …": every chart type the record defines, with its note. */
function describeChartTypes(): string {
  const described = chartTypes.map((type) => {
    const { description } = chartTypeDefinitions[type];
    return description === '' ? type : `${type} (${description})`;
  });
  return `Chart types: ${described.join(', ')}.`;
}

const DISPLAY_CHART_DESCRIPTION = [
  'Display a chart of the rows of an earlier `execute_sql` result (by its query_id). The chart is drawn as an image and posted in the thread; do not describe it pixel by pixel afterwards.',
  describeChartTypes(),
  'kpi_card: x_axis_key may be null. Shows series[0] as a big number, from the first row, or from the latest row when x_axis_key is set. Optional comparison: a second series in the same row (e.g. `previous_revenue`), or, with x_axis_key and two or more rows, the previous row (previous period). The change is shown as ▲/▼ with % and absolute difference.',
  'Stacked types need at least two series: pivot the data so each stack is a column. Series columns must be numeric. Dates on the X axis are sorted chronologically and labelled by their granularity (day, month, quarter, year). More than 25 categories in a bar chart (8 slices in a pie) are folded into the top ones plus "Other".',
  'Optional: x_axis_label, y_axis_label, y_axis_min/y_axis_max, show_data_labels, and per series value_format {prefix: "$", suffix: "%", compact: true} (compact: 1.2k, 3.4M).',
].join('\n');

export type DisplayChartOutput =
  | {
      _version: '1';
      success: true;
      chartId: string;
      title: string;
      chartType: string;
      widthPx: number;
      heightPx: number;
      notes: string[];
    }
  | { _version: '1'; success: false; error: string };

export function createDisplayChartTool(context: ToolContext, runtime: ToolRuntime = {}) {
  const withImage = acceptsImagesInToolResults(runtime.modelProvider);
  return tool({
    description: DISPLAY_CHART_DESCRIPTION,
    inputSchema: chartConfigSchema,
    execute: async (input): Promise<DisplayChartOutput> => displayChart(context, input),
    toModelOutput: ({ output }) => {
      const text = renderDisplayChartOutput(output);
      const png = withImage && output.success ? context.charts.find((chart) => chart.chartId === output.chartId)?.png : undefined;
      if (!png) return { type: 'text', value: text };
      // The model sees what the user sees, so it can check the chart it asked for.
      return { type: 'content', value: [{ type: 'text', text }, { type: 'file', mediaType: 'image/png', data: { type: 'data', data: png.toString('base64') } }] };
    },
  });
}

/**
 * Charts of one turn are drawn in parallel on the worker pool but kept in the order the model asked
 * for them: each call waits for the previous call's chart to be added (or to fail) before adding its own.
 */
const chartsInCallOrder = new WeakMap<ToolContext, Promise<void>>();

export async function displayChart(context: ToolContext, config: ChartConfig): Promise<DisplayChartOutput> {
  const previous = chartsInCallOrder.get(context) ?? Promise.resolve();
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  chartsInCallOrder.set(context, previous.then(() => settled));
  try {
    return await drawChart(context, config, previous);
  } finally {
    settle();
  }
}

async function drawChart(context: ToolContext, config: ChartConfig, previous: Promise<void>): Promise<DisplayChartOutput> {
  const alone = validateChartConfig(config);
  if (!alone.success) return failure(alone.error);
  const result = await context.findQueryResult(config.query_id);
  if (!result) {
    return failure(`There is no query result "${config.query_id}" in this conversation. Use the query_id that an execute_sql result gave you (query_xxxxxxxx), or run the query again.`);
  }
  const withRows = validateChartConfig(config, result);
  if (!withRows.success) return failure(withRows.error);

  context.reportStatus('Drawing a chart…');
  const { spec, notes } = buildVegaLiteSpec(config, result, context.chartPlacement);
  // Drawn on a worker thread: vega and canvas load there, and the drawing never blocks the event loop.
  const rendered = await renderChartPngOffThread(spec);
  await previous;
  if (result.truncated) notes.push(`The chart shows the first ${result.rows.length} rows only (the result was cut at the row cap); aggregate in SQL to chart everything.`);
  const chartId = context.createId('chart_');
  context.addChart({
    chartId,
    queryId: config.query_id,
    title: config.title,
    chartType: config.chart_type,
    config: toJson(config),
    spec: toJson(spec),
    png: rendered.png,
    widthPx: rendered.widthPx,
    heightPx: rendered.heightPx,
  });
  return {
    _version: '1',
    success: true,
    chartId,
    title: config.title,
    chartType: config.chart_type,
    widthPx: rendered.widthPx,
    heightPx: rendered.heightPx,
    notes,
  };
}

export function renderDisplayChartOutput(output: DisplayChartOutput): string {
  if (!output.success) return `Could not display the chart: ${output.error}`;
  return ['Chart displayed successfully.', ...output.notes].join('\n');
}

function failure(error: string): DisplayChartOutput {
  return { _version: '1', success: false, error };
}

/** Plain JSON (no undefined members) for the store's JSON columns. */
function toJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}
