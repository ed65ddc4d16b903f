// bar, stacked_bar, stacked_bar_100, horizontal_bar, horizontal_bar_100.
import type { ChartConfig } from './chart-config.js';
import type { PreparedData } from './chart-data.js';
import { CHART_HEIGHT_PX, CHART_PADDING, OTHER_COLOR, TEXT_COLOR } from './chart-theme.js';
import {
  colorEncoding,
  discreteAxis,
  FIELD,
  frame,
  hasNegative,
  longRecords,
  singleSeriesTitle,
  uniqueLabels,
  yearTitle,
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

  const categoryTitle = xTitle(config, yearTitle(prepared));
  const negative = hasNegative(prepared, prepared.series);
  const labelled = Boolean(config.show_data_labels) || labels.length === 1;
  const categoryAxis = horizontal
    ? { title: categoryTitle, labelLimit: 240, labelAngle: 0 }
    : discreteAxis(labels, categoryTitle);
  if (negative) (categoryAxis as SpecObject).domain = false;
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
  const valueAxis = value.axis as SpecObject;
  if (horizontal) Object.assign(valueAxis, { grid: true, ticks: false, domain: false, tickCount: 6 });
  if (labelled && !percent && config.y_axis_min === undefined && config.y_axis_max === undefined) {
    // Room beyond the longest bars for their labels.
    const [low, high] = valueExtent(prepared, stacked);
    (value.scale as SpecObject).domain = [low < 0 ? low * 1.12 : 0, high > 0 ? high * (horizontal ? 1.14 : 1.08) : 0];
  }
  const encoding: SpecObject = {
    [categoryAxisKey]: category,
    [valueAxisKey]: value,
    color: otherAware(colorEncoding(prepared)),
  };
  if (grouped) encoding[horizontal ? 'yOffset' : 'xOffset'] = { field: FIELD.series, sort: prepared.series.map((entry) => entry.label) };
  if (stacked) encoding.order = { field: FIELD.seriesIndex, type: 'quantitative', sort: 'ascending' };

  const layers: SpecObject[] = [
    {
      mark: {
        type: 'bar',
        cornerRadiusEnd: stacked ? 0 : 3,
        ...(stacked ? { stroke: '#FFFFFF', strokeWidth: 1 } : {}),
        // One to three categories would give slab-wide bars: keep them at a readable width.
        ...(labels.length <= 3 && !grouped ? { [horizontal ? 'height' : 'width']: horizontal ? 90 : 160 } : {}),
      },
      encoding,
    },
  ];
  if (negative && !percent) layers.push(zeroRule(horizontal ? 'vertical' : 'horizontal'));
  if (labelled) layers.push(...dataLabelLayers({ horizontal, stacked, percent, grouped, categoryAxisKey, valueAxisKey, category, prepared }));

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

/** The "Other" bucket of a single-series bar chart is grey, so it reads as a remainder. */
function otherAware(color: SpecObject): SpecObject {
  if (!('value' in color)) return color;
  return { condition: { test: 'datum.is_other', value: OTHER_COLOR }, value: color.value };
}

function valueExtent(prepared: PreparedData, stacked: boolean): [number, number] {
  let low = 0;
  let high = 0;
  for (const point of prepared.points) {
    let positive = 0;
    let negative = 0;
    for (const value of point.values) {
      if (value === null) continue;
      if (stacked) {
        if (value >= 0) positive += value;
        else negative += value;
      } else {
        high = Math.max(high, value);
        low = Math.min(low, value);
      }
    }
    if (stacked) {
      high = Math.max(high, positive);
      low = Math.min(low, negative);
    }
  }
  return [low, high];
}
