// A CSV the sandboxed code wrote, read back as a query-result-like table: the header row names the
// columns, numbers and booleans become values, and the rows are cut at the row cap.
import { parse } from 'csv-parse/sync';
import type { JsonValue, QueryColumn } from '../databases/types.js';

export interface ParsedTable {
  columns: QueryColumn[];
  rows: JsonValue[][];
  rowCount: number;
  truncated: boolean;
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function toValue(text: string): JsonValue {
  if (text === '') return null;
  if (NUMBER.test(text)) return Number(text);
  if (text === 'True' || text === 'true') return true;
  if (text === 'False' || text === 'false') return false;
  return text;
}

function columnType(rows: JsonValue[][], index: number): string {
  const kinds = new Set(rows.map((row) => row[index]).filter((value) => value !== null).map((value) => typeof value));
  if (kinds.size === 1 && kinds.has('number')) return 'double';
  if (kinds.size === 1 && kinds.has('boolean')) return 'boolean';
  return 'varchar';
}

export function parseOutputCsv(text: string, rowCap: number): ParsedTable {
  const records = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  const [header = [], ...body] = records;
  const rows = body.slice(0, rowCap).map((record) => header.map((_name, index) => toValue(record[index] ?? '')));
  const columns = header.map((name, index) => ({ name: name || `column_${index + 1}`, type: columnType(rows, index) }));
  return { columns, rows, rowCount: body.length, truncated: body.length > rowCap };
}
