// What other parts of datathread (dbt) add to a sync without the engine knowing them: more facts on
// the tables of a database, and more generated files for the whole run.
import type { DatabaseConfig } from '../databases/database-config.js';
import type { TableMetadata } from '../databases/table-metadata.js';
import type { GeneratedFile } from './write-generated-files.js';

export interface SyncHooks {
  /** Called once per database after its catalog is read; returns the tables to write (descriptions, dbt links added). */
  enrichTables?: (database: DatabaseConfig, tables: TableMetadata[]) => Promise<TableMetadata[]> | TableMetadata[];
  /**
   * Further generated files (each with its generated header line), e.g. `semantics/metrics/<metric>.md`.
   * Generated files under their top folders that a later run no longer lists are removed.
   */
  extraFiles?: () => Promise<GeneratedFile[]> | GeneratedFile[];
}
