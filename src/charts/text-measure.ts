// Text widths in the chart font, to decide label rotation and truncation before Vega lays out.
import { createCanvas, type CanvasRenderingContext2D } from 'canvas';
import { CHART_FONT_FAMILY } from './chart-theme.js';
import { registerChartFonts } from './fonts.js';

let context: CanvasRenderingContext2D | undefined;

export function measureTextWidth(text: string, fontSizePx: number, fontWeight: 'normal' | '600' = 'normal'): number {
  if (!context) {
    registerChartFonts();
    context = createCanvas(8, 8).getContext('2d');
  }
  context.font = `${fontWeight} ${fontSizePx}px ${CHART_FONT_FAMILY}`;
  return context.measureText(text).width;
}
