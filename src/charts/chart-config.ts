// The display_chart input (nao's fields plus a few optional extras), as a zod schema. The same
// schema types the `<chart …/>` tags of stories, so both render through one code path.
import { z } from 'zod';

export const chartTypes = [
  'bar',
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
] as const;

export type ChartType = (typeof chartTypes)[number];

export const xAxisTypes = ['date', 'number', 'category'] as const;
export type XAxisType = (typeof xAxisTypes)[number];

export const valueFormatSchema = z.object({
  prefix: z.string().max(8).optional().describe('Text before each value, e.g. "$".'),
  suffix: z.string().max(12).optional().describe('Text after each value, e.g. "%" or " h".'),
  compact: z
    .boolean()
    .optional()
    .describe('true: 1.2k / 3.4M; false: full numbers with thousands separators; unset: compact from 10,000 up.'),
});

export type ValueFormat = z.infer<typeof valueFormatSchema>;

export const chartSeriesSchema = z.object({
  data_key: z.string().describe('Numeric column of the query result to plot.'),
  label: z.string().optional().describe('Name shown in the legend; defaults to the column name.'),
  color: z.string().optional().describe('Optional CSS colour (#1f77b4); a colour-blind-safe palette is used otherwise.'),
  series_type: z.enum(['bar', 'line', 'area']).optional().describe('mixed charts only: how this series is drawn (default bar for the first, line for the rest).'),
  y_axis: z.enum(['left', 'right']).optional().describe('mixed charts only: which Y axis this series uses (default left).'),
  value_format: valueFormatSchema.optional(),
});

export type ChartSeries = z.infer<typeof chartSeriesSchema>;

export const chartConfigSchema = z.object({
  query_id: z.string().describe('The query id (`query_xxxxxxxx`) of an earlier execute_sql result in this conversation.'),
  chart_type: z.enum(chartTypes).describe('Kind of chart; see the tool description.'),
  // nullish, not nullable: models without strict function calling leave these out instead of
  // sending null, and both mean the same.
  x_axis_key: z
    .string()
    .nullish()
    .describe('Column for the X axis (categories, dates or numbers); the slice names of pie/donut. May be null (or left out) only for kpi_card.'),
  x_axis_type: z
    .enum(xAxisTypes)
    .nullish()
    .describe('"date" for dates/timestamps, "number" for numeric axes, "category" for labels; may be null (or left out) to infer it from the column.'),
  // No .min(1): the tool answers an empty list with nao's own message instead of a schema error.
  series: z.array(chartSeriesSchema).describe('Columns to plot as data series (at least one).'),
  title: z.string().describe('Concise, descriptive title of what the chart shows (not the chart type).'),
  x_axis_label: z.string().optional().describe('Title under the X axis.'),
  y_axis_label: z.string().optional().describe('Title beside the (left) Y axis.'),
  y_axis_min: z.number().optional().describe('Fixes the left Y-axis lower bound.'),
  y_axis_max: z.number().optional().describe('Fixes the left Y-axis upper bound.'),
  y_axis_right_min: z.number().optional().describe('mixed charts: fixes the right Y-axis lower bound.'),
  y_axis_right_max: z.number().optional().describe('mixed charts: fixes the right Y-axis upper bound.'),
  show_data_labels: z.boolean().optional().describe('Write each value on the chart.'),
});

export type ChartConfig = z.infer<typeof chartConfigSchema>;

export function isBarLike(chartType: ChartType): boolean {
  return ['bar', 'stacked_bar', 'stacked_bar_100', 'horizontal_bar', 'horizontal_bar_100'].includes(chartType);
}

export function isPieLike(chartType: ChartType): boolean {
  return chartType === 'pie' || chartType === 'donut';
}
