// Asks MariaDB how it reads a statement: one connection with the adapter's sql_mode (backslash
// escapes, "…" as a string), read-only transactions, a short statement time limit. Multi-statements
// are on so a second statement shows up as a second result instead of being refused unread.
import mysql from 'mysql2/promise';
import type { EngineAnswer, ResultSet } from './marker-reading.js';
import type { EngineSession } from './postgres-probe.js';

export async function openMariaDbProbe(options: { host: string; port: number }): Promise<EngineSession> {
  const connection = await mysql.createConnection({ ...options, user: 'root', password: '', multipleStatements: true, rowsAsArray: true });
  await connection.query("SET SESSION sql_mode = REPLACE(REPLACE(@@SESSION.sql_mode, 'ANSI_QUOTES', ''), 'NO_BACKSLASH_ESCAPES', '')");
  await connection.query('SET SESSION TRANSACTION READ ONLY');
  await connection.query('SET SESSION max_statement_time = 5');
  return {
    probe: async (sql) => {
      try {
        const [results, fields] = await connection.query(sql);
        const multiple = Array.isArray(fields) && fields.length > 0 && Array.isArray(fields[0]);
        const all = multiple ? (results as unknown[][]).map((rows, index) => resultSet(rows, (fields as unknown as mysql.FieldPacket[][])[index])) : [resultSet(results as unknown[], fields as mysql.FieldPacket[] | undefined)];
        // Text after the last `;` that holds only a comment comes back as a result without columns.
        const sets = all.filter((set) => set.columns.length > 0);
        return { outcome: 'rows', resultSets: sets, statementCount: sets.length } satisfies EngineAnswer;
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
    },
    close: () => connection.end(),
  };
}

function resultSet(rows: unknown, fields: mysql.FieldPacket[] | undefined): ResultSet {
  const values = Array.isArray(rows) ? rows.flat().map((value) => (Buffer.isBuffer(value) ? value.toString('utf8') : String(value))) : [];
  return { columns: (fields ?? []).map((field) => field.name), values };
}
