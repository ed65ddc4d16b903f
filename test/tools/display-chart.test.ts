import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/types.js';
import { createDisplayChartTool, displayChart, renderDisplayChartOutput, type DisplayChartOutput } from '../../src/tools/display-chart.js';
import type { ToolContext } from '../../src/tools/tool-context.js';
import { chartConfigSchema, type ChartConfig } from '../../src/charts/chart-config.js';
import { addDuckDbResult, createChartToolContext } from '../charts/chart-tool-context.js';
import { inspectPng } from '../charts/png-inspection.js';

const REGION_SQL = `select * from (values ('North', 120.5, 80), ('South', 98.25, 91), ('East', 143.0, 60)) v(region, revenue, orders)`;

const barConfig: ChartConfig = {
  query_id: 'query_regions1',
  chart_type: 'bar',
  x_axis_key: 'region',
  x_axis_type: 'category',
  series: [{ data_key: 'revenue', label: 'Revenue' }],
  title: 'Revenue by region',
};

describe('display_chart tool', () => {
  let context: ToolContext;
  let store: Store;
  let statuses: string[];

  beforeEach(async () => {
    ({ context, store, statuses } = await createChartToolContext());
    await addDuckDbResult(context, 'query_regions1', REGION_SQL);
  });

  afterEach(async () => {
    await store.close();
  });

  it('renders the chart and puts it on the blackboard for the channel', async () => {
    const output = await displayChart(context, barConfig);
    expect(output).toMatchObject({ success: true, chartId: 'chart_00000001', widthPx: 960, heightPx: 600, notes: [] });
    expect(renderDisplayChartOutput(output)).toBe('Chart displayed successfully.');
    expect(statuses).toContain('Drawing a chart…');

    expect(context.charts).toHaveLength(1);
    const chart = context.charts[0]!;
    expect(chart).toMatchObject({ chartId: 'chart_00000001', queryId: 'query_regions1', title: 'Revenue by region', chartType: 'bar' });
    expect((chart.spec as { $schema: string }).$schema).toContain('vega-lite');
    const image = await inspectPng(chart.png);
    expect([image.width, image.height]).toEqual([960, 600]);
    expect(image.inkShare).toBeGreaterThan(0.02);
    expect(chart.config).toMatchObject({ chart_type: 'bar', x_axis_key: 'region' });
  });

  it('goes through the AI SDK tool shape: schema, execute, Markdown for the model', async () => {
    const chartTool = createDisplayChartTool(context);
    const output = (await chartTool.execute!(barConfig, { toolCallId: 'call_1', messages: [], context: {} })) as DisplayChartOutput;
    const modelOutput = await chartTool.toModelOutput!({ toolCallId: 'call_1', input: barConfig, output });
    expect(modelOutput).toEqual({ type: 'text', value: 'Chart displayed successfully.' });
    expect(chartTool.description).toContain('kpi_card');
  });

  it('draws a kpi_card whose call leaves x_axis_key and x_axis_type out, through the tool schema', async () => {
    const chartTool = createDisplayChartTool(context);
    const call = { query_id: 'query_regions1', chart_type: 'kpi_card', series: [{ data_key: 'revenue' }], title: 'Revenue' };
    const parsed = chartConfigSchema.parse(call);
    const output = (await chartTool.execute!(parsed, { toolCallId: 'call_2', messages: [], context: {} })) as DisplayChartOutput;
    expect(output).toMatchObject({ success: true, chartType: 'kpi_card' });
    expect(context.charts).toHaveLength(1);
  });

  it('draws for the placement of the turn: a Teams card gets a canvas as wide as Teams shows the image (382 px) at 2×', async () => {
    const teams = await createChartToolContext('card_image');
    try {
      await addDuckDbResult(teams.context, 'query_regions1', REGION_SQL);
      expect(await displayChart(teams.context, barConfig)).toMatchObject({ success: true, widthPx: 764, heightPx: 520 });
    } finally {
      await teams.store.close();
    }
  });

  it('tells the model about the Other bucket', async () => {
    await addDuckDbResult(context, 'query_stores01', `select 'Store ' || i as store, (1000 - i)::integer as revenue from range(40) t(i)`);
    const output = await displayChart(context, { ...barConfig, query_id: 'query_stores01', x_axis_key: 'store', series: [{ data_key: 'revenue' }] });
    expect(renderDisplayChartOutput(output)).toBe(
      'Chart displayed successfully.\nShowing the top 24 categories plus Other (16 smaller categories grouped).',
    );
  });

  it('says when the result was truncated at the row cap', async () => {
    await addDuckDbResult(context, 'query_capped01', REGION_SQL, { truncated: true });
    const output = await displayChart(context, { ...barConfig, query_id: 'query_capped01' });
    expect(renderDisplayChartOutput(output)).toContain('The chart shows the first 3 rows only');
  });

  it('refuses an unknown query id, as data', async () => {
    const output = await displayChart(context, { ...barConfig, query_id: 'query_missing1' });
    expect(output.success).toBe(false);
    expect(renderDisplayChartOutput(output)).toBe(
      'Could not display the chart: There is no query result "query_missing1" in this conversation. Use the query_id that an execute_sql result gave you (query_xxxxxxxx), or run the query again.',
    );
    expect(context.charts).toHaveLength(0);
  });

  it('finds a result stored by an earlier turn of the same conversation', async () => {
    context.queryResults.clear(); // as in a new turn: only the store knows the result
    const output = await displayChart(context, barConfig);
    expect(output.success).toBe(true);
    expect(context.charts.map((chart) => chart.queryId)).toEqual(['query_regions1']);
  });

  it('returns validation failures as data with their exact text', async () => {
    const cases: [Partial<ChartConfig>, string][] = [
      [{ x_axis_key: null }, 'xAxisKey is required for bar charts.'],
      [{ chart_type: 'pie', series: [{ data_key: 'revenue' }, { data_key: 'orders' }] }, 'Pie charts require exactly one series.'],
      [{ series: [] }, 'At least one series is required.'],
      [{ chart_type: 'stacked_bar' }, 'Stacked bar chart requires at least two series. You may need to pivot the data to create a series for each stack.'],
      [{ y_axis_min: 5, y_axis_max: 1 }, 'The left Y-axis minimum must be less than the maximum.'],
      [{ x_axis_key: 'country' }, 'Column "country" (x_axis_key) is not in the result of query_regions1. Its columns are: "region", "revenue", "orders".'],
      [{ series: [{ data_key: 'region' }] }, 'Series column "region" must be numeric, but it holds "North". Numeric columns: "revenue", "orders".'],
    ];
    for (const [change, error] of cases) {
      const output = await displayChart(context, { ...barConfig, ...change });
      expect(output).toEqual({ _version: '1', success: false, error });
      expect(renderDisplayChartOutput(output)).toBe(`Could not display the chart: ${error}`);
    }
    expect(context.charts).toHaveLength(0);
  });

  it('explains an empty result', async () => {
    await addDuckDbResult(context, 'query_empty001', `select 'x' as region, 1.5 as revenue where false`);
    const output = await displayChart(context, { ...barConfig, query_id: 'query_empty001' });
    expect(renderDisplayChartOutput(output)).toBe(
      'Could not display the chart: Query query_empty001 returned no rows, so there is nothing to chart. Tell the user no data matched, or change the query.',
    );
  });
});
