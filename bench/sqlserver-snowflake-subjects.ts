// execute_sql bench subjects for SQL Server and Snowflake, each on its local protocol server.
import snowflake from 'snowflake-sdk';
import { Connection as TdsConnection, Request as TdsRequest } from 'tedious';
import { createDatabaseAdapter } from '../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../src/databases/types.js';
import { startFakeSnowflake } from '../test/fakes/snowflake-server.js';
import { startFakeTds } from '../test/fakes/tds-server.js';

interface MicrosoftFamilySubject {
  dialect: string;
  raw: () => Promise<unknown>;
  adapter: DatabaseAdapter;
  close: () => Promise<void>;
}

const localServerSetup = (rows: number): string[] => [
  `CREATE TABLE bench_rows AS SELECT range::INTEGER AS id, 'customer ' || range AS name, (range * 1.25)::DOUBLE AS amount, DATE '2025-01-01' + (range % 365)::INTEGER AS day FROM range(${rows})`,
];

/**
 * SQL Server through the local TDS server. The adapter opens one connection per query (so one
 * person's session is never reused), so the raw figure does the same: connect, one batch, close.
 */
export async function mssqlSubject(rows: number, sql: string): Promise<MicrosoftFamilySubject> {
  const server = await startFakeTds({ setup: localServerSetup(rows), logins: { bench: 'bench-password' } });
  const configuration = { server: server.host, authentication: { type: 'default' as const, options: { userName: 'bench', password: 'bench-password' } }, options: { port: server.port, encrypt: false } };
  const raw = () =>
    new Promise<unknown[]>((resolve, reject) => {
      const connection = new TdsConnection(configuration);
      const rows: unknown[] = [];
      connection.connect((error) => {
        if (error) return reject(error);
        const request = new TdsRequest(sql, (queryError) => {
          connection.close();
          if (queryError) reject(queryError);
          else resolve(rows);
        });
        request.on('row', (columns) => rows.push(columns));
        connection.execSqlBatch(request);
      });
    });
  const adapter = await createDatabaseAdapter({
    name: 'ms', type: 'mssql', host: server.host, port: server.port, user: 'bench', password: 'bench-password',
    auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false,
  });
  return { dialect: 'mssql', raw, adapter, close: () => server.close() };
}

/** Snowflake through the local REST server; like the adapter, the raw figure opens a session per query. */
export async function snowflakeSubject(rows: number, sql: string): Promise<MicrosoftFamilySubject> {
  const server = await startFakeSnowflake({ setup: localServerSetup(rows), passwords: { BENCH: 'bench-password' } });
  snowflake.configure({ logLevel: 'OFF' });
  const raw = () =>
    new Promise<unknown[]>((resolve, reject) => {
      const connection = snowflake.createConnection({ account: 'bench', accessUrl: server.url, username: 'BENCH', password: 'bench-password' });
      connection.connect((error) => {
        if (error) return reject(error);
        connection.execute({
          sqlText: sql,
          complete: (queryError, _statement, rows) => {
            connection.destroy(() => undefined);
            if (queryError) reject(queryError);
            else resolve(rows ?? []);
          },
        });
      });
    });
  const adapter = await createDatabaseAdapter({
    name: 'snow', type: 'snowflake', host: '127.0.0.1', port: server.port, user: 'BENCH', password: 'bench-password',
    auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false,
  });
  return { dialect: 'snowflake', raw, adapter, close: () => server.close() };
}

