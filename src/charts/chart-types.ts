// Every chart type display_chart and stories can draw, keyed by its name: how the model is told
// about it, the rules it adds to the common checks, and the Vega-Lite spec builder. The record is
// typed by ChartType, so a type listed in chart-config.ts without a builder or rules does not compile.
import type { ChartConfig, ChartType } from './chart-config.js';
import type { PreparedData } from './chart-data.js';
import {
  atLeastTwoSeries,
  atMostTwoKpiSeries,
  enoughRadarCategories,
  exactlyOneSeries,
  noConfigRule,
  noNegativeValues,
  noRowsRule,
  numericOrDateXAxis,
  type ChartConfigRule,
  type ChartRowsRule,
} from './chart-type-rules.js';
import { barSpec } from './spec-bar.js';
import { kpiSpec } from './spec-kpi.js';
import { lineSpec, scatterSpec } from './spec-line.js';
import { mixedSpec } from './spec-mixed.js';
import type { SpecObject } from './spec-parts.js';
import { pieSpec } from './spec-pie.js';
import { radarSpec } from './spec-radar.js';

export interface ChartTypeDefinition {
  /** What the model reads about the type in display_chart's description ('' when the name says it all). */
  description: string;
  /** False only where a chart can stand without an X axis (a KPI card). */
  xAxisRequired: boolean;
  /** The type's own rules on the config alone, checked right after the X axis rule. */
  checkConfig: ChartConfigRule;
  /** The type's own rules against the rows, checked after the common column and value checks. */
  checkRows: ChartRowsRule;
  buildSpec: (config: ChartConfig, prepared: PreparedData) => SpecObject;
}

const stackedBar = { xAxisRequired: true, checkConfig: atLeastTwoSeries('bar'), checkRows: noRowsRule, buildSpec: barSpec };
const stackedArea = { xAxisRequired: true, checkConfig: atLeastTwoSeries('area'), checkRows: noRowsRule, buildSpec: lineSpec };

export const chartTypeDefinitions: Record<ChartType, ChartTypeDefinition> = {
  bar: { description: 'one series, or several side by side', xAxisRequired: true, checkConfig: noConfigRule, checkRows: noRowsRule, buildSpec: barSpec },
  stacked_bar: { description: '', ...stackedBar },
  stacked_bar_100: { description: 'shares of 100 %', ...stackedBar },
  horizontal_bar: { description: 'good for long category names and rankings', xAxisRequired: true, checkConfig: noConfigRule, checkRows: noRowsRule, buildSpec: barSpec },
  horizontal_bar_100: { description: '', ...stackedBar },
  line: { description: '', xAxisRequired: true, checkConfig: noConfigRule, checkRows: noRowsRule, buildSpec: lineSpec },
  area: { description: '', xAxisRequired: true, checkConfig: noConfigRule, checkRows: noRowsRule, buildSpec: lineSpec },
  stacked_area: { description: '', ...stackedArea },
  stacked_area_100: { description: '', ...stackedArea },
  mixed: {
    description: 'per series `series_type` bar|line|area and `y_axis` left|right, e.g. revenue bars with a margin % line on the right',
    xAxisRequired: true,
    checkConfig: noConfigRule,
    checkRows: noRowsRule,
    buildSpec: mixedSpec,
  },
  pie: {
    description: 'exactly one series; x_axis_key names the slices; no negative values',
    xAxisRequired: true,
    checkConfig: exactlyOneSeries('Pie'),
    checkRows: noNegativeValues('Pie'),
    buildSpec: pieSpec,
  },
  donut: { description: 'as pie, with a hole', xAxisRequired: true, checkConfig: exactlyOneSeries('Donut'), checkRows: noNegativeValues('Donut'), buildSpec: pieSpec },
  kpi_card: { description: 'a big number; see below', xAxisRequired: false, checkConfig: atMostTwoKpiSeries, checkRows: noRowsRule, buildSpec: kpiSpec },
  scatter: { description: 'numeric or date X', xAxisRequired: true, checkConfig: noConfigRule, checkRows: numericOrDateXAxis, buildSpec: scatterSpec },
  radar: {
    description: '3+ categories as rows, one polygon per series',
    xAxisRequired: true,
    checkConfig: noConfigRule,
    checkRows: enoughRadarCategories,
    buildSpec: radarSpec,
  },
};
