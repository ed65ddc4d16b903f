// The module a chart worker thread runs (see chart-render-pool.ts): one Vega-Lite spec → PNG per
// task. vega, vega-lite, canvas and the fonts load once per thread and stay warm between charts.
import type { TopLevelSpec } from 'vega-lite';
import { renderChartPng, type ChartDrawing } from './render-chart-png.js';

export interface RenderedChartMessage {
  /** Arrives as a Uint8Array: structured clone does not keep the Buffer class. */
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
}

export interface ChartRenderTask {
  spec: TopLevelSpec;
  drawing?: ChartDrawing;
}

export default async function renderChartInWorker(task: ChartRenderTask): Promise<RenderedChartMessage> {
  return renderChartPng(task.spec, task.drawing);
}
