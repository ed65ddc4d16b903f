// Brings a schema up to date inside the caller's transaction, so a failed migration leaves
// nothing half-applied. Running it again is a no-op: applied versions are recorded.
import { migrationSql, pendingMigrations, SCHEMA_MIGRATIONS_TABLE_SQL } from './migrations.js';
import type { StoreDialect, StoreQueryRunner } from './store-database.js';

export async function applyMigrations(runner: StoreQueryRunner, dialect: StoreDialect): Promise<number[]> {
  await runner.executeScript(SCHEMA_MIGRATIONS_TABLE_SQL);
  const appliedRows = await runner.query('SELECT version FROM schema_migrations');
  const applied = appliedRows.map((row) => Number(row.version));
  const appliedNow: number[] = [];
  for (const migration of pendingMigrations(applied)) {
    await runner.executeScript(migrationSql(migration, dialect));
    // Wall-clock time is fine here: applied_at is for operators reading the table, not for logic.
    await runner.execute('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
      migration.version,
      migration.name,
      Date.now(),
    ]);
    appliedNow.push(migration.version);
  }
  return appliedNow;
}
