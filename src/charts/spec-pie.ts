// pie and donut: slices largest first, "Other" last and grey, shares written beside the slices,
// the total in the donut's hole.
import type { ChartConfig } from './chart-config.js';
import type { PreparedData } from './chart-data.js';
import { CHART_PALETTE, MUTED_TEXT_COLOR, OTHER_COLOR, TEXT_COLOR } from './chart-theme.js';
import { formatNumber, useCompact } from './number-format.js';
import { frame, maxAbs, type SpecObject } from './spec-parts.js';

const OUTER_RADIUS_PX = 228;
const INNER_RADIUS_PX = 140;
const MIN_LABELLED_SHARE = 0.03;

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
  const colors = prepared.points.map((point, index) => (point.isOther ? OTHER_COLOR : CHART_PALETTE[index % CHART_PALETTE.length]!));
  const theta = { field: 'value', type: 'quantitative', stack: true };
  const color = {
    field: 'label',
    type: 'nominal',
    sort: records.map((record) => record.label),
    scale: { domain: records.map((record) => record.label), range: colors },
    legend: { title: series.label, orient: 'right', titleFontSize: 13, titleColor: MUTED_TEXT_COLOR, titlePadding: 10, labelLimit: 280, offset: 24, symbolSize: 160, rowPadding: 6 },
  };
  const order = { field: 'order', type: 'quantitative', sort: 'ascending' };
  const layers: SpecObject[] = [
    {
      mark: { type: 'arc', outerRadius: OUTER_RADIUS_PX, innerRadius: donut ? INNER_RADIUS_PX : 0, stroke: '#FFFFFF', strokeWidth: 2, padAngle: 0 },
      encoding: { theta, color, order },
    },
    {
      mark: { type: 'text', radius: OUTER_RADIUS_PX + 26, fontSize: 14, fontWeight: 600, color: TEXT_COLOR },
      encoding: { theta, order, text: { field: 'text', type: 'nominal' } },
    },
  ];
  if (donut) {
    const center = { x: { value: { expr: 'width / 2' } } };
    layers.push(
      {
        data: { values: [{ text: formatNumber(total, series.format, { compact: useCompact(series.format, total), decimals: 1 }) }] },
        mark: { type: 'text', fontSize: 40, fontWeight: 600, color: TEXT_COLOR, baseline: 'middle' },
        encoding: { ...center, y: { value: { expr: 'height / 2 - 8' } }, text: { field: 'text', type: 'nominal' } },
      },
      {
        data: { values: [{ text: 'Total' }] },
        mark: { type: 'text', fontSize: 15, color: MUTED_TEXT_COLOR, baseline: 'middle' },
        encoding: { ...center, y: { value: { expr: 'height / 2 + 26' } }, text: { field: 'text', type: 'nominal' } },
      },
    );
  }
  return { ...frame(config, prepared), data: { values: records }, layer: layers };
}
