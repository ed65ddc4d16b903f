// How PostgreSQL's text values become JavaScript values. pg's defaults turn dates into local-time
// Date objects and int8/numeric into strings; datathread wants calendar dates as written, numbers
// as numbers (bigints as strings only past 2^53), and no Buffers or interval objects.
import pg from 'pg';
import { blobPlaceholder, normalizeDecimalText, normalizeIntegerText, normalizeNaiveTimestampText } from '../normalize-value.js';

type TextParser = (text: string) => unknown;

const passThrough: TextParser = (text) => text;

const POSTGRES_TYPE_OIDS = {
  bytea: 17,
  int8: 20,
  date: 1082,
  time: 1083,
  timestamp: 1114,
  interval: 1186,
  timetz: 1266,
  numeric: 1700,
} as const;

const overrides = new Map<number, TextParser>([
  [POSTGRES_TYPE_OIDS.int8, normalizeIntegerText],
  // Numeric becomes a number while a double holds it exactly, otherwise its digits, as every
  // adapter does; 'NaN' and the infinities become null.
  [POSTGRES_TYPE_OIDS.numeric, normalizeDecimalText],
  [POSTGRES_TYPE_OIDS.date, passThrough],
  // A timestamp without time zone has no offset; ISO form without one says exactly that.
  [POSTGRES_TYPE_OIDS.timestamp, normalizeNaiveTimestampText],
  [POSTGRES_TYPE_OIDS.time, passThrough],
  [POSTGRES_TYPE_OIDS.timetz, passThrough],
  [POSTGRES_TYPE_OIDS.interval, passThrough],
  // Text-format bytea is "\x" followed by two hex digits per byte: count without decoding.
  [POSTGRES_TYPE_OIDS.bytea, (text) => blobPlaceholder(text.startsWith('\\x') ? (text.length - 2) / 2 : text.length)],
]);

export function postgresTextParser(oid: number): TextParser {
  return overrides.get(oid) ?? (pg.types.getTypeParser(oid, 'text') as TextParser);
}

/** For pg.Pool's `types` option, so plain client.query() calls parse the same way. */
export const postgresTypeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : postgresTextParser(oid)) as pg.CustomTypesConfig['getTypeParser'],
};
