// Asks DuckDB how it reads a statement, in a private in-memory database: DuckDB's own statement
// extraction says how many statements the text holds, and each one runs for its columns.
import { DuckDBInstance } from '@duckdb/node-api';
import type { EngineAnswer, ResultSet } from './marker-reading.js';
import type { EngineSession } from './postgres-probe.js';

export async function openDuckDbProbe(): Promise<EngineSession> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1', enable_external_access: 'false' });
  const connection = await instance.connect();
  return {
    probe: async (sql) => {
      try {
        const extracted = await connection.extractStatements(sql);
        const resultSets: ResultSet[] = [];
        for (let index = 0; index < extracted.count; index += 1) {
          const reader = await (await extracted.prepare(index)).runAndReadAll();
          resultSets.push({ columns: reader.columnNames(), values: reader.getRowsJS().flat().map((value) => String(value)) });
        }
        return { outcome: 'rows', resultSets, statementCount: extracted.count } satisfies EngineAnswer;
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
    },
    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
