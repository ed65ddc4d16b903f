// Query results named in data_files, written into the sandbox's data folder as CSV with a header
// row (`<query_id>.csv`), the way pandas.read_csv expects them.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { JsonValue, QueryColumn } from '../databases/types.js';

export interface DataFile {
  queryId: string;
  columns: QueryColumn[];
  rows: JsonValue[][];
}

function cell(value: JsonValue): string | number | boolean | null {
  if (value === null || typeof value !== 'object') return value;
  return JSON.stringify(value);
}

export function dataFileToCsv(file: DataFile): string {
  return stringify([file.columns.map((column) => column.name), ...file.rows.map((row) => row.map(cell))]);
}

export async function writeDataFiles(folder: string, files: readonly DataFile[]): Promise<void> {
  for (const file of files) await writeFile(join(folder, `${file.queryId}.csv`), dataFileToCsv(file));
}
