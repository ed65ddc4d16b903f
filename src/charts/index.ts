// What the tools, stories and channels reuse to draw charts.
export { chartTypes, type ChartConfig } from './chart-config.js';
export { validateChartConfig } from './validate-chart-config.js';
export { buildVegaLiteSpec } from './build-vega-lite-spec.js';
export { renderChartPng, compileToVega, type ChartDrawing, type RenderedChart } from './render-chart-png.js';
export { renderChartPngOffThread } from './chart-render-pool.js';
export { registerChartFonts } from './fonts.js';
export { formatNumber } from './number-format.js';
export { chartLayout, chartPlacements, displayedSizePx, MIN_TEXT_DISPLAY_PX, MIN_TITLE_DISPLAY_PX, type ChartPlacement } from './chart-layout.js';
