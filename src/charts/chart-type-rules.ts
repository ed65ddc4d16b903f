// The rules only some chart types have, in nao's words where nao has them. Each rule returns the
// message for the model, or undefined when the chart passes.
import type { JsonValue } from '../databases/types.js';
import type { ChartConfig, XAxisType } from './chart-config.js';
import { readNumber } from './chart-values.js';

/** The X axis as the rows give it: its column, the resolved type and the non-null values. */
export interface ChartXAxis {
  key: string;
  type: XAxisType;
  values: JsonValue[];
}

/** What a type's row rule sees: the series values (in config order) and the X axis when there is one. */
export interface ChartRowsView {
  series: { dataKey: string; values: JsonValue[] }[];
  xAxis: ChartXAxis | undefined;
}

export type ChartConfigRule = (config: ChartConfig) => string | undefined;
export type ChartRowsRule = (config: ChartConfig, rows: ChartRowsView) => string | undefined;

const RADAR_MIN_CATEGORIES = 3;

export const noConfigRule: ChartConfigRule = () => undefined;
export const noRowsRule: ChartRowsRule = () => undefined;

export function exactlyOneSeries(typeLabel: string): ChartConfigRule {
  return (config) => (config.series.length !== 1 ? `${typeLabel} charts require exactly one series.` : undefined);
}

/** A list without any series is answered by the common rule, before this one applies. */
export function atLeastTwoSeries(kind: 'bar' | 'area'): ChartConfigRule {
  return (config) =>
    config.series.length === 1
      ? `Stacked ${kind} chart requires at least two series. You may need to pivot the data to create a series for each stack.`
      : undefined;
}

export const atMostTwoKpiSeries: ChartConfigRule = (config) =>
  config.series.length > 2 ? 'KPI cards take one series (the value) or two (the value, then the value to compare it with).' : undefined;

export function noNegativeValues(typeLabel: string): ChartRowsRule {
  return (_config, rows) => {
    const negative = rows.series.find((entry) => entry.values.some((value) => (readNumber(value) ?? 0) < 0));
    return negative ? `${typeLabel} charts cannot show negative values ("${negative.dataKey}" has some). Use a bar chart instead.` : undefined;
  };
}

export const numericOrDateXAxis: ChartRowsRule = (_config, { xAxis }) =>
  xAxis?.type === 'category'
    ? `Scatter charts need a numeric or date X axis, but "${xAxis.key}" holds categories. Use a bar or line chart instead.`
    : undefined;

export const enoughRadarCategories: ChartRowsRule = (_config, { xAxis }) =>
  xAxis && new Set(xAxis.values.map(String)).size < RADAR_MIN_CATEGORIES
    ? `Radar charts need at least ${RADAR_MIN_CATEGORIES} categories (rows). Use a bar chart for fewer.`
    : undefined;
