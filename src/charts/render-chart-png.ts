// Vega-Lite spec → PNG on the calling thread (the chart worker's job; callers use chart-render-pool.ts): vega-lite compiles, vega lays out on a headless view, canvas
// draws at 2×, encode-png.ts writes the PNG. Fonts are registered once; modules stay warm between charts.
import type { Canvas } from 'canvas';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { CHART_PIXEL_RATIO } from './chart-theme.js';
import { encodeIndexedPng, encodePng } from './encode-png.js';
import { registerChartFonts } from './fonts.js';
import { ChartRenderError } from './chart-render-error.js';

/** How a chart is drawn into its PNG. */
export interface ChartDrawing {
  /** Device pixels per layout pixel (default CHART_PIXEL_RATIO, 2×); 1 keeps the text as large on screen in a quarter of the pixels. */
  pixelRatio?: number;
  /** At most 256 colours (encodeIndexedPng): about half the bytes, edge colours approximated. */
  indexedColours?: boolean;
}

export interface RenderedChart {
  png: Buffer;
  widthPx: number;
  heightPx: number;
}

// Vega-Lite's warnings (dropped properties and the like) are for spec authors, not the server log.
const quietLogger = vega.logger(vega.None);

export function compileToVega(spec: TopLevelSpec): vega.Spec {
  return compile(spec, { logger: quietLogger }).spec;
}

/** Renders an already compiled Vega spec (the part shared with the benchmark's bare baseline). */
export async function renderVegaPng(vegaSpec: vega.Spec, drawing: ChartDrawing = {}): Promise<RenderedChart> {
  registerChartFonts();
  const view = new vega.View(vega.parse(vegaSpec), { renderer: 'none' });
  try {
    const canvas = (await view.toCanvas(drawing.pixelRatio ?? CHART_PIXEL_RATIO)) as unknown as Canvas;
    if (typeof canvas?.data !== 'function') {
      throw new ChartRenderError('Vega returned no Canvas: the `canvas` package is missing or failed to load.');
    }
    const image = { width: canvas.width, height: canvas.height, pixels: canvas.data() };
    const png = drawing.indexedColours ? encodeIndexedPng(image) : encodePng(image);
    return { png, widthPx: canvas.width, heightPx: canvas.height };
  } finally {
    view.finalize();
  }
}

export async function renderChartPng(spec: TopLevelSpec, drawing: ChartDrawing = {}): Promise<RenderedChart> {
  registerChartFonts();
  return renderVegaPng(compileToVega(spec), drawing);
}
