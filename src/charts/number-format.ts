// Numbers as people read them: thousands separators, compact units (1.2k, 3.4M), prefix and
// suffix. The same rules exist twice: as a Vega expression (axis and data labels, so a stored spec
// stays self-contained) and as a TypeScript function (KPI cards, notes, tests).
import type { ValueFormat } from './chart-config.js';

/** From this magnitude up, unset `compact` means compact. */
export const COMPACT_FROM = 10_000;
const MINUS = '\u2212';

const units = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'k' },
];

export function useCompact(format: ValueFormat | undefined, maxAbsValue: number): boolean {
  return format?.compact ?? maxAbsValue >= COMPACT_FROM;
}

export function formatNumber(value: number, format: ValueFormat | undefined, options: { compact: boolean; decimals: number }): string {
  const absolute = Math.abs(value);
  let body: string | undefined;
  if (options.compact) {
    for (const unit of units) {
      if (absolute >= unit.size * 0.9995) {
        body = groupDigits(absolute / unit.size, options.decimals) + unit.suffix;
        break;
      }
    }
  }
  body ??= groupDigits(absolute, options.decimals);
  const sign = value < 0 && body !== '0' ? MINUS : '';
  return `${sign}${format?.prefix ?? ''}${body}${format?.suffix ?? ''}`;
}

// Building an Intl.NumberFormat costs ~0.1 ms; a 10,000-point chart formats every point, so one
// formatter per number of decimals is kept.
const digitGroupers = new Map<number, Intl.NumberFormat>();

function groupDigits(value: number, decimals: number): string {
  let grouper = digitGroupers.get(decimals);
  if (!grouper) {
    grouper = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
    digitGroupers.set(decimals, grouper);
  }
  return grouper.format(value);
}

/** A Vega expression that formats `valueExpression` like formatNumber does. */
export function numberFormatExpression(
  valueExpression: string,
  format: ValueFormat | undefined,
  options: { compact: boolean; decimals: number },
): string {
  const v = `abs(${valueExpression})`;
  const plain = `format(${v}, ',.${options.decimals}~f')`;
  let body = plain;
  if (options.compact) {
    body = [...units]
      .reverse()
      .reduce(
        (inner, unit) =>
          `(${v} >= ${unit.size * 0.9995} ? format(${v} / ${unit.size}, ',.${options.decimals}~f') + '${unit.suffix}' : ${inner})`,
        plain,
      );
  }
  const prefix = JSON.stringify(format?.prefix ?? '');
  const suffix = JSON.stringify(format?.suffix ?? '');
  return `(${valueExpression} < 0 ? '${MINUS}' : '') + ${prefix} + ${body} + ${suffix}`;
}
