// What every catalog reader test needs: the reader's SQL run through the adapter exactly as sync
// runs it, each statement first passed through the read-only gate of the dialect (a catalog query
// the gate refuses would never reach a warehouse), and the statements kept for assertions.
import { expect } from 'vitest';
import { catalogQueryRunner, type CatalogQueryRunner } from '../../src/databases/table-metadata.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';

export interface GatedRunner {
  run: CatalogQueryRunner;
  statements: string[];
}

export async function gatedCatalogRunner(adapter: DatabaseAdapter): Promise<GatedRunner> {
  await initStatementGate();
  const statements: string[] = [];
  const runQuery = catalogQueryRunner(adapter);
  return {
    statements,
    run: async (sql) => {
      const verdict = checkReadOnly(sql, { dialect: adapter.dialect, allowFileAccess: false });
      expect(verdict, `the ${adapter.dialect} gate refused:\n${sql}`).toMatchObject({ allowed: true });
      statements.push(sql);
      return runQuery(sql);
    },
  };
}
