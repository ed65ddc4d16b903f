// Caches each database's introspection and data ranges for the system prompt: introspecting on
// every turn would be slow, and a database that is down must not block a turn on other databases.
// For a database with generated context files (`datathread sync`) it also gives the ranked table
// index: the files come from the shared search index (up to date on each call), the use counts
// from the query audit (cached like the schema).
import type { ContextFolder } from '../context-files/context-folder.js';
import { contextSearchIndexFor } from '../context-files/context-search-index.js';
import { databaseFolderName } from '../context-files/database-folders.js';
import { firstSentence } from '../context-files/generated-table-file.js';
import type { DatabaseAdapter, SchemaSummary } from '../databases/types.js';
import type { QueryAuditUsageStore } from '../store/query-audit-usage.js';
import type { Clock } from '../support/clock-and-ids.js';
import { findDataRanges, type DataRange } from './data-ranges.js';
import { type IndexedTable, rankTables } from './table-index.js';
import { countIdentifierUse, tableUseCount } from './table-usage.js';

export const SCHEMA_CACHE_TTL_MS = 10 * 60_000;
export const SCHEMA_FAILURE_RETRY_MS = 30_000;
export const SCHEMA_INTROSPECTION_TIMEOUT_MS = 10_000;
/** How many recent audited queries per database rank the table index. */
export const AUDITED_QUERIES_FOR_RANKING = 2_000;

interface Entry {
  schema?: SchemaSummary;
  dataRanges: DataRange[];
  expiresAt: number;
}

export interface DatabaseDescription {
  /** Undefined when introspection failed or needs a user's sign-in. */
  schema?: SchemaSummary;
  /** The days the data covers, where cheap to read (data-ranges.ts); empty otherwise. */
  dataRanges: DataRange[];
}

export class SchemaCatalog {
  private readonly entries = new Map<string, Entry>();
  private readonly usage = new Map<string, { counts: Map<string, number>; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly audit?: QueryAuditUsageStore,
  ) {}

  /**
   * The database's generated tables as `view` (the asker's view of the context folder) shows them,
   * ranked for the prompt; undefined when sync has written no table files for it.
   */
  async tableIndexOf(database: DatabaseAdapter, view: ContextFolder | undefined): Promise<IndexedTable[] | undefined> {
    if (!view?.exists()) return undefined;
    const folder = databaseFolderName(database.name);
    const tables = (await contextSearchIndexFor(view).tables(view)).filter((table) => table.databaseFolder === folder);
    if (tables.length === 0) return undefined;
    const counts = await this.useCounts(database.name);
    return rankTables(
      tables.map((table) => ({
        qualifiedName: table.qualifiedName,
        schema: table.schema,
        summary: table.description === undefined ? undefined : firstSentence(table.description),
        useCount: tableUseCount(counts, table.qualifiedName, table.name),
        hasDbtModel: table.dbtModel !== undefined,
      })),
    );
  }

  /** An audit that cannot be read only leaves the ranking without use counts. */
  private async useCounts(databaseName: string): Promise<Map<string, number>> {
    const now = this.clock().getTime();
    const cached = this.usage.get(databaseName);
    if (cached && cached.expiresAt > now) return cached.counts;
    const texts = this.audit ? await this.audit.listRecentAuditedSql(databaseName, AUDITED_QUERIES_FOR_RANKING).catch(() => []) : [];
    const counts = countIdentifierUse(texts);
    this.usage.set(databaseName, { counts, expiresAt: now + SCHEMA_CACHE_TTL_MS });
    return counts;
  }

  async schemaOf(database: DatabaseAdapter): Promise<SchemaSummary | undefined> {
    return (await this.describe(database)).schema;
  }

  async describe(database: DatabaseAdapter): Promise<DatabaseDescription> {
    const now = this.clock().getTime();
    const cached = this.entries.get(database.name);
    if (cached && cached.expiresAt > now) return { schema: cached.schema, dataRanges: cached.dataRanges };
    // A federated database can only be introspected with a user's token; the prompt then says so.
    if (database.requiresUserCredential) return { dataRanges: [] };
    let entry: Entry;
    try {
      const schema = await withTimeout(database.introspect(), SCHEMA_INTROSPECTION_TIMEOUT_MS);
      // A range that cannot be read only leaves the prompt without it.
      const dataRanges = await withTimeout(findDataRanges(database), SCHEMA_INTROSPECTION_TIMEOUT_MS).catch(() => []);
      entry = { schema, dataRanges, expiresAt: now + SCHEMA_CACHE_TTL_MS };
    } catch {
      entry = { dataRanges: [], expiresAt: now + SCHEMA_FAILURE_RETRY_MS };
    }
    this.entries.set(database.name, entry);
    return { schema: entry.schema, dataRanges: entry.dataRanges };
  }
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${milliseconds} ms`)), milliseconds);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
