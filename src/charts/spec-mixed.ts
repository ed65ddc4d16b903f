// mixed: per series a bar, line or area, on the left or the right Y axis.
import type { ChartConfig } from './chart-config.js';
import type { PreparedData, PreparedSeries } from './chart-data.js';
import { TEXT_COLOR } from './chart-theme.js';
import {
  colorEncoding,
  discreteAxis,
  FIELD,
  frame,
  hasNegative,
  longRecords,
  uniqueLabels,
  valueEncoding,
  xTitle,
  yearTitle,
  zeroRule,
  type SpecObject,
} from './spec-parts.js';

export function mixedSpec(config: ChartConfig, prepared: PreparedData): SpecObject {
  const records = longRecords(prepared, { keepNulls: true, stacked: false });
  const labels = uniqueLabels(prepared);
  const x: SpecObject = {
    field: FIELD.label,
    type: prepared.xKind === 'category' ? 'nominal' : 'ordinal',
    sort: labels,
    axis: discreteAxis(labels, xTitle(config, yearTitle(prepared)), prepared.layout),
    scale: { paddingInner: 0.25, paddingOuter: 0.12 },
  };
  const color = colorEncoding(prepared);
  const left = prepared.series.filter((entry) => entry.yAxis === 'left');
  const right = prepared.series.filter((entry) => entry.yAxis === 'right');

  const group = (series: PreparedSeries[], side: 'left' | 'right'): SpecObject[] => {
    const y = valueEncoding(prepared, {
      series,
      title: side === 'left' ? axisTitle(config.y_axis_label, series) : axisTitle(undefined, series),
      stacked: false,
      percent: false,
      min: side === 'left' ? config.y_axis_min : config.y_axis_right_min,
      max: side === 'left' ? config.y_axis_max : config.y_axis_right_max,
      zero: true,
    });
    const axis = y.axis as SpecObject;
    axis.orient = side;
    if (side === 'right' && left.length > 0) axis.grid = false;
    const bars = series.filter((entry) => entry.seriesType === 'bar');
    const layers: SpecObject[] = series.map((entry) => {
      const filter = { filter: `datum.${FIELD.seriesIndex} === ${entry.index}` };
      const encoding: SpecObject = { x, y, color };
      if (entry.seriesType === 'bar') {
        if (bars.length > 1) encoding.xOffset = { field: FIELD.series, sort: bars.map((bar) => bar.label), scale: { domain: bars.map((bar) => bar.label) } };
        return { transform: [filter, { filter: 'datum.value !== null' }], mark: { type: 'bar', cornerRadiusEnd: 3 }, encoding };
      }
      if (entry.seriesType === 'area') {
        return { transform: [filter], mark: { type: 'area', opacity: 0.25, line: { strokeWidth: 2 } }, encoding };
      }
      return { transform: [filter], mark: { type: 'line', strokeWidth: 3, point: labels.length <= 40 ? { filled: true, size: 60 } : false }, encoding };
    });
    if (config.show_data_labels) {
      layers.push({
        transform: [{ filter: `indexof([${series.map((entry) => entry.index).join(',')}], datum.${FIELD.seriesIndex}) >= 0 && datum.value !== null` }],
        mark: { type: 'text', dy: -Math.round(prepared.layout.textPx * 0.8), fontSize: prepared.layout.textPx, color: TEXT_COLOR },
        encoding: { x, y, text: { field: FIELD.text, type: 'nominal' } },
      });
    }
    if (side === 'left' && hasNegative(prepared, series)) layers.push(zeroRule('horizontal'));
    return layers;
  };

  const base = { ...frame(config, prepared), data: { values: records } };
  if (right.length === 0) return { ...base, layer: group(left, 'left') };
  if (left.length === 0) return { ...base, layer: group(right, 'right') };
  return {
    ...base,
    layer: [{ layer: group(left, 'left') }, { layer: group(right, 'right') }],
    resolve: { scale: { y: 'independent' } },
  };
}

function axisTitle(explicit: string | undefined, series: PreparedSeries[]): string | null {
  if (explicit !== undefined) return explicit || null;
  return series.map((entry) => entry.label).join(', ') || null;
}
