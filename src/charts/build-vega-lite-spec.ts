// Chart config + query rows → a Vega-Lite spec (kept with the chart; stories and a later web
// view reuse it), plus notes the model should hear (such as the "Other" bucket).
import type { TopLevelSpec } from 'vega-lite';
import type { ChartConfig } from './chart-config.js';
import { prepareChartData } from './chart-data.js';
import { chartTypeDefinitions } from './chart-types.js';
import { chartLayout, type ChartPlacement } from './chart-layout.js';
import type { ChartSourceRows } from './chart-source-rows.js';

export interface BuiltChartSpec {
  spec: TopLevelSpec;
  notes: string[];
}

/** Expects a config that passed validateChartConfig(config, source). */
export function buildVegaLiteSpec(config: ChartConfig, source: ChartSourceRows, placement: ChartPlacement = 'thread_image'): BuiltChartSpec {
  const prepared = prepareChartData(config, source, chartLayout(placement));
  const spec = chartTypeDefinitions[config.chart_type].buildSpec(config, prepared);
  return { spec: spec as unknown as TopLevelSpec, notes: prepared.notes };
}
