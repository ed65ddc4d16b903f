// Charts arrive as PNGs rendered at 2x for sharp uploads elsewhere; a card carries them inline as
// base64 `data:` URLs, which count against the message size. Each chart is scaled down (never up)
// step by step until its PNG fits the per-image budget. Charts drawn here carry their title in the
// image; a PNG the sandboxed code wrote does not.
import { createCanvas, loadImage } from 'canvas';
import { SANDBOX_IMAGE_CHART_TYPE, type ChartArtifact } from '../../../conversations/outcome-contract.js';
import { CHART_IMAGE_BUDGET_BYTES, CHART_IMAGE_MAX_SIDE_PX, CHART_IMAGE_MIN_WIDTH_PX } from './message-budget.js';

const SCALE_STEP = 0.8;

export interface PreparedChart {
  chartId: string;
  title: string;
  /** Whether the image shows the title itself; a card captions only images that do not. */
  titleDrawn: boolean;
  /** `data:image/png;base64,…`, or undefined when no size within the budget stayed readable. */
  dataUrl: string | undefined;
  widthPx: number;
  heightPx: number;
  byteLength: number;
}

export async function prepareChartImage(
  chart: Pick<ChartArtifact, 'chartId' | 'title' | 'png'> & Partial<Pick<ChartArtifact, 'chartType'>>,
  budgetBytes = CHART_IMAGE_BUDGET_BYTES,
): Promise<PreparedChart> {
  const image = await loadImage(chart.png);
  const originalWidth = image.width;
  const originalHeight = image.height;
  const fitScale = Math.min(1, CHART_IMAGE_MAX_SIDE_PX / originalWidth, CHART_IMAGE_MAX_SIDE_PX / originalHeight);
  if (fitScale === 1 && chart.png.length <= budgetBytes) {
    return describe(chart, chart.png, originalWidth, originalHeight);
  }
  let width = Math.floor(originalWidth * fitScale);
  while (width >= CHART_IMAGE_MIN_WIDTH_PX) {
    const height = Math.max(1, Math.round((originalHeight * width) / originalWidth));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, width, height);
    const png = canvas.toBuffer('image/png');
    if (png.length <= budgetBytes) return describe(chart, png, width, height);
    width = Math.floor(width * SCALE_STEP);
  }
  return { chartId: chart.chartId, title: chart.title, titleDrawn: titleDrawn(chart), dataUrl: undefined, widthPx: 0, heightPx: 0, byteLength: 0 };
}

function titleDrawn(chart: Partial<Pick<ChartArtifact, 'chartType'>>): boolean {
  return chart.chartType !== SANDBOX_IMAGE_CHART_TYPE;
}

function describe(chart: Pick<ChartArtifact, 'chartId' | 'title'> & Partial<Pick<ChartArtifact, 'chartType'>>, png: Buffer, widthPx: number, heightPx: number): PreparedChart {
  return {
    chartId: chart.chartId,
    title: chart.title,
    titleDrawn: titleDrawn(chart),
    dataUrl: `data:image/png;base64,${png.toString('base64')}`,
    widthPx,
    heightPx,
    byteLength: png.length,
  };
}
