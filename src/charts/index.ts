// What the tools, stories and channels reuse to draw charts.
export {
  chartConfigSchema,
  chartSeriesSchema,
  chartTypes,
  valueFormatSchema,
  xAxisTypes,
  type ChartConfig,
  type ChartSeries,
  type ChartType,
  type ValueFormat,
  type XAxisType,
} from './chart-config.js';
export { validateChartConfig, type ChartSourceRows, type ChartValidation } from './validate-chart-config.js';
export { buildVegaLiteSpec, type BuiltChartSpec } from './build-vega-lite-spec.js';
export { renderChartPng, renderVegaPng, compileToVega, ChartRenderError, type RenderedChart } from './render-chart-png.js';
export { registerChartFonts, ChartFontMissingError } from './fonts.js';
export { BAR_CATEGORY_LIMIT, PIE_SLICE_LIMIT, OTHER_LABEL } from './chart-data.js';
export { formatNumber } from './number-format.js';
export { CHART_PIXEL_RATIO, CHART_PALETTE } from './chart-theme.js';
export { chartLayout, chartPlacements, displayedSizePx, MIN_TEXT_DISPLAY_PX, MIN_TITLE_DISPLAY_PX, type ChartLayout, type ChartPlacement } from './chart-layout.js';
