// Pieces every chart spec shares: the frame (size, padding, title, theme), long-form records,
// value axes with readable numbers, the series colour scale and the X encoding.
import type { ChartConfig } from './chart-config.js';
import type { PreparedData, PreparedSeries } from './chart-data.js';
import type { ChartLayout } from './chart-layout.js';
import { vegaLiteConfig } from './chart-theme.js';
import { tickIntervalFor, timeFormatFor } from './dates.js';
import { formatNumber, numberFormatExpression, useCompact } from './number-format.js';
import { measureTextWidth } from './text-measure.js';

export type SpecObject = { [key: string]: unknown };

/** Field names inside the spec's data: fixed, so column names with dots or quotes are harmless. */
export const FIELD = {
  x: 'x',
  label: 'label',
  series: 'series',
  seriesIndex: 'series_index',
  value: 'value',
  share: 'share',
  middle: 'middle',
  middleShare: 'middle_share',
  text: 'text',
} as const;

export interface LongRecord {
  x: number | string;
  label: string;
  series: string;
  series_index: number;
  is_other: boolean;
  value: number | null;
  share: number | null;
  middle: number | null;
  middle_share: number | null;
  text: string;
}

export function frame(config: ChartConfig, prepared: PreparedData, extraSubtitle: string[] = []): SpecObject {
  const subtitle = [...prepared.notes, ...extraSubtitle];
  const layout = prepared.layout;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: layout.widthPx,
    height: layout.heightPx,
    autosize: { type: 'fit', contains: 'padding' },
    padding: { ...layout.padding },
    background: '#FFFFFF',
    config: vegaLiteConfig(layout),
    title: subtitle.length > 0 ? { text: wrapText(config.title, layout.titlePx, '600', layout), subtitle: wrapText(subtitle.join('  ·  '), layout.textPx, 'normal', layout) } : { text: wrapText(config.title, layout.titlePx, '600', layout) },
  };
}

const MAX_TITLE_LINES = 2;

/** Breaks text between words into lines that fit the canvas (at most two; the last is cut with "…" by Vega). */
function wrapText(text: string, fontSizePx: number, weight: 'normal' | '600', layout: ChartLayout): string | string[] {
  const limit = layout.widthPx - layout.padding.left - layout.padding.right;
  if (measureTextWidth(text, fontSizePx, weight) <= limit) return text;
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/);
  for (let index = 0; index < words.length; index += 1) {
    const candidate = line ? `${line} ${words[index]}` : words[index]!;
    if (line && measureTextWidth(candidate, fontSizePx, weight) > limit) {
      lines.push(line);
      if (lines.length === MAX_TITLE_LINES - 1) {
        lines.push(words.slice(index).join(' '));
        return lines;
      }
      line = words[index]!;
    } else {
      line = candidate;
    }
  }
  lines.push(line);
  return lines;
}

export interface LongRecordOptions {
  /** Keep nulls (lines show them as gaps); bars and pies drop them. */
  keepNulls: boolean;
  stacked: boolean;
  decimals?: number;
}

/** One record per point and series, with share, stack middle and the data label text. */
export function longRecords(prepared: PreparedData, options: LongRecordOptions): LongRecord[] {
  const records: LongRecord[] = [];
  const compactBySeries = prepared.series.map((entry) => useCompact(entry.format, maxAbs(prepared, [entry])));
  for (const point of prepared.points) {
    const total = point.values.reduce<number>((sum, value) => sum + Math.abs(value ?? 0), 0);
    let positiveBase = 0;
    let negativeBase = 0;
    prepared.series.forEach((entry, index) => {
      const value = point.values[index] ?? null;
      if (value === null && !options.keepNulls) return;
      let middle: number | null = null;
      if (value !== null && options.stacked) {
        if (value >= 0) {
          middle = positiveBase + value / 2;
          positiveBase += value;
        } else {
          middle = negativeBase + value / 2;
          negativeBase += value;
        }
      }
      records.push({
        x: point.x,
        label: point.label,
        series: entry.label,
        series_index: index,
        is_other: point.isOther,
        value,
        share: value === null || total === 0 ? null : value / total,
        middle,
        middle_share: middle === null || total === 0 ? null : middle / total,
        text: value === null ? '' : formatNumber(value, entry.format, { compact: compactBySeries[index]!, decimals: options.decimals ?? 1 }),
      });
    });
  }
  return records;
}

