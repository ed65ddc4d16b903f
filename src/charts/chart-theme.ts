// The look every chart shares: one font, a colour-blind-safe palette (Okabe–Ito), quiet axes.
import type { ChartLayout } from './chart-layout.js';

export const CHART_FONT_FAMILY = 'Inter';
/** Pixel density of the PNG: 2× for sharp text in Slack and Teams. */
export const CHART_PIXEL_RATIO = 2;

/** Okabe & Ito (2008), reordered so the first colours are the most distinct on white. */
export const CHART_PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#56B4E9', '#CC79A7', '#F0E442', '#000000'];
export const OTHER_COLOR = '#B8BEC6';
export const POSITIVE_COLOR = '#009E73';
export const NEGATIVE_COLOR = '#D55E00';

export const TEXT_COLOR = '#1F2328';
export const MUTED_TEXT_COLOR = '#59636E';
export const GRID_COLOR = '#E8ECF0';
export const AXIS_COLOR = '#C9D1D9';

/** The theme at the layout's font sizes: every text at least `textPx`, the title at `titlePx`. */
export function vegaLiteConfig(layout: ChartLayout): Record<string, unknown> {
  const text = layout.textPx;
  // Fewer ticks on short plots: about one per four lines of label text.
  const valueTickCount = Math.max(3, Math.min(6, Math.round(layout.heightPx / (text * 4.5))));
  return {
    font: CHART_FONT_FAMILY,
    background: '#FFFFFF',
    view: { stroke: null },
    title: {
      font: CHART_FONT_FAMILY,
      fontSize: layout.titlePx,
      fontWeight: 600,
      color: TEXT_COLOR,
      anchor: 'start',
      offset: Math.round(text * 0.9),
      limit: layout.widthPx - layout.padding.left - layout.padding.right,
      subtitleFont: CHART_FONT_FAMILY,
      subtitleFontSize: text,
      subtitleColor: MUTED_TEXT_COLOR,
      subtitlePadding: Math.round(text * 0.3),
    },
    axis: {
      labelFont: CHART_FONT_FAMILY,
      titleFont: CHART_FONT_FAMILY,
      labelFontSize: text,
      labelColor: MUTED_TEXT_COLOR,
      titleFontSize: text,
      titleFontWeight: 600,
      titleColor: MUTED_TEXT_COLOR,
      titlePadding: Math.round(text * 0.6),
      titleLimit: layout.heightPx - layout.padding.top - layout.padding.bottom,
      labelPadding: Math.round(text * 0.35),
      domainColor: AXIS_COLOR,
      tickColor: AXIS_COLOR,
      gridColor: GRID_COLOR,
      labelOverlap: true,
      labelSeparation: Math.round(text * 0.4),
    },
    axisX: { grid: false, tickSize: 5 },
    axisY: { domain: false, ticks: false, tickCount: valueTickCount },
    axisBand: { domain: true, ticks: false },
    legend: {
      labelFont: CHART_FONT_FAMILY,
      titleFont: CHART_FONT_FAMILY,
      labelFontSize: text,
      titleFontSize: text,
      labelColor: TEXT_COLOR,
      symbolType: 'circle',
      symbolSize: Math.round(text * text * 0.8),
      symbolStrokeWidth: 0,
      columnPadding: Math.round(text * 1.2),
      rowPadding: Math.round(text * 0.3),
      labelLimit: Math.round(layout.widthPx * 0.4),
    },
    text: { font: CHART_FONT_FAMILY, color: TEXT_COLOR, fontSize: text },
    range: { category: CHART_PALETTE },
    line: { strokeWidth: 2.5, strokeCap: 'round', strokeJoin: 'round' },
    point: { filled: true, size: 60 },
    bar: { continuousBandSize: 18 },
  };
}
