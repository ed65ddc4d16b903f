// Chart config + query rows → a Vega-Lite spec (kept with the chart; stories and a later web
// view reuse it), plus notes the model should hear (such as the "Other" bucket).
import type { TopLevelSpec } from 'vega-lite';
import { isBarLike, isPieLike, type ChartConfig } from './chart-config.js';
import { prepareChartData, type PreparedData } from './chart-data.js';
import { chartLayout, type ChartPlacement } from './chart-layout.js';
import { barSpec } from './spec-bar.js';
import { kpiSpec } from './spec-kpi.js';
import { lineSpec, scatterSpec } from './spec-line.js';
import { mixedSpec } from './spec-mixed.js';
import { pieSpec } from './spec-pie.js';
import { radarSpec } from './spec-radar.js';
import type { SpecObject } from './spec-parts.js';
import type { ChartSourceRows } from './validate-chart-config.js';

export interface BuiltChartSpec {
  spec: TopLevelSpec;
  notes: string[];
}

/** Expects a config that passed validateChartConfig(config, source). */
export function buildVegaLiteSpec(config: ChartConfig, source: ChartSourceRows, placement: ChartPlacement = 'thread_image'): BuiltChartSpec {
  const prepared = prepareChartData(config, source, chartLayout(placement));
  const spec = specFor(config, prepared);
  return { spec: spec as unknown as TopLevelSpec, notes: prepared.notes };
}

function specFor(config: ChartConfig, prepared: PreparedData): SpecObject {
  const type = config.chart_type;
  if (isBarLike(type)) return barSpec(config, prepared);
  if (isPieLike(type)) return pieSpec(config, prepared);
  switch (type) {
    case 'line':
    case 'area':
    case 'stacked_area':
    case 'stacked_area_100':
      return lineSpec(config, prepared);
    case 'scatter':
      return scatterSpec(config, prepared);
    case 'mixed':
      return mixedSpec(config, prepared);
    case 'kpi_card':
      return kpiSpec(config, prepared);
    case 'radar':
      return radarSpec(config, prepared);
    default:
      throw new Error(`No spec builder for chart type ${type}.`);
  }
}
