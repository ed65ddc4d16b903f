// kpi_card: one big number with its label and, when there is one, a comparison.
//   - value: series[0] of the first row, or of the latest row when x_axis_key is given;
//   - comparison: series[1] in that same row (e.g. `previous_revenue`), or else, with x_axis_key
//     and two or more rows, the row before the latest (the previous period).
import type { ChartConfig } from './chart-config.js';
import type { PreparedData } from './chart-data.js';
import { MUTED_TEXT_COLOR, NEGATIVE_COLOR, POSITIVE_COLOR, TEXT_COLOR } from './chart-theme.js';
import { formatNumber, useCompact } from './number-format.js';
import { frame, type SpecObject } from './spec-parts.js';
import { measureTextWidth } from './text-measure.js';

export interface KpiFigures {
  value: number | null;
  label: string;
  comparison: { value: number; label: string } | undefined;
}

export function kpiFigures(prepared: PreparedData): KpiFigures {
  const points = prepared.points;
  const hasX = prepared.xKind !== 'none';
  const current = hasX ? points[points.length - 1]! : points[0]!;
  const value = current.values[0] ?? null;
  const main = prepared.series[0]!;
  if (prepared.series.length > 1) {
    const other = current.values[1];
    const label = prepared.series[1]!.label;
    return { value, label: main.label, comparison: other === null || other === undefined ? undefined : { value: other, label } };
  }
  if (hasX && points.length >= 2) {
    const previous = points[points.length - 2]!;
    const other = previous.values[0];
    return { value, label: main.label, comparison: other === null || other === undefined ? undefined : { value: other, label: previous.label } };
  }
  return { value, label: main.label, comparison: undefined };
}

export function kpiSpec(config: ChartConfig, prepared: PreparedData): SpecObject {
  const figures = kpiFigures(prepared);
  const format = prepared.series[0]!.format;
  const show = (value: number) => formatNumber(value, format, { compact: useCompact(format, Math.abs(value)), decimals: 1 });
  const layout = prepared.layout;
  const valueText = figures.value === null ? '—' : show(figures.value);
  // The big number fills about a third of the height, narrower when it is long.
  const usableWidth = layout.widthPx - layout.padding.left - layout.padding.right;
  const valueSize = Math.max(layout.titlePx * 1.5, Math.min(layout.heightPx * 0.3, (usableWidth * 0.9 * 100) / Math.max(1, measureTextWidth(valueText, 100, '600'))));
  const labelSize = layout.textPx * 1.25;
  // Vertical positions below the title, as offsets from the plot's own height.
  const valueY = 'height * 0.4';
  const lines: { text: string; size: number; weight: number | 'normal'; color: string; y: string }[] = [
    { text: valueText, size: valueSize, weight: 600, color: TEXT_COLOR, y: valueY },
    { text: figures.label, size: labelSize, weight: 'normal', color: MUTED_TEXT_COLOR, y: `${valueY} + ${Math.round(valueSize * 0.62 + labelSize * 0.6)}` },
  ];
  const notes: string[] = [];
  if (figures.comparison && figures.value !== null) {
    const { value: before, label } = figures.comparison;
    const change = figures.value - before;
    const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '■';
    const relative = before === 0 ? '' : ` ${change >= 0 ? '+' : '−'}${Math.abs((change / Math.abs(before)) * 100).toFixed(1)}%`;
    const absolute = `${change >= 0 ? '+' : '−'}${show(Math.abs(change)).replace(/^−/, '')}`;
    const below = Math.round(valueSize * 0.62 + labelSize * 1.2 + layout.textPx * 1.3);
    lines.push(
      {
        text: `${arrow}${relative}  (${absolute})`,
        size: layout.textPx,
        weight: 600,
        color: change > 0 ? POSITIVE_COLOR : change < 0 ? NEGATIVE_COLOR : MUTED_TEXT_COLOR,
        y: `${valueY} + ${below}`,
      },
      { text: `vs ${label}: ${show(before)}`, size: layout.textPx, weight: 'normal', color: MUTED_TEXT_COLOR, y: `${valueY} + ${Math.round(below + layout.textPx * 1.35)}` },
    );
    notes.push(`Compared with ${label}.`);
  }
  const layers = lines.map((line) => ({
    data: { values: [{ text: line.text }] },
    mark: { type: 'text', fontSize: line.size, fontWeight: line.weight, color: line.color, align: 'center', baseline: 'middle', limit: usableWidth },
    encoding: { x: { value: { expr: 'width / 2' } }, y: { value: { expr: line.y } }, text: { field: 'text', type: 'nominal' } },
  }));
  return { ...frame(config, prepared), layer: layers };
}
