// Every verified query a turn can use: the context folder's `verified/*.yaml` and the ones verified
// from chat (the store). Read afresh for each turn, so a merged file or a Verify click counts at
// once; a file with problems is skipped here and reported by `datathread check`, and so is a query
// the statement gate refuses (verified-query-gate.ts).
import type { Logger } from '../logging/logger.js';
import type { VerifiedQueryStore } from '../store/verified-query-store.js';
import type { QueryRun } from '../store/turn-artifacts.js';
import { normalizeSql, verifiedQueryFromStore, type VerifiedBadge, type VerifiedQuery } from './verified-query.js';
import { readVerifiedQueryFiles } from './verified-query-files.js';
import { type GatedVerifiedQueries, VerifiedQueryGate } from './verified-query-gate.js';
import type { StoredSqlDatabase } from '../sql/stored-sql-check.js';
import { VerifiedQuerySearch } from './verified-query-search.js';

export interface VerifiedQueryLibraryOptions {
  store: Pick<VerifiedQueryStore, 'listVerifiedQueries'>;
  /** The context folder, absolute; undefined when none is configured. */
  contextRoot?: string | undefined;
  logger: Pick<Logger, 'warn'>;
  /** The configured databases: a verified query is trusted only where the statement gate lets it run. */
  databases: readonly StoredSqlDatabase[];
}

/** The verified queries one turn sees: only those on databases the asker may use (or naming none). */
export class VerifiedQueriesForTurn {
  private readonly search: VerifiedQuerySearch;

  constructor(private readonly queries: VerifiedQuery[]) {
    this.search = new VerifiedQuerySearch(queries);
  }

  /** The trusted examples for the model: the closest verified queries, at most three. */
  examplesFor(question: string): VerifiedQuery[] {
    return this.search.closest(question).map((match) => match.query);
  }

  /**
   * The badge when a query the turn ran successfully is a verified query (same SQL once normalised,
   * on the same database when the verified query names one). The last such query wins.
   */
  badgeFor(queries: QueryRun[]): VerifiedBadge | undefined {
    for (const run of [...queries].reverse()) {
      if (run.refused || run.error !== null || run.sql.trim() === '') continue;
      const normalized = normalizeSql(run.sql);
      const match = this.queries.find((query) => normalizeSql(query.sql) === normalized && (query.database === undefined || query.database === run.databaseName));
      if (match) return { verifiedBy: match.verifiedBy, verifiedAt: match.verifiedAt, sql: match.sql };
    }
    return undefined;
  }
}

export class VerifiedQueryLibrary {
  private readonly gate: VerifiedQueryGate;

  constructor(private readonly options: VerifiedQueryLibraryOptions) {
    this.gate = new VerifiedQueryGate(options.databases);
  }

  /** Every verified query with the gate's verdict on it, for `datathread check`. */
  async gated(): Promise<GatedVerifiedQueries> {
    return this.gate.gate(await this.all());
  }

  /** Files first, then chat-verified ones, oldest first; the gate's refusals included (list, export). */
  async all(): Promise<VerifiedQuery[]> {
    const files = this.options.contextRoot ? await readVerifiedQueryFiles(this.options.contextRoot) : { queries: [], problems: [] };
    if (files.problems.length > 0) this.options.logger.warn('verified-query files skipped; run `datathread check` for the details', { problems: files.problems.length });
    const stored = await this.options.store.listVerifiedQueries();
    return [...files.queries, ...stored.map(verifiedQueryFromStore)];
  }

  async forTurn(allowedDatabases: readonly string[]): Promise<VerifiedQueriesForTurn> {
    const allowed = new Set(allowedDatabases);
    const visible = (await this.all()).filter((query) => query.database === undefined || allowed.has(query.database));
    const { trusted, refused } = await this.gate.gate(visible);
    if (refused.length > 0) this.options.logger.warn('verified queries the statement gate refuses are left out; run `datathread check` for the details', { refused: refused.length });
    return new VerifiedQueriesForTurn(trusted);
  }
}
