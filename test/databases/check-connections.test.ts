// At start every configured database is asked one query: a database that refuses its password is
// reported plainly in the log (its name, the reason, what to fix) without the password; one that
// answers is reported as accepted; a per-user (Entra ID) database is reported as checked at sign-in.
import { describe, expect, it } from 'vitest';
import { checkDatabaseConnections } from '../../src/databases/check-connections.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { MARIADB_HOST, MARIADB_PORT, mariaDbAvailable } from '../support/mariadb-database.js';
import { databaseConfig } from './database-test-helpers.js';

const mariaDb = await mariaDbAvailable();

describe.runIf(mariaDb)('start-up connection checks', () => {
  it('logs which databases accept their credentials and which refuse, without the password', async () => {
    const databases = [
      await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'local', path: ':memory:' })),
      await createDatabaseAdapter(databaseConfig({ type: 'mysql', name: 'maria_wrong', host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: 'not-the-password-42' })),
      await createDatabaseAdapter(databaseConfig({ type: 'postgres', name: 'federated', host: '127.0.0.1', port: 5432, database: 'test', auth_mode: 'azure_entra_id' })),
    ];
    const lines: Array<{ level: string; message: string }> = [];
    const logger = { info: (message: string) => void lines.push({ level: 'info', message }), error: (message: string) => void lines.push({ level: 'error', message }) };
    try {
      const results = await checkDatabaseConnections(databases, logger);
      expect(results).toEqual({ local: 'ok', maria_wrong: 'refused', federated: 'per_user' });
      expect(lines).toContainEqual({ level: 'info', message: 'Database "local" accepted its credentials and answers.' });
      const refusal = lines.find((line) => line.level === 'error');
      expect(refusal?.message).toMatch(/^Database "maria_wrong" cannot be used: .*Access denied/);
      expect(refusal?.message).toContain('Check its host, port, user and password in datathread.yaml');
      expect(JSON.stringify(lines)).not.toContain('not-the-password-42');
      expect(lines.some((line) => line.message.startsWith('Database "federated" connects as each asker'))).toBe(true);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
