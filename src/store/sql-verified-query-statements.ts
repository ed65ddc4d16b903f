// Verified queries over StoreDatabase (the verified-query half of SqlStore). One row per normalised
// SQL and database: a second Verify of the same query updates who, when and the question.
import { epochMs } from './epoch-ms.js';
import type { StoreDatabase, StoreRow } from './store-database.js';
import type { Platform } from '../support/platforms.js';
import type { StoredVerifiedQuery, VerifiedQueryStore } from './verified-query-store.js';

const COLUMNS = 'id, question, paraphrases, sql_text, database_name, verified_by_platform, verified_by_user_id, verified_by_name, verified_at, thread_id';

/** The unique key cannot hold NULL as a value that conflicts, so "no database" is stored as ''. */
const NO_DATABASE = '';

export class SqlVerifiedQueries implements VerifiedQueryStore {
  constructor(private readonly database: StoreDatabase) {}

  async saveVerifiedQuery(query: StoredVerifiedQuery, normalizedSql: string): Promise<void> {
    await this.database.execute(
      `INSERT INTO verified_queries
         (${COLUMNS}, normalized_sql)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (normalized_sql, database_name) DO UPDATE SET
         question = excluded.question, paraphrases = excluded.paraphrases, sql_text = excluded.sql_text,
         verified_by_platform = excluded.verified_by_platform, verified_by_user_id = excluded.verified_by_user_id,
         verified_by_name = excluded.verified_by_name, verified_at = excluded.verified_at, thread_id = excluded.thread_id`,
      [
        query.id,
        query.question,
        JSON.stringify(query.paraphrases),
        query.sql,
        query.databaseName ?? NO_DATABASE,
        query.verifiedBy.platform,
        query.verifiedBy.userId,
        query.verifiedBy.displayName ?? null,
        epochMs(query.verifiedAt),
        query.threadId,
        normalizedSql,
      ],
    );
  }

  async listVerifiedQueries(): Promise<StoredVerifiedQuery[]> {
    const rows = await this.database.query(`SELECT ${COLUMNS} FROM verified_queries ORDER BY verified_at, id`);
    return rows.map(verifiedQueryFromRow);
  }

  async removeVerifiedQuery(id: string): Promise<boolean> {
    return (await this.database.execute('DELETE FROM verified_queries WHERE id = $1', [id])) > 0;
  }
}

function verifiedQueryFromRow(row: StoreRow): StoredVerifiedQuery {
  const verifiedBy: StoredVerifiedQuery['verifiedBy'] = { platform: String(row.verified_by_platform) as Platform, userId: String(row.verified_by_user_id) };
  if (row.verified_by_name !== null && row.verified_by_name !== undefined) verifiedBy.displayName = String(row.verified_by_name);
  const databaseName = String(row.database_name);
  return {
    id: String(row.id),
    question: String(row.question),
    paraphrases: JSON.parse(String(row.paraphrases)) as string[],
    sql: String(row.sql_text),
    databaseName: databaseName === NO_DATABASE ? null : databaseName,
    verifiedBy,
    verifiedAt: new Date(Number(row.verified_at)),
    threadId: row.thread_id === null || row.thread_id === undefined ? null : String(row.thread_id),
  };
}
