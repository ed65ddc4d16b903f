// Runs one statement on a mysql2 connection and reads its rows as they arrive, stopping at the
// row cap: past it the connection is paused, the query killed from a second connection (so the
// server stops producing rows), and the rest of what was already in flight is read and dropped.
import type { Connection, FieldPacket, QueryError } from 'mysql2';
import type { JsonValue, QueryColumn } from '../types.js';
import { mysqlColumnType } from './mysql-column-types.js';
import { converterForField, type MysqlValueConverter } from './mysql-values.js';

export interface StreamedResult {
  columns: QueryColumn[];
  rows: JsonValue[][];
  truncated: boolean;
}

export interface StreamedQueryOptions {
  rowCap: number;
  /** Stops the running statement from another connection (KILL QUERY). */
  killQuery(): Promise<void>;
}

function columnFromField(field: FieldPacket): QueryColumn {
  return { name: field.name, type: mysqlColumnType(field) };
}

export function runStreamedQuery(connection: Connection, sql: string, options: StreamedQueryOptions): Promise<StreamedResult> {
  return new Promise((resolve, reject) => {
    const rows: JsonValue[][] = [];
    let columns: QueryColumn[] = [];
    /** The columns whose values need converting, with their converters; usually few or none. */
    let conversions: Array<[number, MysqlValueConverter]> = [];
    let truncated = false;
    let failure: QueryError | undefined;
    // A query streamed without a callback does not hear that its connection was lost (KILL
    // CONNECTION, a server restart, a failover): mysql2 tells the connection instead, and without
    // this listener the query would wait forever.
    const onConnectionLost = (error: Error) => {
      settle();
      reject(error);
    };
    const settle = () => connection.removeListener('error', onConnectionLost);
    connection.once('error', onConnectionLost);
    const query = connection.query({ sql, rowsAsArray: true });
    query.on('fields', (fields: FieldPacket[]) => {
      columns = fields.map(columnFromField);
      conversions = [];
      fields.forEach((field, index) => {
        const converter = converterForField(field);
        if (converter !== null) conversions.push([index, converter]);
      });
    });
    query.on('result', (row: JsonValue[]) => {
      if (truncated) return;
      if (rows.length >= options.rowCap) {
        truncated = true;
        connection.pause();
        void options.killQuery().finally(() => connection.resume());
        return;
      }
      // Each row is a fresh array from the driver: converting in place saves a copy per row.
      for (const [index, converter] of conversions) row[index] = converter(row[index]);
      rows.push(row);
    });
    query.on('error', (error: QueryError) => {
      failure = error;
    });
    query.on('end', () => {
      settle();
      // A statement we killed ourselves ends with "interrupted": the rows read so far stand.
      if (failure && !truncated) reject(failure);
      else resolve({ columns, rows, truncated });
    });
  });
}
