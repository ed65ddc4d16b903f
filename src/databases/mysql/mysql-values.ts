// How MySQL values become JSON values, one converter per result column picked once from its type
// (a mysql2 typeCast function would run per value and cost more than the driver's own parsing).
// Columns whose driver values are already JSON (integers and floats as numbers, BIGINT as a number
// or, past 2^53, digits with supportBigNumbers; text; dates and times as the server's text with
// dateStrings) get no converter at all, so most rows are kept exactly as the driver built them.
// DATETIME and TIMESTAMP arrive as the server's text (`2024-01-02 03:04:05`) and take the ISO form
// every adapter gives a timestamp without a zone (MySQL's TIMESTAMP is shown in the session's zone
// and names none). DECIMAL arrives as text: a number while a double holds it exactly, else the
// digits. Everything else goes through the common normalisation (bytes as a placeholder, JSON
// documents walked).
import type { FieldPacket } from 'mysql2';
import { normalizeDecimalText, normalizeNaiveTimestampText, normalizeValue } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

export type MysqlValueConverter = (value: unknown) => JsonValue;

/** DECIMAL and NEWDECIMAL type codes. */
const DECIMAL_TYPE_CODES = new Set([0, 246]);
/** TIMESTAMP, DATETIME and their fractional forms (TIMESTAMP2, DATETIME2). */
const TIMESTAMP_TYPE_CODES = new Set([7, 12, 17, 18]);
/**
 * Numbers (TINYINT … BIGINT, FLOAT, DOUBLE, YEAR), DATE and TIME (with its fractional form): with
 * the adapter's supportBigNumbers and dateStrings, mysql2 hands out plain numbers and strings. The
 * server labels these with the binary character set, which means nothing for them. MySQL stores
 * no NaN or Infinity.
 */
const NUMBER_AND_TIME_TYPE_CODES = new Set([1, 2, 3, 4, 5, 8, 9, 10, 11, 13, 14, 19]);
/** VARCHAR, VAR_STRING and STRING: text, or bytes when the character set is binary. */
const STRING_TYPE_CODES = new Set([15, 253, 254]);
const BINARY_CHARSET = 63;

const decimal: MysqlValueConverter = (value) => (typeof value === 'string' ? normalizeDecimalText(value) : normalizeValue(value));

const timestamp: MysqlValueConverter = (value) => (typeof value === 'string' ? normalizeNaiveTimestampText(value) : normalizeValue(value));

/** The converter a column needs, or null when the driver's values are already JSON. */
export function converterForField(field: FieldPacket): MysqlValueConverter | null {
  const code = field.columnType ?? -1;
  if (DECIMAL_TYPE_CODES.has(code)) return decimal;
  if (TIMESTAMP_TYPE_CODES.has(code)) return timestamp;
  if (NUMBER_AND_TIME_TYPE_CODES.has(code)) return null;
  if (STRING_TYPE_CODES.has(code) && field.characterSet !== BINARY_CHARSET) return null;
  return normalizeValue;
}
