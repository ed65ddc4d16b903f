// Query rows (arrays aligned with columns) → ordered points with one value per series: dates
// parsed and sorted, long tails of categories folded into "Other", nulls kept as nulls.
import type { JsonValue } from '../databases/types.js';
import { isBarLike, isPieLike, type ChartConfig, type ValueFormat } from './chart-config.js';
import type { ChartLayout } from './chart-layout.js';
import { CHART_PALETTE } from './chart-theme.js';
import { cellText, humanize, inferXAxisType, readNumber } from './chart-values.js';
import { detectGranularity, formatDate, parseDateValue, spansSeveralYears, type DateGranularity, type ParsedDate } from './dates.js';
import type { ChartSourceRows } from './chart-source-rows.js';

/** Bars: more categories than this → the top (limit − 1) plus "Other". */
export const BAR_CATEGORY_LIMIT = 25;
/** Pie and donut slices: past this, slices get too thin to read and the palette runs out. */
export const PIE_SLICE_LIMIT = 8;
export const OTHER_LABEL = 'Other';

export interface PreparedSeries {
  index: number;
  dataKey: string;
  label: string;
  color: string;
  format: ValueFormat | undefined;
  seriesType: 'bar' | 'line' | 'area';
  yAxis: 'left' | 'right';
}

export interface PreparedPoint {
  /** Timestamp (date axes), number (number axes) or the category text. */
  x: number | string;
  label: string;
  values: (number | null)[];
  isOther: boolean;
}

export interface PreparedData {
  xKind: 'date' | 'number' | 'category' | 'none';
  granularity: DateGranularity | undefined;
  spansYears: boolean;
  series: PreparedSeries[];
  points: PreparedPoint[];
  /** Things the model (and the subtitle) should know, e.g. the Other bucket. */
  notes: string[];
  /** The canvas and font sizes of the placement the chart is drawn for. */
  layout: ChartLayout;
}

const CSS_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i;

export function prepareChartData(config: ChartConfig, source: ChartSourceRows, layout: ChartLayout): PreparedData {
  const columnIndex = new Map(source.columns.map((column, index) => [column.name, index]));
  const series = config.series.map((entry, index): PreparedSeries => ({
    index,
    dataKey: entry.data_key,
    label: entry.label?.trim() || humanize(entry.data_key),
    color: entry.color && CSS_COLOR.test(entry.color.trim()) ? entry.color.trim() : CHART_PALETTE[index % CHART_PALETTE.length]!,
    format: entry.value_format,
    seriesType: entry.series_type ?? (index === 0 ? 'bar' : 'line'),
    yAxis: entry.y_axis ?? 'left',
  }));
  const seriesIndexes = series.map((entry) => columnIndex.get(entry.dataKey)!);
  const readValues = (row: JsonValue[]) => seriesIndexes.map((index) => readNumber(row[index]) ?? null);

  const xIndex = config.x_axis_key ? columnIndex.get(config.x_axis_key) : undefined;
  if (xIndex === undefined) {
    const points = source.rows.map((row, index) => ({ x: index, label: '', values: readValues(row), isOther: false }));
    return { xKind: 'none', granularity: undefined, spansYears: false, series, points, notes: [], layout };
  }
  const xKind = config.x_axis_type ?? inferXAxisType(source.columns[xIndex]!, source.rows, xIndex);
  const notes: string[] = [];

  if (xKind === 'date') {
    const parsed: { date: ParsedDate; row: JsonValue[] }[] = [];
    for (const row of source.rows) {
      const date = parseDateValue(row[xIndex]);
      if (date) parsed.push({ date, row });
    }
    parsed.sort((a, b) => a.date.time - b.date.time);
    const granularity = detectGranularity(parsed.map((entry) => entry.date));
    const times = parsed.map((entry) => entry.date.time);
    const spansYears = spansSeveralYears(times);
    const points = parsed.map(({ date, row }) => ({
      x: date.time,
      label: formatDate(date.time, granularity, spansYears),
      values: readValues(row),
      isOther: false,
    }));
    return { xKind, granularity, spansYears, series, points, notes, layout };
  }

  if (xKind === 'number') {
    const points: PreparedPoint[] = [];
    for (const row of source.rows) {
      const x = readNumber(row[xIndex]);
      if (x === null || x === undefined) continue;
      points.push({ x, label: formatAxisNumber(x), values: readValues(row), isOther: false });
    }
    points.sort((a, b) => (a.x as number) - (b.x as number));
    return { xKind, granularity: undefined, spansYears: false, series, points, notes, layout };
  }

  let points: PreparedPoint[] = source.rows.map((row) => {
    const label = cellText(row[xIndex]);
    return { x: label, label, values: readValues(row), isOther: false };
  });
  if (isPieLike(config.chart_type)) {
    points = points.filter((point) => (point.values[0] ?? 0) > 0);
    points.sort((a, b) => (b.values[0] ?? 0) - (a.values[0] ?? 0));
    points = foldIntoOther(points, PIE_SLICE_LIMIT, series.length, notes, 'slices');
  } else if (isBarLike(config.chart_type)) {
    points = foldIntoOther(points, BAR_CATEGORY_LIMIT, series.length, notes, 'categories');
  }
  return { xKind: 'category', granularity: undefined, spansYears: false, series, points, notes, layout };
}

function foldIntoOther(points: PreparedPoint[], limit: number, seriesCount: number, notes: string[], noun: string): PreparedPoint[] {
  if (points.length <= limit) return points;
  const keep = limit - 1;
  const weight = (point: PreparedPoint) => point.values.reduce<number>((total, value) => total + Math.abs(value ?? 0), 0);
  const ranked = points.map((point, index) => ({ point, index, weight: weight(point) })).sort((a, b) => b.weight - a.weight || a.index - b.index);
  const kept = new Set(ranked.slice(0, keep).map((entry) => entry.index));
  const rest = points.filter((_, index) => !kept.has(index));
  const other: PreparedPoint = {
    x: OTHER_LABEL,
    label: OTHER_LABEL,
    isOther: true,
    values: Array.from({ length: seriesCount }, (_, seriesIndex) => {
      const present = rest.map((point) => point.values[seriesIndex]).filter((value): value is number => value !== null && value !== undefined);
      return present.length === 0 ? null : present.reduce((total, value) => total + value, 0);
    }),
  };
  notes.push(`Showing the top ${keep} ${noun} plus Other (${rest.length} smaller ${noun} grouped).`);
  return [...points.filter((_, index) => kept.has(index)), other];
}

// One formatter each, made once: constructing Intl.NumberFormat per point dominated 10k-point charts.
const axisNumberGrouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: true });
const axisNumberPlain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: false });

function formatAxisNumber(value: number): string {
  return (Math.abs(value) >= 10_000 ? axisNumberGrouped : axisNumberPlain).format(value);
}
