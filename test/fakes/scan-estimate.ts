// The bytes a warehouse that bills by data scanned (BigQuery, Athena) would count for a query, as
// the local servers model it: what a columnar store reads when it scans every column of every
// table the query names (rows × columns × 8 bytes), or a configured size for a named table (a
// "huge" table without huge data).
import type { DuckDBConnection } from '@duckdb/node-api';

const BYTES_PER_VALUE = 8;

export async function estimateScannedBytes(connection: DuckDBConnection, databaseName: string, sql: string, tableBytes: Record<string, number> = {}): Promise<number> {
  const reader = await connection.runAndReadAll(`SELECT table_name, estimated_size, column_count FROM duckdb_tables() WHERE database_name = '${databaseName.replaceAll("'", "''")}'`);
  let bytes = 0;
  for (const [name, rows, columns] of reader.getRowsJS() as [string, bigint | number, bigint | number][]) {
    if (!new RegExp(`\\b${name}\\b`, 'i').test(sql)) continue;
    bytes += tableBytes[name] ?? Number(rows) * Number(columns) * BYTES_PER_VALUE;
  }
  return bytes;
}
