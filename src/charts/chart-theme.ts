// The look every chart shares: one font, a colour-blind-safe palette (Okabe–Ito), quiet axes.
export const CHART_FONT_FAMILY = 'Inter';
export const CHART_WIDTH_PX = 1200;
export const CHART_HEIGHT_PX = 675;
/** Pixel density of the PNG: 2× for sharp text in Slack and Teams. */
export const CHART_PIXEL_RATIO = 2;
export const CHART_PADDING = { left: 36, right: 44, top: 32, bottom: 28 } as const;

/** Okabe & Ito (2008), reordered so the first colours are the most distinct on white. */
export const CHART_PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#56B4E9', '#CC79A7', '#F0E442', '#000000'];
export const OTHER_COLOR = '#B8BEC6';
export const POSITIVE_COLOR = '#009E73';
export const NEGATIVE_COLOR = '#D55E00';

export const TEXT_COLOR = '#1F2328';
export const MUTED_TEXT_COLOR = '#59636E';
export const GRID_COLOR = '#E8ECF0';
export const AXIS_COLOR = '#C9D1D9';

export const AXIS_LABEL_FONT_SIZE = 13;

export function vegaLiteConfig(): Record<string, unknown> {
  return {
    font: CHART_FONT_FAMILY,
    background: '#FFFFFF',
    view: { stroke: null },
    title: {
      font: CHART_FONT_FAMILY,
      fontSize: 22,
      fontWeight: 600,
      color: TEXT_COLOR,
      anchor: 'start',
      offset: 22,
      subtitleFont: CHART_FONT_FAMILY,
      subtitleFontSize: 14,
      subtitleColor: MUTED_TEXT_COLOR,
      subtitlePadding: 6,
    },
    axis: {
      labelFont: CHART_FONT_FAMILY,
      titleFont: CHART_FONT_FAMILY,
      labelFontSize: AXIS_LABEL_FONT_SIZE,
      labelColor: MUTED_TEXT_COLOR,
      titleFontSize: 13,
      titleFontWeight: 600,
      titleColor: MUTED_TEXT_COLOR,
      titlePadding: 14,
      labelPadding: 6,
      domainColor: AXIS_COLOR,
      tickColor: AXIS_COLOR,
      gridColor: GRID_COLOR,
      labelOverlap: true,
      labelSeparation: 6,
    },
    axisX: { grid: false, tickSize: 5 },
    axisY: { domain: false, ticks: false, tickCount: 6 },
    axisBand: { domain: true, ticks: false },
    legend: {
      labelFont: CHART_FONT_FAMILY,
      titleFont: CHART_FONT_FAMILY,
      labelFontSize: 13,
      labelColor: TEXT_COLOR,
      symbolType: 'circle',
      symbolSize: 140,
      symbolStrokeWidth: 0,
      columnPadding: 22,
      labelLimit: 260,
    },
    text: { font: CHART_FONT_FAMILY, color: TEXT_COLOR },
    range: { category: CHART_PALETTE },
    line: { strokeWidth: 2.5, strokeCap: 'round', strokeJoin: 'round' },
    point: { filled: true, size: 60 },
    bar: { continuousBandSize: 18 },
  };
}
