// radar: one closed polygon per series over the categories (rows), with rings at 25 % steps of
// the largest value. Vega-Lite has no polar axes, so the geometry is computed here and drawn on
// hidden linear scales whose domains keep circles round.
import type { ChartConfig } from './chart-config.js';
import type { PreparedData } from './chart-data.js';
import { GRID_COLOR, MUTED_TEXT_COLOR, TEXT_COLOR } from './chart-theme.js';
import { formatNumber, useCompact } from './number-format.js';
import { colorEncoding, frame, maxAbs, type SpecObject } from './spec-parts.js';

const RINGS = [0.25, 0.5, 0.75, 1];
const LABEL_RADIUS = 1.13;
const Y_EXTENT = 1.32;

export function radarSpec(config: ChartConfig, prepared: PreparedData): SpecObject {
  const categories = prepared.points.map((point) => point.label);
  const count = categories.length;
  const maximum = niceRingMaximum(maxAbs(prepared, prepared.series) || 1);
  const angle = (index: number) => Math.PI / 2 - (2 * Math.PI * index) / count;
  const at = (index: number, radius: number) => ({ px: radius * Math.cos(angle(index)), py: radius * Math.sin(angle(index)) });

  const polygons = prepared.series.flatMap((entry) =>
    prepared.points.map((point, index) => ({ series: entry.label, series_index: entry.index, order: index, ...at(index, Math.max(0, point.values[entry.index] ?? 0) / maximum) })),
  );
  const rings = RINGS.flatMap((ring) => categories.map((_, index) => ({ ring, order: index, ...at(index, ring) })));
  const spokes = categories.map((_, index) => ({ x0: 0, y0: 0, ...at(index, 1) }));
  const labels = categories.map((text, index) => {
    const { px, py } = at(index, LABEL_RADIUS);
    return { text, px, py, align: Math.abs(px) < 0.05 ? 'center' : px > 0 ? 'left' : 'right' };
  });
  const format = prepared.series[0]!.format;
  const compact = useCompact(format, maximum);
  // Set off to the right of the top spoke so a data point on that spoke never sits under a label.
  const ringLabels = RINGS.map((ring) => ({ px: 0.045, py: ring, text: formatNumber(ring * maximum, format, { compact, decimals: 1 }) }));

  // Keep one unit the same length on both axes: the plot is wider than it is tall.
  const layout = prepared.layout;
  const legendHeight = prepared.series.length > 1 ? layout.textPx * 3 : 0;
  const plotHeight = layout.heightPx - layout.padding.top - layout.padding.bottom - layout.titlePx * 2.2 - legendHeight;
  const plotWidth = layout.widthPx - layout.padding.left - layout.padding.right;
  const xExtent = (Y_EXTENT * plotWidth) / plotHeight;
  // Room beside the outer ring for a category label on the left or right.
  const labelLimit = Math.max(layout.textPx * 4, Math.round(plotWidth / 2 - (plotHeight / (2 * Y_EXTENT)) * LABEL_RADIUS - layout.textPx * 0.5));
  const x = (field: string) => ({ field, type: 'quantitative', scale: { domain: [-xExtent, xExtent], nice: false, zero: false }, axis: null });
  const y = (field: string) => ({ field, type: 'quantitative', scale: { domain: [-Y_EXTENT, Y_EXTENT], nice: false, zero: false }, axis: null });
  const color = colorEncoding(prepared);
  const fill = prepared.series.length === 1 ? { fill: prepared.series[0]!.color } : {};

  const layers: SpecObject[] = [
    {
      data: { values: rings },
      mark: { type: 'line', interpolate: 'linear-closed', color: GRID_COLOR, strokeWidth: 1 },
      encoding: { x: x('px'), y: y('py'), detail: { field: 'ring', type: 'nominal' }, order: { field: 'order', type: 'quantitative' } },
    },
    {
      data: { values: spokes },
      mark: { type: 'rule', color: GRID_COLOR, strokeWidth: 1 },
      encoding: { x: x('x0'), y: y('y0'), x2: { field: 'px' }, y2: { field: 'py' } },
    },
    {
      data: { values: ringLabels },
      mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: layout.textPx, color: MUTED_TEXT_COLOR },
      encoding: { x: x('px'), y: y('py'), text: { field: 'text', type: 'nominal' } },
    },
    {
      data: { values: polygons },
      mark: { type: 'line', interpolate: 'linear-closed', strokeWidth: 2.5, fillOpacity: 0.14, ...fill },
      encoding: {
        x: x('px'),
        y: y('py'),
        color,
        ...(prepared.series.length > 1 ? { fill: color } : {}),
        detail: { field: 'series', type: 'nominal' },
        order: { field: 'order', type: 'quantitative' },
      },
    },
    {
      data: { values: polygons },
      mark: { type: 'point', filled: true, size: 45, opacity: 1 },
      encoding: { x: x('px'), y: y('py'), color },
    },
    ...(['left', 'center', 'right'] as const).map((align) => ({
      data: { values: labels.filter((label) => label.align === align) },
      mark: { type: 'text', align, fontSize: layout.textPx, color: TEXT_COLOR, baseline: 'middle', limit: labelLimit },
      encoding: { x: x('px'), y: y('py'), text: { field: 'text', type: 'nominal' } },
    })),
  ];
  return { ...frame(config, prepared), layer: layers };
}

/** A round outer ring (10, 250, 2k …) so the rings at quarters read as round numbers. */
export function niceRingMaximum(largest: number): number {
  const rawStep = largest / RINGS.length;
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rawStep) ?? 10 * magnitude;
  return step * RINGS.length;
}