export function maxAbs(prepared: PreparedData, series: PreparedSeries[], stacked = false): number {
  let result = 0;
  for (const point of prepared.points) {
    let positive = 0;
    let negative = 0;
    for (const entry of series) {
      const value = point.values[entry.index] ?? 0;
      if (stacked) {
        if (value >= 0) positive += value;
        else negative += value;
      } else {
        result = Math.max(result, Math.abs(value));
      }
    }
    if (stacked) result = Math.max(result, positive, -negative);
  }
  return result;
}

export function hasNegative(prepared: PreparedData, series: PreparedSeries[]): boolean {
  return prepared.points.some((point) => series.some((entry) => (point.values[entry.index] ?? 0) < 0));
}

export interface ValueAxisOptions {
  series: PreparedSeries[];
  title: string | null;
  stacked: boolean;
  percent: boolean;
  min: number | undefined;
  max: number | undefined;
  zero: boolean;
}

/** The quantitative encoding of values: readable numbers, the axis title, fixed bounds. */
export function valueEncoding(prepared: PreparedData, options: ValueAxisOptions, field: string = FIELD.value): SpecObject {
  const format = options.series[0]?.format;
  const compact = useCompact(format, maxAbs(prepared, options.series, options.stacked));
  const axis: SpecObject = { title: options.title };
  if (options.percent) axis.format = '.0%';
  else axis.labelExpr = numberFormatExpression('datum.value', format, { compact, decimals: 2 });
  const scale: SpecObject = { zero: options.zero };
  if (options.min !== undefined) scale.domainMin = options.min;
  if (options.max !== undefined) scale.domainMax = options.max;
  if (options.min !== undefined || options.max !== undefined) scale.nice = false;
  const encoding: SpecObject = { field, type: 'quantitative', axis, scale };
  if (options.percent) encoding.stack = 'normalize';
  else if (options.stacked) encoding.stack = 'zero';
  else encoding.stack = null;
  return encoding;
}

/** One legend entry per series, in series order, above the plot; a fixed colour when there is only one. */
export function colorEncoding(prepared: PreparedData): SpecObject {
  if (prepared.series.length === 1) return { value: prepared.series[0]!.color };
  const layout = prepared.layout;
  // A horizontal legend wraps into columns that fit the width instead of running off the canvas.
  const widest = Math.max(...prepared.series.map((entry) => measureTextWidth(entry.label, layout.textPx)));
  const entryWidth = widest + layout.textPx * 2.6;
  const columns = Math.max(1, Math.min(prepared.series.length, Math.floor((layout.widthPx - layout.padding.left - layout.padding.right) / entryWidth)));
  return {
    field: FIELD.series,
    type: 'nominal',
    sort: prepared.series.map((entry) => entry.label),
    scale: { domain: prepared.series.map((entry) => entry.label), range: prepared.series.map((entry) => entry.color) },
    legend: { title: null, orient: 'top', direction: 'horizontal', columns, offset: Math.round(layout.textPx * 0.8) },
  };
}

export function uniqueLabels(prepared: PreparedData): string[] {
  return [...new Set(prepared.points.map((point) => point.label))];
}

/**
 * Category labels: straight when they fit their band, rotated when not, and cut short with "…"
 * past a limit (a third of the height when rotated). Labels that would overlap are thinned out
 * (every other one), so the ones shown stay at full size.
 */
