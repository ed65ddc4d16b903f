// How MySQL values become JSON values. DECIMAL arrives as text: a number when JavaScript holds it
// exactly (sums and averages must chart), else the digits. Dates and times stay as the server's
// text (no time zone is attached to DATETIME, so none is invented). Everything else goes through
// the common normalisation (BIGINT beyond 2^53 as digits, bytes as a placeholder).
import type { TypeCast } from 'mysql2';

const DECIMAL_TYPES = new Set(['NEWDECIMAL', 'DECIMAL']);

/** Up to 15 significant digits survive the trip through a double unchanged. */
const EXACT_SIGNIFICANT_DIGITS = 15;

export function decimalValue(text: string): number | string {
  const significant = text.replace(/[-+.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
  return significant.length <= EXACT_SIGNIFICANT_DIGITS ? Number(text) : text;
}

export const mysqlTypeCast: TypeCast = (field, next) => {
  if (DECIMAL_TYPES.has(field.type)) {
    const text = field.string();
    return text === null ? null : decimalValue(text);
  }
  return next();
};
