// A <chart …/> tag's attributes -> the display_chart config that draws it, and the rules nao's
// story-validation applies to those attributes (exact messages).
import { chartSeriesSchema, chartTypes, xAxisTypes, type ChartConfig, type ChartSeries, type ChartType, type XAxisType } from '../charts/chart-config.js';

export const REQUIRED_CHART_ATTRIBUTES = ['query_id', 'chart_type', 'x_axis_key'] as const;
export const REQUIRED_TABLE_ATTRIBUTES = ['query_id'] as const;
const CHART_TYPES_WITHOUT_X_AXIS_KEY = new Set<string>(['kpi_card']);
const SERIES_TYPES = ['bar', 'line', 'area'];
const Y_AXIS_SIDES = ['left', 'right'];

export function isChartType(value: string): value is ChartType {
  return (chartTypes as readonly string[]).includes(value);
}

export function isXAxisType(value: string): value is XAxisType {
  return (xAxisTypes as readonly string[]).includes(value);
}

function parseJsonArray(value: string): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The `series` JSON array: as written first (keeps JSON escapes), then with quotes unescaped. */
export function parseSeriesJson(attributes: Record<string, string>, rawAttributes: Record<string, string> = attributes): unknown[] | null {
  if (attributes.series === undefined) return null;
  return (rawAttributes.series !== undefined ? parseJsonArray(rawAttributes.series) : null) ?? parseJsonArray(attributes.series);
}

export function missingChartAttributes(attributes: Record<string, string>): string[] {
  return REQUIRED_CHART_ATTRIBUTES.filter(
    (name) => !attributes[name] && !(name === 'x_axis_key' && CHART_TYPES_WITHOUT_X_AXIS_KEY.has(attributes.chart_type ?? '')),
  );
}

export function missingAttributesMessage(element: 'Chart' | 'Table', missing: readonly string[]): string {
  return `${element} is missing required attribute${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}.`;
}

/** nao's checks on one <chart/> tag's attributes, in nao's order; each entry is one message. */
export function chartAttributeErrors(attributes: Record<string, string>, rawAttributes: Record<string, string> = attributes): string[] {
  const errors: string[] = [];
  const missing = missingChartAttributes(attributes);
  if (missing.length > 0) errors.push(missingAttributesMessage('Chart', missing));
  if (attributes.chart_type && !isChartType(attributes.chart_type)) {
    errors.push(`Invalid chart_type "${attributes.chart_type}". Valid types: ${chartTypes.join(', ')}.`);
  }
  if (attributes.x_axis_type && !isXAxisType(attributes.x_axis_type)) {
    errors.push(`Invalid x_axis_type "${attributes.x_axis_type}". Valid values: ${xAxisTypes.join(', ')}.`);
  }
  const seriesError = chartSeriesError(attributes, rawAttributes);
  if (seriesError) errors.push(seriesError);
  return errors;
}

function chartSeriesError(attributes: Record<string, string>, rawAttributes: Record<string, string>): string | undefined {
  if (attributes.series === undefined && attributes.data_key === undefined) {
    return 'Chart must define either a `series=[...]` array or a `data_key` attribute.';
  }
  if (attributes.series === undefined) return undefined;
  const parsed = parseSeriesJson(attributes, rawAttributes);
  if (parsed === null) return 'Chart `series` attribute must be a valid JSON array.';
  if (parsed.length === 0) return 'Chart `series` attribute must be a non-empty JSON array.';
  for (const item of parsed) {
    if (!item || typeof item !== 'object' || typeof (item as { data_key?: unknown }).data_key !== 'string') {
      return 'Each chart series entry must be an object with a string `data_key` property.';
    }
    const { series_type: seriesType, y_axis: yAxis } = item as { series_type?: unknown; y_axis?: unknown };
    if (seriesType !== undefined && !SERIES_TYPES.includes(seriesType as string)) {
      return `Invalid series \`series_type\` "${String(seriesType)}". Valid values: ${SERIES_TYPES.join(', ')}.`;
    }
    if (yAxis !== undefined && !Y_AXIS_SIDES.includes(yAxis as string)) {
      return `Invalid series \`y_axis\` "${String(yAxis)}". Valid values: ${Y_AXIS_SIDES.join(', ')}.`;
    }
  }
  return undefined;
}

function seriesOf(attributes: Record<string, string>, rawAttributes: Record<string, string>): ChartSeries[] {
  if (attributes.series === undefined) {
    if (!attributes.data_key) return [];
    return [{ data_key: attributes.data_key, ...(attributes.label ? { label: attributes.label } : {}), ...(attributes.color ? { color: attributes.color } : {}) }];
  }
  return (parseSeriesJson(attributes, rawAttributes) ?? []).flatMap((item) => {
    const parsed = chartSeriesSchema.safeParse(item);
    if (parsed.success) return [parsed.data];
    const dataKey = (item as { data_key?: unknown } | null)?.data_key;
    return typeof dataKey === 'string' ? [{ data_key: dataKey }] : [];
  });
}

function optionalNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** The config a well-formed tag stands for; undefined when nao would not draw it. */
export function chartConfigFromAttributes(attributes: Record<string, string>, rawAttributes: Record<string, string> = attributes): ChartConfig | undefined {
  if (missingChartAttributes(attributes).length > 0 || !isChartType(attributes.chart_type!)) return undefined;
  const xAxisType = attributes.x_axis_type;
  const config: ChartConfig = {
    query_id: attributes.query_id!,
    chart_type: attributes.chart_type,
    x_axis_key: attributes.x_axis_key || null,
    x_axis_type: xAxisType && isXAxisType(xAxisType) ? xAxisType : null,
    series: seriesOf(attributes, rawAttributes),
    title: attributes.title ?? '',
  };
  if (attributes.x_axis_label) config.x_axis_label = attributes.x_axis_label;
  if (attributes.y_axis_label) config.y_axis_label = attributes.y_axis_label;
  const yMin = optionalNumber(attributes.y_axis_min);
  const yMax = optionalNumber(attributes.y_axis_max);
  if (yMin !== undefined) config.y_axis_min = yMin;
  if (yMax !== undefined) config.y_axis_max = yMax;
  if (attributes.show_data_labels === 'true') config.show_data_labels = true;
  return config;
}