export function discreteAxis(labels: string[], title: string | null, layout: ChartLayout): SpecObject {
  const plotLengthPx = layout.widthPx - layout.padding.left - layout.padding.right - layout.textPx * 5;
  const band = plotLengthPx / Math.max(1, labels.length);
  const widest = Math.max(0, ...labels.map((label) => measureTextWidth(label, layout.textPx)));
  const gap = layout.textPx * 0.6;
  if (widest <= band - gap) return { title, labelAngle: 0, labelLimit: Math.max(layout.textPx * 3, Math.floor(band - gap / 2)) };
  if (labels.length <= 3) return { title, labelAngle: 0, labelLimit: Math.max(layout.textPx * 4, Math.floor(band - gap)) };
  const rotatedLimit = Math.round(layout.heightPx * 0.3);
  return { title, labelAngle: -40, labelAlign: 'right', labelBaseline: 'top', labelLimit: rotatedLimit, labelOverlap: band >= layout.textPx * 1.7 ? false : 'parity' };
}

/** The X encoding of line, area and scatter charts: a real time or number scale when it can be. */
export function continuousXEncoding(prepared: PreparedData, title: string | null): SpecObject {
  if (prepared.xKind === 'date' && prepared.granularity) {
    const times = prepared.points.map((point) => point.x as number);
    const axis: SpecObject = { title: title ?? yearTitle(prepared), format: timeFormatFor(prepared.granularity, prepared.spansYears) };
    // Ticks no closer than about five characters of label apart.
    const plotWidth = prepared.layout.widthPx - prepared.layout.padding.left - prepared.layout.padding.right;
    const fitting = Math.max(2, Math.floor(plotWidth / (prepared.layout.textPx * 5)));
    axis.tickCount = tickIntervalFor(prepared.granularity, times, fitting) ?? fitting;
    const scale: SpecObject = { type: 'utc' };
    const distinct = new Set(times);
    if (distinct.size === 1) {
      const only = times[0]!;
      const pad = 15 * 86_400_000;
      scale.domain = [only - pad, only + pad];
      axis.values = [only];
    }
    return { field: FIELD.x, type: 'temporal', scale, axis };
  }
  if (prepared.xKind === 'number') {
    const maxX = Math.max(...prepared.points.map((point) => Math.abs(point.x as number)));
    const compact = maxX >= 10_000;
    return {
      field: FIELD.x,
      type: 'quantitative',
      scale: { zero: false },
      axis: { title, labelExpr: numberFormatExpression('datum.value', undefined, { compact, decimals: 2 }) },
    };
  }
  const labels = uniqueLabels(prepared);
  return { field: FIELD.label, type: 'ordinal', sort: labels, scale: { type: 'point', padding: 0.4 }, axis: discreteAxis(labels, title, prepared.layout) };
}

/** Day and time labels leave the year out when all points share one: it goes under the axis. */
export function yearTitle(prepared: PreparedData): string | null {
  if (prepared.xKind !== 'date' || prepared.spansYears) return null;
  if (prepared.granularity !== 'day' && prepared.granularity !== 'time') return null;
  const first = prepared.points[0];
  return first ? String(new Date(first.x as number).getUTCFullYear()) : null;
}

export function singleSeriesTitle(config: ChartConfig, prepared: PreparedData): string | null {
  if (config.y_axis_label !== undefined) return config.y_axis_label || null;
  return prepared.series.length === 1 ? prepared.series[0]!.label : null;
}

export function xTitle(config: ChartConfig, fallback: string | null): string | null {
  if (config.x_axis_label !== undefined) return config.x_axis_label || null;
  return fallback;
}

export function zeroRule(orientation: 'horizontal' | 'vertical'): SpecObject {
  return {
    mark: { type: 'rule', color: '#8C959F', strokeWidth: 1 },
    encoding: orientation === 'horizontal' ? { y: { datum: 0 } } : { x: { datum: 0 } },
  };
}
