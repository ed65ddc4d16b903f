// Shared helpers for the adapter tests: a config builder with the schema's defaults, and a rough
// memory probe for the row-cap tests.
import type { DatabaseConfig } from '../../src/databases/database-config.js';

export function databaseConfig(overrides: Partial<DatabaseConfig> & Pick<DatabaseConfig, 'type'>): DatabaseConfig {
  return {
    name: 'test_db',
    auth_mode: 'password',
    ssl: false,
    dangerously_allow_writes: false,
    allow_file_access: false,
    ...overrides,
  };
}

export interface MemoryGrowth {
  heapUsedMb: number;
  rssMb: number;
}

export function memorySnapshot(): () => MemoryGrowth {
  globalThis.gc?.();
  const before = process.memoryUsage();
  return () => {
    const after = process.memoryUsage();
    return {
      heapUsedMb: (after.heapUsed - before.heapUsed) / 1024 / 1024,
      rssMb: (after.rss - before.rss) / 1024 / 1024,
    };
  };
}

export const QUERY_OPTIONS = { rowCap: 1000, timeoutMs: 10_000 };

/** The error a promise rejects with; a promise that resolves fails the test. */
export async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('Expected the query to fail, but it succeeded.');
}
