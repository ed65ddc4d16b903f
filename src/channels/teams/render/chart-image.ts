// Where DATATHREAD_PUBLIC_URL is set, a card points at its chart (a signed, expiring link served
// by this server, `hosting`), and the PNG is shown as drawn. Otherwise a card carries its charts
// inline as base64 `data:` URLs, which count against the message size. Charts drawn here are laid out for the width Teams shows them (charts/chart-layout.ts), so
// shrinking their bitmap would shrink their text below the legibility minimum: a chart whose 2×
// PNG does not fit its budget is drawn again from its spec in at most 256 colours (about half the
// bytes), then at 1× too (same layout, same text size on screen, about a fifth of the bytes); one
// that still does not fit is described instead. A PNG the
// sandboxed code wrote has no spec: it can only be scaled down, step by step, until it fits. Charts
// drawn here carry their title in the image; a PNG the sandboxed code wrote does not.
import { createCanvas, loadImage } from 'canvas';
import type { TopLevelSpec } from 'vega-lite';
import { renderChartPngOffThread, type ChartDrawing, type RenderedChart } from '../../../charts/index.js';
import { SANDBOX_IMAGE_CHART_TYPE, type ChartArtifact } from '../../../store/turn-artifacts.js';
import { CHART_IMAGE_BUDGET_BYTES, CHART_IMAGE_MAX_SIDE_PX, CHART_IMAGE_MIN_WIDTH_PX } from './message-budget.js';

const SCALE_STEP = 0.8;
/**
 * Smaller and smaller drawings of the same chart: 2× (sharp on phones) in 256 colours, then one
 * device pixel per layout pixel, the smallest PNG that still shows the chart's text at full size.
 */
const COMPACT_DRAWINGS: ChartDrawing[] = [{ indexedColours: true }, { pixelRatio: 1, indexedColours: true }];

export interface PreparedChart {
  chartId: string;
  title: string;
  /** Whether the image shows the title itself; a card captions only images that do not. */
  titleDrawn: boolean;
  /** A hosted https link, `data:image/png;base64,…`, or undefined when no size within the budget stayed readable. */
  url: string | undefined;
  widthPx: number;
  heightPx: number;
  byteLength: number;
}

/** Draws a chart's spec again, another way. */
export type RedrawChart = (spec: TopLevelSpec, drawing: ChartDrawing) => Promise<RenderedChart>;

export type ChartImageSource = Pick<ChartArtifact, 'chartId' | 'title' | 'png'> & Partial<Pick<ChartArtifact, 'chartType' | 'spec'>>;

/** Keeps chart PNGs where Teams can fetch them (server/chart-image-store.ts). */
export interface HostedChartImages {
  /** Stores the PNG for the thread and returns its signed, expiring https address. */
  publish(threadId: string, png: Buffer): Promise<string>;
}

export interface ChartImageHosting {
  threadId: string;
  images: HostedChartImages;
}

export async function prepareChartImage(
  chart: ChartImageSource,
  budgetBytes = CHART_IMAGE_BUDGET_BYTES,
  redraw: RedrawChart = renderChartPngOffThread,
  hosting?: ChartImageHosting,
): Promise<PreparedChart> {
  const image = await loadImage(chart.png);
  if (hosting && image.width <= CHART_IMAGE_MAX_SIDE_PX && image.height <= CHART_IMAGE_MAX_SIDE_PX) {
    // A store that cannot keep the image leaves the chart inline, as without a public address.
    const url = await hosting.images.publish(hosting.threadId, chart.png).catch(() => undefined);
    if (url) return { ...describe(chart, chart.png, image.width, image.height), url };
  }
  const fitsSide = image.width <= CHART_IMAGE_MAX_SIDE_PX && image.height <= CHART_IMAGE_MAX_SIDE_PX;
  if (fitsSide && chart.png.length <= budgetBytes) return describe(chart, chart.png, image.width, image.height);
  if (chart.spec && titleDrawn(chart)) {
    for (const drawing of COMPACT_DRAWINGS) {
      const redrawn = await redraw(chart.spec as unknown as TopLevelSpec, drawing);
      const fits = redrawn.png.length <= budgetBytes && redrawn.widthPx <= CHART_IMAGE_MAX_SIDE_PX && redrawn.heightPx <= CHART_IMAGE_MAX_SIDE_PX;
      if (fits) return describe(chart, redrawn.png, redrawn.widthPx, redrawn.heightPx);
    }
    return notShown(chart);
  }
  return scaledToFit(chart, image, budgetBytes);
}

/** A foreign PNG (no spec to draw it again from): scaled down until it fits, never below a readable width. */
async function scaledToFit(chart: ChartImageSource, image: Awaited<ReturnType<typeof loadImage>>, budgetBytes: number): Promise<PreparedChart> {
  const fitScale = Math.min(1, CHART_IMAGE_MAX_SIDE_PX / image.width, CHART_IMAGE_MAX_SIDE_PX / image.height);
  let width = Math.floor(image.width * fitScale);
  while (width >= CHART_IMAGE_MIN_WIDTH_PX) {
    const height = Math.max(1, Math.round((image.height * width) / image.width));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, width, height);
    const png = canvas.toBuffer('image/png');
    if (png.length <= budgetBytes) return describe(chart, png, width, height);
    width = Math.floor(width * SCALE_STEP);
  }
  return notShown(chart);
}

function titleDrawn(chart: Partial<Pick<ChartArtifact, 'chartType'>>): boolean {
  return chart.chartType !== SANDBOX_IMAGE_CHART_TYPE;
}

function notShown(chart: ChartImageSource): PreparedChart {
  return { chartId: chart.chartId, title: chart.title, titleDrawn: titleDrawn(chart), url: undefined, widthPx: 0, heightPx: 0, byteLength: 0 };
}

function describe(chart: ChartImageSource, png: Buffer, widthPx: number, heightPx: number): PreparedChart {
  return {
    chartId: chart.chartId,
    title: chart.title,
    titleDrawn: titleDrawn(chart),
    url: `data:image/png;base64,${png.toString('base64')}`,
    widthPx,
    heightPx,
    byteLength: png.length,
  };
}
