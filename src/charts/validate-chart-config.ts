// nao's display_chart rules, with its exact texts, then the checks nao leaves out: the columns
// exist, series are numeric, there are rows. Rules only some chart types have live with the type
// (chart-types.ts). Failures are data for the model, never exceptions.
import type { JsonValue } from '../databases/types.js';
import type { ChartConfig } from './chart-config.js';
import type { ChartSourceRows } from './chart-source-rows.js';
import type { ChartXAxis } from './chart-type-rules.js';
import { chartTypeDefinitions } from './chart-types.js';
import { inferXAxisType, isNumericColumn, readNumber } from './chart-values.js';
import { parseDateValue } from './dates.js';

export type ChartValidation = { success: true } | { success: false; error: string };

function fail(error: string): ChartValidation {
  return { success: false, error };
}

/** Checks the config alone, or (with `source`) also against the rows it will be drawn from. */
export function validateChartConfig(config: ChartConfig, source?: ChartSourceRows): ChartValidation {
  const definition = chartTypeDefinitions[config.chart_type];
  if (definition.xAxisRequired && !config.x_axis_key) {
    return fail(`xAxisKey is required for ${config.chart_type} charts.`);
  }
  const typeProblem = definition.checkConfig(config);
  if (typeProblem !== undefined) return fail(typeProblem);
  if (config.series.length === 0) return fail('At least one series is required.');
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
  const definition = chartTypeDefinitions[config.chart_type];
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
  }

  let xAxis: ChartXAxis | undefined;
  if (xKey) {
    const index = names.indexOf(xKey);
    const xType = config.x_axis_type ?? inferXAxisType(source.columns[index]!, source.rows, index);
    const present = source.rows.map((row) => row[index]).filter((value): value is JsonValue => value !== null && value !== undefined);
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
    if (present.length === 0 && definition.xAxisRequired) {
      return fail(`Column "${xKey}" holds only NULL values, so there is no X axis to draw.`);
    }
    xAxis = { key: xKey, type: xType, values: present };
  }
  const series = config.series.map((entry) => {
    const index = names.indexOf(entry.data_key);
    return { dataKey: entry.data_key, values: source.rows.map((row) => row[index] ?? null) };
  });
  const typeProblem = definition.checkRows(config, { series, xAxis });
  return typeProblem === undefined ? { success: true } : fail(typeProblem);
}
