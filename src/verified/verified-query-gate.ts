// Verified queries pass the statement gate before anyone trusts them: one the gate refuses is never
// a trusted example for the model, never earns a badge, and is an error in `datathread check`.
// The check is execute_sql's own (refusalOfStoredSql); a verified query is checked on the database
// it names, or on every configured database when it names none, since the model may run it on any.
import { refusalOfStoredSql, type StoredSqlDatabase } from '../sql/stored-sql-check.js';
import type { VerifiedQuery } from './verified-query.js';

export interface RefusedVerifiedQuery {
  query: VerifiedQuery;
  databaseName: string;
  reason: string;
}

export interface GatedVerifiedQueries {
  trusted: VerifiedQuery[];
  refused: RefusedVerifiedQuery[];
}

/** Verdicts kept per database and SQL: a turn checks every verified query, and they rarely change. */
const MAX_REMEMBERED_VERDICTS = 2_000;

export class VerifiedQueryGate {
  private readonly verdicts = new Map<string, string | undefined>();

  constructor(private readonly databases: readonly StoredSqlDatabase[]) {}

  async gate(queries: readonly VerifiedQuery[]): Promise<GatedVerifiedQueries> {
    const result: GatedVerifiedQueries = { trusted: [], refused: [] };
    for (const query of queries) {
      const refusal = await this.refusalOf(query);
      if (refusal) result.refused.push({ query, ...refusal });
      else result.trusted.push(query);
    }
    return result;
  }

  /**
   * A query naming a database that is not configured is checked nowhere: nobody may use that
   * database, so no turn sees the query and no eval case can run it.
   */
  private async refusalOf(query: VerifiedQuery): Promise<{ databaseName: string; reason: string } | undefined> {
    const targets = query.database === undefined ? this.databases : this.databases.filter((database) => database.name === query.database);
    for (const database of targets) {
      const reason = await this.verdictOn(database, query.sql);
      if (reason !== undefined) return { databaseName: database.name, reason };
    }
    return undefined;
  }

  private async verdictOn(database: StoredSqlDatabase, sql: string): Promise<string | undefined> {
    const key = `${database.name}\u0000${sql}`;
    if (this.verdicts.has(key)) return this.verdicts.get(key);
    const reason = await refusalOfStoredSql(sql, database);
    if (this.verdicts.size >= MAX_REMEMBERED_VERDICTS) this.verdicts.clear();
    this.verdicts.set(key, reason);
    return reason;
  }
}
