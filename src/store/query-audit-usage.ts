// What the system prompt's table index learns from the query audit: which tables people's questions
// actually needed. Joined to `Store`; implemented over SQL in sql-query-usage-statements.ts.

export interface QueryAuditUsageStore {
  /** The SQL of the most recent queries that ran (not refused) on `databaseName`, newest first, at most `limit`. */
  listRecentAuditedSql(databaseName: string, limit: number): Promise<string[]>;
}
