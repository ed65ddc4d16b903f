// Asks PostgreSQL how it reads a statement: one session, read-only by default, a short statement
// timeout; the simple query protocol runs every statement of the text, as psql would, so a second
// statement shows up as a second result.
import pg from 'pg';
import type { EngineAnswer, ResultSet } from './marker-reading.js';

/** NAMEDATALEN - 1: PostgreSQL truncates longer identifiers. */
const MAX_NAME_BYTES = 63;
/** The longest UTF-8 character. */
const MAX_CHARACTER_BYTES = 4;

export interface EngineSession {
  probe(sql: string): Promise<EngineAnswer>;
  close(): Promise<void>;
}

export async function openPostgresProbe(connectionString: string): Promise<EngineSession> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query("SET default_transaction_read_only = on; SET statement_timeout = '5s'");
  return {
    probe: async (sql) => {
      try {
        const result = (await client.query({ text: sql, rowMode: 'array' })) as unknown as pg.QueryArrayResult | pg.QueryArrayResult[];
        const results = Array.isArray(result) ? result : [result];
        // PostgreSQL cuts names at 63 bytes, at a character's start: a marker past the cut would look
        // like a comment, so an answer with a name that may have been cut is not compared.
        if (results.some((one) => one.fields.some((field) => Buffer.byteLength(field.name) > MAX_NAME_BYTES - MAX_CHARACTER_BYTES))) {
          return { outcome: 'error', message: 'a column name was cut to 63 bytes' };
        }
        return { outcome: 'rows', resultSets: results.map(resultSet), statementCount: results.length };
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
    },
    close: () => client.end(),
  };
}

function resultSet(result: pg.QueryArrayResult): ResultSet {
  return { columns: result.fields.map((field) => field.name), values: result.rows.flat().map((value) => String(value)) };
}
