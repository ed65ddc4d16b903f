// How MySQL values become JSON values, one converter per result column picked once from its type
// (a mysql2 typeCast function would run per value and cost more than the driver's own parsing).
// DECIMAL arrives as text: a number when JavaScript holds it exactly (sums and averages must
// chart), else the digits. Dates and times stay as the server's text (DATETIME carries no time
// zone, so none is invented). Everything else goes through the common normalisation (BIGINT
// beyond 2^53 as digits, bytes as a placeholder).
import type { FieldPacket } from 'mysql2';
import { normalizeValue } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

export type MysqlValueConverter = (value: unknown) => JsonValue;

/** DECIMAL and NEWDECIMAL type codes. */
const DECIMAL_TYPE_CODES = new Set([0, 246]);
/** Integers up to INT, and text: mysql2 already hands out plain numbers and strings. */
const PLAIN_TYPE_CODES = new Set([1, 2, 3, 9, 13, 15, 253, 254]);

/** Up to 15 significant digits survive the trip through a double unchanged. */
const EXACT_SIGNIFICANT_DIGITS = 15;

export function decimalValue(text: string): number | string {
  const significant = text.replace(/[-+.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
  return significant.length <= EXACT_SIGNIFICANT_DIGITS ? Number(text) : text;
}

const plain: MysqlValueConverter = (value) => (value === undefined ? null : (value as JsonValue));
const decimal: MysqlValueConverter = (value) => (typeof value === 'string' ? decimalValue(value) : normalizeValue(value));

export function converterForField(field: FieldPacket): MysqlValueConverter {
  const code = field.columnType ?? -1;
  if (DECIMAL_TYPE_CODES.has(code)) return decimal;
  // Binary character set (63) on a string type means bytes: the common normalisation handles them.
  if (PLAIN_TYPE_CODES.has(code) && field.characterSet !== 63) return plain;
  return normalizeValue;
}
