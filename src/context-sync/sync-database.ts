// One database's sync: connect (a federated database only through its shared `sync.credential`),
// read the catalog, apply the hooks and the sampling rules, render the table files and the index,
// write them incrementally. Failures come back as a result, so the other databases still sync.
import type { DatabaseConfig } from '../databases/database-config.js';
import { dialectRules } from '../databases/dialects.js';
import type { DatabaseAdapter } from '../databases/types.js';
import { errorMessage } from '../support/errors.js';
import { databaseFolder, tableFileName } from './context-paths.js';
import { catalogReaderFor } from '../databases/dialect-runtime.js';
import type { CatalogReader } from '../databases/table-metadata.js';
import { columnExclusion } from './excluded-columns.js';
import { readDatabaseTables } from './read-database-tables.js';
import { renderDatabaseIndex, type IndexedTable } from './render-database-index.js';
import { renderTableFile } from './render-table-file.js';
import { applySampling } from './sample-database-values.js';
import type { SyncHooks } from './sync-hooks.js';
import { catalogQueryRunner } from '../databases/table-metadata.js';
import { catalogFingerprint, mayHaveCatalogFingerprint } from './catalog-fingerprint.js';
import { readSyncedFolder, unchangedSince, type SyncedFolder } from './unchanged-database.js';
import { writeDatabaseFiles } from './write-database-files.js';
import type { WriteOutcome } from './write-generated-files.js';

export type DatabaseSyncStatus = 'synced' | 'failed' | 'skipped';

export interface DatabaseSyncResult {
  database: string;
  dialect: string;
  status: DatabaseSyncStatus;
  /** Why it failed or was skipped. */
  reason?: string;
  tables: number;
  outcome?: WriteOutcome;
  notes: string[];
}

export interface DatabaseSyncOptions {
  contextPath: string;
  dryRun: boolean;
  createAdapter: (config: DatabaseConfig) => DatabaseAdapter | Promise<DatabaseAdapter>;
  hooks: SyncHooks;
}

/** The config sync connects with: a federated database's shared sync login, or undefined when it has none. */
function syncConnection(config: DatabaseConfig, reader: CatalogReader | undefined): DatabaseConfig | undefined {
  const dialectSettings = reader?.syncConnection ?? ((settings: DatabaseConfig) => settings);
  if (config.auth_mode !== 'azure_entra_id') return dialectSettings(config);
  const credential = config.sync?.credential;
  if (!credential) return undefined;
  return dialectSettings({ ...config, auth_mode: 'password', user: credential.user, password: credential.password });
}

/** Table files named uniquely: two names that only differ in characters made safe get `-2`, `-3`. */
function uniqueFileNames(tables: IndexedTable['table'][]): IndexedTable[] {
  const used = new Set<string>();
  return tables.map((table) => {
    const base = tableFileName(table.schema, table.name);
    let fileName = base;
    for (let suffix = 2; used.has(fileName.toLowerCase()); suffix += 1) fileName = base.replace(/\.md$/, `-${suffix}.md`);
    used.add(fileName.toLowerCase());
    return { table, fileName };
  });
}

async function syncWithAdapter(
  config: DatabaseConfig,
  adapter: DatabaseAdapter,
  synced: Promise<SyncedFolder | undefined>,
  options: DatabaseSyncOptions,
  release: () => Promise<void>,
): Promise<DatabaseSyncResult> {
  const engine = dialectRules(config.type).displayName;
  const folder = databaseFolder(config.name);
  // Taken before the catalog is read: a change made during the read then shows at the next sync.
  const fingerprint = await catalogFingerprint(config, adapter);
  const unchanged = fingerprint === undefined ? undefined : unchangedSince(await synced, folder, fingerprint);
  if (unchanged) {
    const notes = ['catalog unchanged since the last sync (same fingerprint): nothing was read.'];
    return { database: config.name, dialect: config.type, status: 'synced', tables: unchanged.tables, outcome: unchanged.outcome, notes };
  }
  const read = await readDatabaseTables(config, adapter);
  const tables = options.hooks.enrichTables ? await options.hooks.enrichTables(config, read.tables) : read.tables;
  const notes = [...read.notes];
  const federated = config.auth_mode === 'azure_entra_id';
  if (federated && config.sync?.sample_values) notes.push('values are never sampled from a federated database: structure only.');
  const sampling = await applySampling(tables, {
    dialect: config.type,
    run: catalogQueryRunner(adapter),
    sampleValues: Boolean(config.sync?.sample_values) && !federated,
    isExcluded: columnExclusion(config.sync?.exclude_columns),
  });
  if (sampling.failedColumns > 0) notes.push(`${sampling.failedColumns} column(s) could not be sampled and have no frequent values.`);
  // Nothing more is read from the warehouse: let it go before thousands of files are rendered (an
  // open 5,000-table DuckDB file alone holds about 190 MB).
  await release();
  const source = { database: config.name, engine };
  const indexed = uniqueFileNames(tables);
  const tablePaths = indexed.map(({ fileName }) => `${folder}/${fileName}`);
  const renderTable = (index: number) => renderTableFile(indexed[index]!.table, source);
  const renderIndex = (keptHandWritten: string[]) =>
    renderDatabaseIndex(indexed, { ...source, commentsAvailable: read.commentsAvailable, catalogFingerprint: fingerprint, keptHandWritten });
  const outcome = await writeDatabaseFiles(options.contextPath, { folder, tablePaths, renderTable, renderIndex }, options.dryRun);
  return { database: config.name, dialect: config.type, status: 'synced', tables: tables.length, outcome, notes };
}

export async function syncDatabase(config: DatabaseConfig, options: DatabaseSyncOptions): Promise<DatabaseSyncResult> {
  const reader = await catalogReaderFor(config);
  const connection = syncConnection(config, reader);
  if (!connection) {
    const reason = 'federated (azure_entra_id) and no `sync.credential` is configured: its structure is not synced with anyone\'s own token.';
    return { database: config.name, dialect: config.type, status: 'skipped', reason, tables: 0, notes: [] };
  }
  let adapter: DatabaseAdapter | undefined;
  const release = async () => {
    const open = adapter;
    adapter = undefined;
    await open?.close().catch(() => undefined);
  };
  // The folder is read while the driver loads, the connection opens and the warehouse computes the
  // fingerprint: an unchanged re-sync costs the longer of the two, not their sum.
  const synced = mayHaveCatalogFingerprint(config, reader) ? readSyncedFolder(options.contextPath, databaseFolder(config.name)) : Promise.resolve(undefined);
  synced.catch(() => undefined);
  try {
    adapter = await options.createAdapter(connection);
    return await syncWithAdapter(config, adapter, synced, options, release);
  } catch (error) {
    return { database: config.name, dialect: config.type, status: 'failed', reason: errorMessage(error), tables: 0, notes: [] };
  } finally {
    await release();
  }
}
