// The query-usage half of SqlStore (query-audit-usage.ts): recent audited SQL of one database.
import type { QueryAuditUsageStore } from './query-audit-usage.js';
import type { StoreDatabase } from './store-database.js';

export class SqlQueryUsage implements QueryAuditUsageStore {
  constructor(private readonly database: StoreDatabase) {}

  async listRecentAuditedSql(databaseName: string, limit: number): Promise<string[]> {
    const rows = await this.database.query(
      `SELECT sql_text FROM query_audit WHERE database_name = $1 AND NOT refused ORDER BY created_at DESC, id DESC LIMIT $2`,
      [databaseName, limit],
    );
    return rows.map((row) => String(row.sql_text));
  }
}
