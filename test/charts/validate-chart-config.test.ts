import { describe, expect, it } from 'vitest';
import { validateChartConfig, type ChartConfig } from '../../src/charts/index.js';
import { queryDuckDb } from './chart-test-helpers.js';

const base: ChartConfig = {
  query_id: 'query_abc12345',
  chart_type: 'bar',
  x_axis_key: 'region',
  x_axis_type: 'category',
  series: [{ data_key: 'revenue' }],
  title: 'Revenue by region',
};

function errorOf(config: Partial<ChartConfig>, source?: Awaited<ReturnType<typeof queryDuckDb>>) {
  const result = validateChartConfig({ ...base, ...config }, source);
  return result.success ? undefined : result.error;
}

describe('validateChartConfig: nao rules with its exact texts', () => {
  it.each(['bar', 'line', 'area', 'scatter', 'radar', 'pie', 'mixed'] as const)('requires x_axis_key for %s', (type) => {
    expect(errorOf({ chart_type: type, x_axis_key: null, series: type === 'pie' ? [{ data_key: 'revenue' }] : base.series })).toBe(
      `xAxisKey is required for ${type} charts.`,
    );
  });

  it('lets kpi_card go without an x axis', () => {
    expect(errorOf({ chart_type: 'kpi_card', x_axis_key: null, x_axis_type: null })).toBeUndefined();
  });

  it('pie and donut take exactly one series', () => {
    const two = [{ data_key: 'a' }, { data_key: 'b' }];
    expect(errorOf({ chart_type: 'pie', series: two })).toBe('Pie charts require exactly one series.');
    expect(errorOf({ chart_type: 'donut', series: two })).toBe('Donut charts require exactly one series.');
    expect(errorOf({ chart_type: 'pie', series: [] })).toBe('Pie charts require exactly one series.');
  });

  it('needs at least one series', () => {
    expect(errorOf({ series: [] })).toBe('At least one series is required.');
  });

  it.each(['stacked_bar', 'stacked_bar_100', 'horizontal_bar_100'] as const)('%s needs two series', (type) => {
    expect(errorOf({ chart_type: type })).toBe(
      'Stacked bar chart requires at least two series. You may need to pivot the data to create a series for each stack.',
    );
  });

  it.each(['stacked_area', 'stacked_area_100'] as const)('%s needs two series', (type) => {
    expect(errorOf({ chart_type: type })).toBe(
      'Stacked area chart requires at least two series. You may need to pivot the data to create a series for each stack.',
    );
  });

  it('checks the left and right Y-axis bounds', () => {
    expect(errorOf({ y_axis_min: 10, y_axis_max: 10 })).toBe('The left Y-axis minimum must be less than the maximum.');
    expect(errorOf({ y_axis_min: 0, y_axis_max: 10 })).toBeUndefined();
    expect(errorOf({ y_axis_right_min: 5, y_axis_right_max: 1 })).toBe('The right Y-axis minimum must be less than the maximum.');
  });
});

describe('validateChartConfig against the rows', () => {
  const sql = `select * from (values ('North', 10, 'high', '12.5'), ('South', 20, 'low', '7')) v(region, revenue, label, revenue_text)`;

  it('accepts numeric strings as series values', async () => {
    expect(errorOf({ series: [{ data_key: 'revenue_text' }] }, await queryDuckDb(sql))).toBeUndefined();
  });

  it('names the missing x column and lists the columns', async () => {
    expect(errorOf({ x_axis_key: 'country' }, await queryDuckDb(sql))).toBe(
      'Column "country" (x_axis_key) is not in the result of query_abc12345. Its columns are: "region", "revenue", "label", "revenue_text".',
    );
  });

  it('names a missing series column', async () => {
    expect(errorOf({ series: [{ data_key: 'profit' }] }, await queryDuckDb(sql))).toContain('Column "profit" (series data_key) is not in the result');
  });

  it('refuses a non-numeric series and lists the numeric columns', async () => {
    expect(errorOf({ series: [{ data_key: 'label' }] }, await queryDuckDb(sql))).toBe(
      'Series column "label" must be numeric, but it holds "high". Numeric columns: "revenue", "revenue_text".',
    );
  });

  it('explains a result without rows', async () => {
    const empty = await queryDuckDb(`select 'x' as region, 1 as revenue where false`);
    expect(errorOf({}, empty)).toBe('Query query_abc12345 returned no rows, so there is nothing to chart. Tell the user no data matched, or change the query.');
  });

  it('refuses negative slices, text on a date axis, a scatter over categories and a radar with two spokes', async () => {
    const rows = await queryDuckDb(`select * from (values ('a', -1), ('b', 2)) v(region, revenue)`);
    expect(errorOf({ chart_type: 'pie' }, rows)).toContain('Pie charts cannot show negative values');
    expect(errorOf({ x_axis_type: 'date' }, rows)).toContain('Column "region" does not hold dates (found "a")');
    expect(errorOf({ chart_type: 'scatter', x_axis_type: null }, rows)).toContain('Scatter charts need a numeric or date X axis');
    expect(errorOf({ chart_type: 'radar' }, rows)).toBe('Radar charts need at least 3 categories (rows). Use a bar chart for fewer.');
  });
});
