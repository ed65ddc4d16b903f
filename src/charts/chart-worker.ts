// The module a chart worker thread runs (see chart-render-pool.ts): one Vega-Lite spec → PNG per
// task. vega, vega-lite, canvas and the fonts load once per thread and stay warm between charts.
import type { TopLevelSpec } from 'vega-lite';
import { renderChartPng } from './render-chart-png.js';

export interface RenderedChartMessage {
  /** Arrives as a Uint8Array: structured clone does not keep the Buffer class. */
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
}

export default async function renderChartInWorker(spec: TopLevelSpec): Promise<RenderedChartMessage> {
  return renderChartPng(spec);
}
