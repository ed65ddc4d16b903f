// Turns tedious' values into datathread's. tedious hands out bigint as decimal text, DATE as a
// Date at UTC midnight, DATETIMEOFFSET / DATETIME2 / DATETIME as Dates (read in UTC), MONEY and
// DECIMAL as JavaScript numbers (tedious reads DECIMAL into a double, so digits past about 15 are
// lost before the adapter sees them), UNIQUEIDENTIFIER as upper-case text and binary as Buffers.
// DATETIMEOFFSET is an instant, written in UTC with Z; DATETIME, DATETIME2 and SMALLDATETIME name
// no zone (tedious reads their wall-clock time as UTC), so they are written without the Z.
import { formatDateOnly, formatWallClockDate, normalizeIntegerText, normalizeValue } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

type ValueConverter = (value: unknown) => JsonValue;

function convertBigInt(value: unknown): JsonValue {
  return typeof value === 'string' ? normalizeIntegerText(value) : normalizeValue(value);
}

function convertDate(value: unknown): JsonValue {
  return value instanceof Date ? formatDateOnly(value) : normalizeValue(value);
}

function convertTimestampWithoutZone(value: unknown): JsonValue {
  return value instanceof Date ? formatWallClockDate(value) : normalizeValue(value);
}

/** MONEY and SMALLMONEY are exact to four decimals; the number tedious builds may carry float noise. */
function convertMoney(value: unknown): JsonValue {
  return typeof value === 'number' ? Math.round(value * 10_000) / 10_000 : normalizeValue(value);
}

/** The same GUID compares equal however it was typed; lower case is how other databases print UUIDs. */
function convertGuid(value: unknown): JsonValue {
  return typeof value === 'string' ? value.toLowerCase() : normalizeValue(value);
}

/** One converter per column, chosen once from its SQL Server type name (see mssqlTypeName). */
export function mssqlValueConverter(type: string): ValueConverter {
  switch (type) {
    case 'bigint':
      return convertBigInt;
    case 'date':
      return convertDate;
    case 'datetime':
    case 'datetime2':
    case 'smalldatetime':
      return convertTimestampWithoutZone;
    case 'money':
    case 'smallmoney':
      return convertMoney;
    case 'uniqueidentifier':
      return convertGuid;
    default:
      return normalizeValue;
  }
}

/** Nullable columns travel as a variable-length type (IntN, FloatN, …) whose byte length names the real type. */
const SIZED_TYPES: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  intn: { 1: 'tinyint', 2: 'smallint', 4: 'int', 8: 'bigint' },
  floatn: { 4: 'real', 8: 'float' },
  moneyn: { 4: 'smallmoney', 8: 'money' },
  datetimen: { 4: 'smalldatetime', 8: 'datetime' },
};

/** The SQL Server type name, lower case (`datetimeoffset`, `nvarchar`, `bigint`), from tedious' column metadata. */
export function mssqlTypeName(typeName: string, dataLength: number | undefined): string {
  const name = typeName.toLowerCase();
  const sized = SIZED_TYPES[name];
  if (sized) return sized[dataLength ?? 0] ?? name.slice(0, -1);
  if (name === 'bitn') return 'bit';
  if (name === 'decimaln' || name === 'numericn') return name.slice(0, -1);
  return name;
}
