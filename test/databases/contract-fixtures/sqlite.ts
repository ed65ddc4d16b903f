import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import { databaseConfig } from '../database-test-helpers.js';
import { SQLITE_CONTRACT_DATA } from './contract-data.js';
import type { ContractFixture } from './contract-fixture.js';
import { STANDARD_CONTRACT_SQL } from './standard-sql.js';

function createSqliteFile(path: string, statements: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const database = new sqlite3.Database(path, (openError) => {
      if (openError) return reject(openError);
      database.exec(statements.join(';\n'), (error) => database.close(() => (error ? reject(error) : resolve())));
    });
  });
}

// SQLite has no date, time or decimal types: a value is stored as the text or number written.
export const sqliteFixture: ContractFixture = {
  dialect: 'sqlite',
  hangingConfig: ({ path }) => databaseConfig({ type: 'sqlite', name: 'hanging', path }),
  available: async () => true,
  open: async () => {
    const directory = await mkdtemp(join(tmpdir(), 'datathread-contract-sqlite-'));
    const path = join(directory, 'app.sqlite');
    await createSqliteFile(path, SQLITE_CONTRACT_DATA);
    const adapter = await createDatabaseAdapter(databaseConfig({ type: 'sqlite', name: 'contract', path }));
    return {
      adapter,
      close: async () => {
        await adapter.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
  sql: {
    ...STANDARD_CONTRACT_SQL,
    typedSelect: 'SELECT n, label, price, day FROM contract_typed',
    nulls: 'SELECT NULL AS n, NULL AS label, NULL AS day, NULL AS price',
    values: `SELECT '2024-02-29' AS day, '2024-01-02 03:04:05.123' AS at, '2024-01-02 03:04:05' AS whole, 12.50 AS price,
      '12345678901234567890.5' AS huge`,
    integers: `SELECT 9007199254740993 AS big, 42 AS small`,
    // No time zone type either: a zoned timestamp is text like any other.
    zonedTimestamp: undefined,
    slow: 'WITH RECURSIVE counter(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM counter WHERE i < 1000000000) SELECT count(*) AS n FROM counter',
  },
  valueExceptions: {
    at: { value: '2024-01-02 03:04:05.123', reason: 'SQLite stores a timestamp as the text written; it has no timestamp type to read it by' },
    whole: { value: '2024-01-02 03:04:05', reason: 'SQLite stores a timestamp as the text written; it has no timestamp type to read it by' },
  },
};
