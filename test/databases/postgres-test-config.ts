// Turns a scratch database URL into a `databases:` entry, as an operator would write it.
import type { DatabaseConfig } from '../../src/databases/database-config.js';
import { databaseConfig } from './database-test-helpers.js';

export function postgresConfigFromUrl(url: string, overrides: Partial<DatabaseConfig> = {}): DatabaseConfig {
  const parsed = new URL(url);
  return databaseConfig({
    type: 'postgres',
    name: 'pg_test',
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password) || undefined,
    ...overrides,
  });
}
