// pie and donut: slices largest first, "Other" last and grey, shares written beside the slices,
// the total in the donut's hole.
import type { ChartConfig } from './chart-config.js';
import type { PreparedData } from './chart-data.js';
import { CHART_PALETTE, MUTED_TEXT_COLOR, OTHER_COLOR, TEXT_COLOR } from './chart-theme.js';
import { formatNumber, useCompact } from './number-format.js';
import { frame, maxAbs, type SpecObject } from './spec-parts.js';

/** Slices smaller than this get no percentage beside them (it would collide with its neighbours). */
const MIN_LABELLED_SHARE = 0.04;
const DONUT_HOLE_SHARE = 0.6;

export function pieSpec(config: ChartConfig, prepared: PreparedData): SpecObject {
  const donut = config.chart_type === 'donut';
  const series = prepared.series[0]!;
  const total = prepared.points.reduce((sum, point) => sum + (point.values[0] ?? 0), 0);
  const compact = useCompact(series.format, maxAbs(prepared, [series]));
  const percent = (share: number) => (share < 0.01 ? '<1%' : `${Math.round(share * 100)}%`);
  const records = prepared.points.map((point, order) => {
    const value = point.values[0] ?? 0;
    const share = total === 0 ? 0 : value / total;
    const formatted = formatNumber(value, series.format, { compact, decimals: 1 });
    return {
      label: point.label,
      value,
      share,
      order,
      text: share < MIN_LABELLED_SHARE ? '' : config.show_data_labels ? `${formatted} (${percent(share)})` : percent(share),
    };
  });
  const layout = prepared.layout;
  const text = layout.textPx;
  // The legend stays beside the pie: below it, six or more rows would leave the pie no height.
  // On narrow canvases its labels are cut shorter.
  const labelLimit = Math.round(layout.widthPx * (layout.roomForSideLegend ? 0.4 : 0.3));
  // Radius from the plot left after the legend, as an expression Vega evaluates after layout.
  const labelRoom = Math.round(text * 1.9);
  const outerRadius = `max(10, min(width, height) / 2 - ${labelRoom})`;
  // On a narrow canvas the hole is too small for the total: it joins the legend title instead.
  const totalText = formatNumber(total, series.format, { compact: useCompact(series.format, total), decimals: 1 });
  const centredTotal = layout.roomForSideLegend;
  const legendTitle = donut && !centredTotal ? `${series.label}: ${totalText}` : series.label;
  const colors = prepared.points.map((point, index) => (point.isOther ? OTHER_COLOR : CHART_PALETTE[index % CHART_PALETTE.length]!));
  const theta = { field: 'value', type: 'quantitative', stack: true };
  const color = {
    field: 'label',
    type: 'nominal',
    sort: records.map((record) => record.label),
    scale: { domain: records.map((record) => record.label), range: colors },
    legend: {
      title: legendTitle,
      orient: 'right',
      titleFontSize: text,
      titleColor: MUTED_TEXT_COLOR,
      titlePadding: Math.round(text * 0.5),
      labelLimit,
      offset: Math.round(text * 1.2),
    },
  };
  const order = { field: 'order', type: 'quantitative', sort: 'ascending' };
  const layers: SpecObject[] = [
    {
      mark: {
        type: 'arc',
        outerRadius: { expr: outerRadius },
        innerRadius: donut ? { expr: `${outerRadius} * ${DONUT_HOLE_SHARE}` } : 0,
        stroke: '#FFFFFF',
        strokeWidth: 2,
        padAngle: 0,
      },
      encoding: { theta, color, order },
    },
    {
      mark: { type: 'text', radius: { expr: `${outerRadius} + ${Math.round(labelRoom * 0.55)}` }, fontSize: text, fontWeight: 600, color: TEXT_COLOR },
      encoding: { theta, order, text: { field: 'text', type: 'nominal' } },
    },
  ];
  if (donut && centredTotal) {
    const center = { x: { value: { expr: 'width / 2' } } };
    layers.push(
      {
        data: { values: [{ text: totalText }] },
        mark: { type: 'text', fontSize: layout.titlePx, fontWeight: 600, color: TEXT_COLOR, baseline: 'middle' },
        encoding: { ...center, y: { value: { expr: `height / 2 - ${Math.round(text * 0.5)}` } }, text: { field: 'text', type: 'nominal' } },
      },
      {
        data: { values: [{ text: 'Total' }] },
        mark: { type: 'text', fontSize: text, color: MUTED_TEXT_COLOR, baseline: 'middle' },
        encoding: { ...center, y: { value: { expr: `height / 2 + ${Math.round(layout.titlePx * 0.9)}` } }, text: { field: 'text', type: 'nominal' } },
      },
    );
  }
  return { ...frame(config, prepared), data: { values: records }, layer: layers };
}
