// line, area, stacked_area, stacked_area_100 and scatter: continuous X (time or number) when the
// data has one, nulls as gaps, markers only while points are few.
import type { ChartConfig } from './chart-config.js';
import type { PreparedData } from './chart-data.js';
import { TEXT_COLOR } from './chart-theme.js';
import { humanize } from './chart-values.js';
import {
  colorEncoding,
  continuousXEncoding,
  FIELD,
  frame,
  hasNegative,
  longRecords,
  singleSeriesTitle,
  valueEncoding,
  xTitle,
  zeroRule,
  type SpecObject,
} from './spec-parts.js';

/** Above this many points per series, line markers are dropped. */
const MARKER_LIMIT = 40;

export function lineSpec(config: ChartConfig, prepared: PreparedData): SpecObject {
  const type = config.chart_type;
  const percent = type === 'stacked_area_100';
  const stacked = percent || type === 'stacked_area';
  const isArea = type !== 'line';
  const records = longRecords(prepared, { keepNulls: !stacked, stacked });
  const x = continuousXEncoding(prepared, xTitle(config, null));
  const y = valueEncoding(prepared, {
    series: prepared.series,
    title: percent ? config.y_axis_label ?? null : singleSeriesTitle(config, prepared),
    stacked,
    percent,
    min: config.y_axis_min,
    max: config.y_axis_max,
    zero: isArea || prepared.points.length === 1,
  });
  const color = colorEncoding(prepared);
  const detail = { field: FIELD.series, type: 'nominal' };
  const showMarkers = prepared.points.length <= MARKER_LIMIT;
  const layers: SpecObject[] = [];

  if (isArea) {
    layers.push({
      mark: stacked
        ? { type: 'area', opacity: 0.88, stroke: '#FFFFFF', strokeWidth: 1 }
        : { type: 'area', opacity: prepared.series.length > 1 ? 0.14 : 0.2 },
      encoding: { x, y, color, detail, ...(stacked ? { order: { field: FIELD.seriesIndex, type: 'quantitative' } } : {}) },
    });
  }
  if (!stacked) {
    layers.push({
      mark: {
        type: 'line',
        strokeWidth: prepared.points.length > 2000 ? 1.5 : 2.5,
        point: showMarkers ? { filled: true, size: prepared.points.length === 1 ? 400 : 50 } : false,
      },
      encoding: { x, y: { ...y, stack: null }, color, detail },
    });
  }
  if (hasNegative(prepared, prepared.series)) layers.push(zeroRule('horizontal'));
  if (config.show_data_labels || prepared.points.length === 1) {
    const labelY = stacked ? { field: percent ? FIELD.middleShare : FIELD.middle, type: 'quantitative', stack: null } : { ...y, stack: null };
    layers.push({
      mark: { type: 'text', dy: stacked ? 0 : -Math.round(prepared.layout.textPx * (prepared.points.length === 1 ? 1.6 : 0.9)), fontSize: prepared.layout.textPx * (prepared.points.length === 1 ? 1.3 : 1), color: stacked ? '#FFFFFF' : TEXT_COLOR, fontWeight: stacked ? 600 : 'normal' },
      transform: [{ filter: 'datum.value !== null' }],
      encoding: { x, y: labelY, text: percent ? { field: FIELD.share, type: 'quantitative', format: '.0%' } : { field: FIELD.text, type: 'nominal' } },
    });
  }
  return { ...frame(config, prepared), data: { values: records }, layer: layers };
}

export function scatterSpec(config: ChartConfig, prepared: PreparedData): SpecObject {
  const records = longRecords(prepared, { keepNulls: false, stacked: false });
  const count = records.length;
  const x = continuousXEncoding(prepared, xTitle(config, config.x_axis_key ? humanize(config.x_axis_key) : null));
  const y = valueEncoding(prepared, {
    series: prepared.series,
    title: singleSeriesTitle(config, prepared),
    stacked: false,
    percent: false,
    min: config.y_axis_min,
    max: config.y_axis_max,
    zero: false,
  });
  (x.axis as SpecObject).grid = true;
  if (prepared.xKind === 'number') (x.axis as SpecObject).tickCount = Math.max(3, Math.min(8, Math.floor(prepared.layout.widthPx / (prepared.layout.textPx * 5))));
  const size = count <= 200 ? 90 : count <= 2000 ? 40 : 14;
  const opacity = count <= 200 ? 0.85 : count <= 2000 ? 0.6 : 0.4;
  const layers: SpecObject[] = [{ mark: { type: 'point', filled: true, size, opacity }, encoding: { x, y, color: colorEncoding(prepared) } }];
  if (config.show_data_labels && count <= 200) {
    layers.push({ mark: { type: 'text', dy: -Math.round(prepared.layout.textPx * 0.9), fontSize: prepared.layout.textPx, color: TEXT_COLOR }, encoding: { x, y, text: { field: FIELD.text, type: 'nominal' } } });
  }
  return { ...frame(config, prepared), data: { values: records }, layer: layers };
}
