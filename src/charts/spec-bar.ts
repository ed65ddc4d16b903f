// bar, stacked_bar, stacked_bar_100, horizontal_bar, horizontal_bar_100.
import type { ChartConfig } from './chart-config.js';
import type { PreparedData } from './chart-data.js';
import { CHART_HEIGHT_PX, CHART_PADDING, TEXT_COLOR } from './chart-theme.js';
import {
  colorEncoding,
  discreteAxis,
  FIELD,
  frame,
  hasNegative,
  longRecords,
  singleSeriesTitle,
  uniqueLabels,
  valueEncoding,
  xTitle,
  zeroRule,
  type SpecObject,
} from './spec-parts.js';

export function barSpec(config: ChartConfig, prepared: PreparedData): SpecObject {
  const horizontal = config.chart_type.startsWith('horizontal');
  const percent = config.chart_type.endsWith('_100');
  const stacked = percent || config.chart_type === 'stacked_bar';
  const grouped = !stacked && prepared.series.length > 1;
  const records = longRecords(prepared, { keepNulls: false, stacked });
  const labels = uniqueLabels(prepared);
  const categoryAxisKey = horizontal ? 'y' : 'x';
  const valueAxisKey = horizontal ? 'x' : 'y';

  const defaultXTitle = prepared.xKind === 'date' || prepared.xKind === 'number' ? null : null;
  const categoryTitle = xTitle(config, defaultXTitle);
  const categoryAxis = horizontal
    ? { title: categoryTitle, labelLimit: 240, labelAngle: 0 }
    : discreteAxis(labels, categoryTitle);
  const bandPadding = grouped ? 0.18 : labels.length > 30 ? 0.12 : 0.28;
  const category: SpecObject = {
    field: FIELD.label,
    type: prepared.xKind === 'category' ? 'nominal' : 'ordinal',
    sort: labels,
    axis: categoryAxis,
    scale: { paddingInner: bandPadding, paddingOuter: bandPadding / 2 },
  };
  const value = valueEncoding(prepared, {
    series: prepared.series,
    title: percent ? config.y_axis_label ?? null : singleSeriesTitle(config, prepared),
    stacked,
    percent,
    min: config.y_axis_min,
    max: config.y_axis_max,
    zero: true,
  });
  if (horizontal) (value.axis as SpecObject).grid = true;
  const encoding: SpecObject = {
    [categoryAxisKey]: category,
    [valueAxisKey]: value,
    color: colorEncoding(prepared),
  };
  if (grouped) encoding[horizontal ? 'yOffset' : 'xOffset'] = { field: FIELD.series, sort: prepared.series.map((entry) => entry.label) };
  if (stacked) encoding.order = { field: FIELD.seriesIndex, type: 'quantitative', sort: 'ascending' };

  const layers: SpecObject[] = [
    {
      mark: { type: 'bar', cornerRadiusEnd: stacked ? 0 : 3, ...(stacked ? { stroke: '#FFFFFF', strokeWidth: 1 } : {}) },
      encoding,
    },
  ];
  if (hasNegative(prepared, prepared.series) && !percent) layers.push(zeroRule(horizontal ? 'vertical' : 'horizontal'));
  const singlePoint = labels.length === 1;
  if (config.show_data_labels || singlePoint) layers.push(...dataLabelLayers({ horizontal, stacked, percent, grouped, categoryAxisKey, valueAxisKey, category, prepared }));

  const spec: SpecObject = { ...frame(config, prepared), data: { values: records }, layer: layers };
  if (horizontal && labels.length > 18) {
    // Many categories: keep each row readable rather than squeezing them into 675 px.
    spec.height = Math.max(CHART_HEIGHT_PX, labels.length * 24 + CHART_PADDING.top + CHART_PADDING.bottom + 120);
  }
  return spec;
}

interface LabelOptions {
  horizontal: boolean;
  stacked: boolean;
  percent: boolean;
  grouped: boolean;
  categoryAxisKey: string;
  valueAxisKey: string;
  category: SpecObject;
  prepared: PreparedData;
}

function dataLabelLayers(options: LabelOptions): SpecObject[] {
  const { horizontal, categoryAxisKey, valueAxisKey, category } = options;
  const base: SpecObject = { [categoryAxisKey]: category };
  if (options.grouped) base[horizontal ? 'yOffset' : 'xOffset'] = { field: FIELD.series, sort: options.prepared.series.map((entry) => entry.label) };
  if (options.stacked) {
    const textEncoding = options.percent ? { field: FIELD.share, type: 'quantitative', format: '.0%' } : { field: FIELD.text, type: 'nominal' };
    return [
      {
        mark: { type: 'text', color: '#FFFFFF', fontSize: 12, fontWeight: 600 },
        encoding: {
          ...base,
          [valueAxisKey]: { field: options.percent ? FIELD.middleShare : FIELD.middle, type: 'quantitative', stack: null },
          text: textEncoding,
          opacity: { condition: { test: `abs(datum.share) < ${options.percent ? 0.06 : 0.04}`, value: 0 }, value: 1 },
        },
      },
    ];
  }
  const side = (positive: boolean): SpecObject => ({
    mark: horizontal
      ? { type: 'text', align: positive ? 'left' : 'right', dx: positive ? 6 : -6, fontSize: 12, color: TEXT_COLOR }
      : { type: 'text', baseline: positive ? 'bottom' : 'top', dy: positive ? -6 : 6, fontSize: 12, color: TEXT_COLOR },
    transform: [{ filter: positive ? 'datum.value >= 0' : 'datum.value < 0' }],
    encoding: { ...base, [valueAxisKey]: { field: FIELD.value, type: 'quantitative', stack: null }, text: { field: FIELD.text, type: 'nominal' } },
  });
  return [side(true), side(false)];
}
