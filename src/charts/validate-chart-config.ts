// nao's display_chart rules, with its exact texts, then the checks nao leaves out: the columns
// exist, series are numeric, there are rows. Failures are data for the model, never exceptions.
import type { JsonValue, QueryColumn } from '../databases/types.js';
import { isPieLike, needsXAxis, type ChartConfig } from './chart-config.js';
import { inferXAxisType, isNumericColumn, readNumber } from './chart-values.js';
import { parseDateValue } from './dates.js';

export type ChartValidation = { success: true } | { success: false; error: string };

export interface ChartSourceRows {
  columns: QueryColumn[];
  rows: JsonValue[][];
}

const STACKED_BAR_TYPES = new Set(['stacked_bar', 'stacked_bar_100', 'horizontal_bar_100']);
const STACKED_AREA_TYPES = new Set(['stacked_area', 'stacked_area_100']);
export const RADAR_MIN_CATEGORIES = 3;

function fail(error: string): ChartValidation {
  return { success: false, error };
}

/** Checks the config alone, or (with `source`) also against the rows it will be drawn from. */
export function validateChartConfig(config: ChartConfig, source?: ChartSourceRows): ChartValidation {
  const { chart_type: chartType, series } = config;
  if (needsXAxis(chartType) && !config.x_axis_key) {
    return fail(`xAxisKey is required for ${chartType} charts.`);
  }
  if (chartType === 'pie' && series.length !== 1) return fail('Pie charts require exactly one series.');
  if (chartType === 'donut' && series.length !== 1) return fail('Donut charts require exactly one series.');
  if (series.length === 0) return fail('At least one series is required.');
  if (STACKED_BAR_TYPES.has(chartType) && series.length < 2) {
    return fail('Stacked bar chart requires at least two series. You may need to pivot the data to create a series for each stack.');
  }
  if (STACKED_AREA_TYPES.has(chartType) && series.length < 2) {
    return fail('Stacked area chart requires at least two series. You may need to pivot the data to create a series for each stack.');
  }
  if (chartType === 'kpi_card' && series.length > 2) {
    return fail('KPI cards take one series (the value) or two (the value, then the value to compare it with).');
  }
  if (config.y_axis_min !== undefined && config.y_axis_max !== undefined && config.y_axis_min >= config.y_axis_max) {
    return fail('The left Y-axis minimum must be less than the maximum.');
  }
  if (
    config.y_axis_right_min !== undefined &&
    config.y_axis_right_max !== undefined &&
    config.y_axis_right_min >= config.y_axis_right_max
  ) {
    return fail('The right Y-axis minimum must be less than the maximum.');
  }
  return source ? validateAgainstRows(config, source) : { success: true };
}

function validateAgainstRows(config: ChartConfig, source: ChartSourceRows): ChartValidation {
  const names = source.columns.map((column) => column.name);
  const columnList = names.map((name) => `"${name}"`).join(', ');
  const missing = (key: string, role: string) =>
    fail(`Column "${key}" (${role}) is not in the result of ${config.query_id}. Its columns are: ${columnList}.`);

  const xKey = config.x_axis_key;
  if (xKey && !names.includes(xKey)) {
    // kpi_card may omit the X axis, but a named one must exist.
    return missing(xKey, 'x_axis_key');
  }
  for (const entry of config.series) {
    if (!names.includes(entry.data_key)) return missing(entry.data_key, 'series data_key');
  }
  if (source.rows.length === 0) {
    return fail(`Query ${config.query_id} returned no rows, so there is nothing to chart. Tell the user no data matched, or change the query.`);
  }

  const numericColumns = names.filter((_, index) => isNumericColumn(source.rows, index));
  for (const entry of config.series) {
    const index = names.indexOf(entry.data_key);
    const values = source.rows.map((row) => row[index]);
    const bad = values.find((value) => readNumber(value) === undefined);
    if (bad !== undefined) {
      const hint = numericColumns.length > 0 ? `Numeric columns: ${numericColumns.map((name) => `"${name}"`).join(', ')}.` : 'This result has no numeric column.';
      return fail(`Series column "${entry.data_key}" must be numeric, but it holds ${JSON.stringify(bad)}. ${hint}`);
    }
    if (values.every((value) => value === null)) {
      return fail(`Series column "${entry.data_key}" holds only NULL values, so there is nothing to draw.`);
    }
    if (isPieLike(config.chart_type) && values.some((value) => (readNumber(value) ?? 0) < 0)) {
      return fail(`${config.chart_type === 'pie' ? 'Pie' : 'Donut'} charts cannot show negative values ("${entry.data_key}" has some). Use a bar chart instead.`);
    }
  }

  if (xKey) {
    const index = names.indexOf(xKey);
    const xType = config.x_axis_type ?? inferXAxisType(source.columns[index]!, source.rows, index);
    const present = source.rows.map((row) => row[index]).filter((value) => value !== null && value !== undefined);
    if (config.x_axis_type === 'date') {
      const bad = present.find((value) => parseDateValue(value) === undefined);
      if (bad !== undefined) {
        return fail(`Column "${xKey}" does not hold dates (found ${JSON.stringify(bad)}). Use x_axis_type "category" for labels such as fiscal periods.`);
      }
    }
    if (config.x_axis_type === 'number') {
      const bad = present.find((value) => readNumber(value) === undefined);
      if (bad !== undefined) return fail(`Column "${xKey}" is not numeric (found ${JSON.stringify(bad)}). Use x_axis_type "category".`);
    }
    if (config.chart_type === 'scatter' && xType === 'category') {
      return fail(`Scatter charts need a numeric or date X axis, but "${xKey}" holds categories. Use a bar or line chart instead.`);
    }
    if (present.length === 0 && config.chart_type !== 'kpi_card') {
      return fail(`Column "${xKey}" holds only NULL values, so there is no X axis to draw.`);
    }
    if (config.chart_type === 'radar' && new Set(present.map(String)).size < RADAR_MIN_CATEGORIES) {
      return fail(`Radar charts need at least ${RADAR_MIN_CATEGORIES} categories (rows). Use a bar chart for fewer.`);
    }
  }
  return { success: true };
}
