// bar, stacked_bar, stacked_bar_100, horizontal_bar, horizontal_bar_100.
import type { ChartConfig } from './chart-config.js';
import type { PreparedData } from './chart-data.js';
import { OTHER_COLOR, TEXT_COLOR } from './chart-theme.js';
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
import { measureTextWidth } from './text-measure.js';

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
  const labelFit = horizontal ? 'across' : dataLabelFit(prepared, labels.length, { grouped, stacked, percent, negative });
  const labelled = (Boolean(config.show_data_labels) || labels.length === 1) && labelFit !== 'none';
  const layout = prepared.layout;
  const categoryAxis = horizontal
    ? { title: categoryTitle, labelLimit: Math.round(layout.widthPx * 0.3), labelAngle: 0 }
    : discreteAxis(labels, categoryTitle, layout);
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
  if (horizontal) Object.assign(valueAxis, { grid: true, ticks: false, domain: false, tickCount: Math.max(2, Math.min(6, Math.floor(layout.widthPx / (layout.textPx * 6)))) });
  if (labelled && !percent && config.y_axis_min === undefined && config.y_axis_max === undefined) {
    // Room beyond the longest bars for their labels.
    const [low, high] = valueExtent(prepared, stacked);
    const room = horizontal ? 1.14 : labelFit === 'upright' ? 1 + uprightLabelShare(prepared, stacked) : 1.08;
    (value.scale as SpecObject).domain = [low < 0 ? low * (room + 0.04) : 0, high > 0 ? high * room : 0];
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
        ...(labels.length <= 3 && !grouped ? { [horizontal ? 'height' : 'width']: Math.round(horizontal ? layout.heightPx * 0.13 : layout.widthPx * 0.13) } : {}),
      },
      encoding,
    },
  ];
  if (negative && !percent) layers.push(zeroRule(horizontal ? 'vertical' : 'horizontal'));
  if (labelled) layers.push(...dataLabelLayers({ horizontal, upright: labelFit === 'upright', stacked, percent, grouped, categoryAxisKey, valueAxisKey, category, prepared }));

  const spec: SpecObject = { ...frame(config, prepared), data: { values: records }, layer: layers };
  const rowHeightPx = layout.textPx * (grouped ? 1.1 * prepared.series.length + 0.5 : 1.6);
  const titleBlockPx = layout.titlePx * 2 + layout.textPx * 4;
  if (horizontal && labels.length * rowHeightPx + titleBlockPx > layout.heightPx) {
    // Many categories: the chart grows taller so every row keeps a readable label.
    spec.height = Math.ceil(labels.length * rowHeightPx + titleBlockPx + layout.padding.top + layout.padding.bottom);
  }
  return spec;
}

/** The bar slot, in text lines, that an upright value label needs (checked in the gallery at 240 px). */
const UPRIGHT_LABEL_SLOT_IN_LINES = 1.6;

/**
 * How value labels fit vertical bars: written across when the widest fits its bar, turned upright
 * over the bar when only a line of text fits, or left out (overlapping numbers help nobody).
 * Labels inside stacked segments, and below negative bars (where they would run into the axis
 * labels), are never turned.
 */
function dataLabelFit(
  prepared: PreparedData,
  categories: number,
  { grouped, stacked, percent, negative }: { grouped: boolean; stacked: boolean; percent: boolean; negative: boolean },
): 'across' | 'upright' | 'none' {
  const layout = prepared.layout;
  const plotWidth = layout.widthPx - layout.padding.left - layout.padding.right - layout.textPx * 4;
  const barWidth = plotWidth / Math.max(1, categories) / (grouped ? prepared.series.length : 1);
  const texts = percent ? ['100%'] : longRecords(prepared, { keepNulls: false, stacked }).map((record) => record.text);
  const widest = Math.max(0, ...texts.map((text) => measureTextWidth(text, layout.textPx, stacked ? '600' : 'normal')));
  if (widest <= barWidth * (stacked ? 0.9 : 1.15)) return 'across';
  // An upright label needs its line of text plus a gap to the next one, or neighbours touch.
  if (!stacked && !negative && barWidth >= layout.textPx * UPRIGHT_LABEL_SLOT_IN_LINES) return 'upright';
  return 'none';
}

/** The share of the value axis an upright label needs beyond its bar (the plot is about half the canvas height). */
function uprightLabelShare(prepared: PreparedData, stacked: boolean): number {
  const layout = prepared.layout;
  const widest = Math.max(0, ...longRecords(prepared, { keepNulls: false, stacked }).map((record) => measureTextWidth(record.text, layout.textPx)));
  return (widest + layout.textPx) / (layout.heightPx * 0.45);
}

interface LabelOptions {
  horizontal: boolean;
  upright: boolean;
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
        mark: { type: 'text', color: '#FFFFFF', fontSize: options.prepared.layout.textPx, fontWeight: 600 },
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
      ? { type: 'text', align: positive ? 'left' : 'right', dx: positive ? 4 : -4, fontSize: options.prepared.layout.textPx, color: TEXT_COLOR }
      : options.upright
        ? { type: 'text', angle: 270, align: positive ? 'left' : 'right', baseline: 'middle', dx: positive ? 4 : -4, fontSize: options.prepared.layout.textPx, color: TEXT_COLOR }
        : { type: 'text', baseline: positive ? 'bottom' : 'top', dy: positive ? -4 : 4, fontSize: options.prepared.layout.textPx, color: TEXT_COLOR },
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
