// A database's tables as sync writes them: the dialect's catalog reader through the adapter's own
// read-only path, or, for a dialect without one yet, the adapter's introspection (names and types,
// no comments or keys). Sorted by schema and name so files and index come out the same every run.
import type { DatabaseConfig } from '../databases/database-config.js';
import { catalogReaderFor } from '../databases/dialect-runtime.js';
import type { DatabaseAdapter } from '../databases/types.js';
import { catalogQueryRunner, type TableMetadata } from '../databases/table-metadata.js';

export interface DatabaseTables {
  tables: TableMetadata[];
  commentsAvailable: boolean;
  /** Said once in the report, e.g. that no catalog reader exists for the dialect. */
  notes: string[];
}

function byName(left: TableMetadata, right: TableMetadata): number {
  return left.schema.localeCompare(right.schema) || left.name.localeCompare(right.name);
}

export async function readDatabaseTables(config: DatabaseConfig, adapter: DatabaseAdapter): Promise<DatabaseTables> {
  const reader = await catalogReaderFor(config, adapter);
  if (reader) {
    const tables = await reader.readTables(catalogQueryRunner(adapter));
    const notes = reader.commentsAvailable ? [] : [`${adapter.dialect} keeps no table or column comments: descriptions come from dbt or stay empty.`];
    return { tables: tables.sort(byName), commentsAvailable: reader.commentsAvailable, notes };
  }
  const summary = await adapter.introspect();
  const tables = summary.tables.map((table): TableMetadata => ({
    schema: table.schema,
    name: table.name,
    kind: 'table',
    columns: table.columns.map((column) => ({ name: column.name, type: column.type })),
  }));
  return { tables: tables.sort(byName), commentsAvailable: false, notes: [`no catalog reader for ${adapter.dialect} yet: names and types only, no comments, keys or row counts.`] };
}
