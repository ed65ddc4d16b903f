// Caches each database's introspection and data ranges for the system prompt: introspecting on
// every turn would be slow, and a database that is down must not block a turn on other databases.
import type { DatabaseAdapter, SchemaSummary } from '../databases/types.js';
import type { Clock } from '../support/clock-and-ids.js';
import { findDataRanges, type DataRange } from './data-ranges.js';

export const SCHEMA_CACHE_TTL_MS = 10 * 60_000;
export const SCHEMA_FAILURE_RETRY_MS = 30_000;
export const SCHEMA_INTROSPECTION_TIMEOUT_MS = 10_000;

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

  constructor(private readonly clock: Clock) {}

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
