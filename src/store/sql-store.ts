// The Store, written once over StoreDatabase. SQLite and PostgreSQL run the same statements, so
// their behaviour (ordering, conflicts, expiry boundaries) is identical by construction. Atomic
// operations lean on single statements (upsert ... WHERE ... RETURNING, DELETE ... RETURNING) or
// on unique keys, which hold across processes and replicas, not only within this one. This file
// holds conversations, results, charts, audit and tokens. Each feature's records are a property
// written in its own file (store.memories: sql-memory-statements.ts, store.schedules:
// sql-schedule-statements.ts, store.stories: sql-story-statements.ts, …); coordination (events,
// pending questions, thread values) and turn jobs are forwarded to sql-coordination-statements.ts
// and sql-turn-job-statements.ts.
import { epochMs, optionalEpochMs } from './epoch-ms.js';
import { SqlCoordination } from './sql-coordination-statements.js';
import { SqlQueryUsage } from './sql-query-usage-statements.js';
import { SqlStories } from './sql-story-statements.js';
import { SqlMemories } from './sql-memory-statements.js';
import { encodeResultRows } from './result-rows-encoding.js';
import { SqlTurnLedger } from './sql-turn-ledger-statements.js';
import { SqlTurnJobs } from './sql-turn-job-statements.js';
import { SqlVerifiedQueries } from './sql-verified-query-statements.js';
import { SqlSchedules } from './sql-schedule-statements.js';
import { SqlScheduleProposals } from './sql-schedule-proposal-statements.js';
import { sqlContextSyncRuns } from './sql-context-sync-statements.js';
import type { StoreDatabase, StoreParameter, StoreQueryRunner } from './store-database.js';
import {
  answerFeedbackFromRow,
  conversationFromRow,
  messageFromRow,
  queryAuditFromRow,
  queryResultFromRow,
  tokenUsageFromRow,
  userTokenFromRow,
} from './store-rows.js';
import type {
  AnswerFeedbackRecord,
  ConversationRecord,
  EncryptedUserToken,
  NewStoredMessage,
  PendingClarification,
  QueryAuditRecord,
  Store,
  StoredMessage,
  StoredQueryResult,
  TokenUsageRecord,
  NewTurnJob,
  TurnJobRecord,
} from './types.js';

/**
 * Appends to one thread take a per-thread transaction lock, so they queue rather than collide.
 * The (thread_id, sequence) key stays the guarantee: should two still pick the same sequence, the
 * loser retries. Every conflict means another append committed, so retries always make progress.
 */
const APPEND_MESSAGES_ATTEMPTS = 20;


export class SqlStore implements Store {
  readonly contextSyncRuns: Store['contextSyncRuns'];
  readonly stories: SqlStories;
  private readonly coordination: SqlCoordination;
  private readonly turnJobs: SqlTurnJobs;
  readonly ledger: SqlTurnLedger;
  readonly memories: SqlMemories;
  private readonly queryUsage: SqlQueryUsage;
  readonly verifiedQueries: SqlVerifiedQueries;
  readonly schedules: SqlSchedules;
  readonly scheduleProposals: SqlScheduleProposals;

  constructor(private readonly database: StoreDatabase) {
    this.queryUsage = new SqlQueryUsage(database);
    this.stories = new SqlStories(database);
    this.coordination = new SqlCoordination(database);
    this.turnJobs = new SqlTurnJobs(database);
    this.ledger = new SqlTurnLedger(database);
    this.memories = new SqlMemories(database);
    this.verifiedQueries = new SqlVerifiedQueries(database);
    this.schedules = new SqlSchedules(database);
    this.scheduleProposals = new SqlScheduleProposals(database);
    this.contextSyncRuns = sqlContextSyncRuns(database);
  }

  migrate(): Promise<void> {
    return this.database.migrate();
  }

  close(): Promise<void> {
    return this.database.close();
  }

  async ping(): Promise<void> {
    await this.database.query('SELECT 1 AS ok');
  }

  async ensureConversation(threadId: string, platform: string, now: Date): Promise<ConversationRecord> {
    // updated_at only moves forward, so a replica with a slightly late clock cannot rewind it.
    const rows = await this.database.query(
      `INSERT INTO conversations (thread_id, platform, created_at, updated_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (thread_id) DO UPDATE SET updated_at =
         CASE WHEN excluded.updated_at > conversations.updated_at THEN excluded.updated_at ELSE conversations.updated_at END
       RETURNING thread_id, platform, created_at, updated_at`,
      [threadId, platform, epochMs(now)],
    );
    return conversationFromRow(rows[0]!);
  }

  async getConversation(threadId: string): Promise<ConversationRecord | undefined> {
    const rows = await this.database.query(
      'SELECT thread_id, platform, created_at, updated_at FROM conversations WHERE thread_id = $1',
      [threadId],
    );
    return rows[0] ? conversationFromRow(rows[0]) : undefined;
  }

  async appendMessages(threadId: string, messages: NewStoredMessage[]): Promise<StoredMessage[]> {
    if (messages.length === 0) {
      return [];
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.database.transaction((runner) => this.insertMessagesAfterLast(runner, threadId, messages));
      } catch (error) {
        if (!this.database.isUniqueViolation(error) || attempt >= APPEND_MESSAGES_ATTEMPTS) {
          throw error;
        }
      }
    }
  }

  private async insertMessagesAfterLast(
    runner: StoreQueryRunner,
    threadId: string,
    messages: NewStoredMessage[],
  ): Promise<StoredMessage[]> {
    await this.database.holdTransactionLock(runner, `messages:${threadId}`);
    const lastRows = await runner.query('SELECT MAX(sequence) AS last_sequence FROM messages WHERE thread_id = $1', [
      threadId,
    ]);
    const lastSequence = lastRows[0]?.last_sequence;
    const firstSequence = lastSequence === null || lastSequence === undefined ? 0 : Number(lastSequence) + 1;
    // The thread comes from the argument: a message cannot be filed under another thread by accident.
    const stored: StoredMessage[] = messages.map((message, index) => ({
      threadId,
      sequence: firstSequence + index,
      role: message.role,
      content: message.content,
      createdAt: message.createdAt,
    }));
    const parameters: StoreParameter[] = [];
    const valueLists = stored.map((message) => {
      const base = parameters.length;
      parameters.push(message.threadId, message.sequence, message.role, JSON.stringify(message.content), epochMs(message.createdAt));
      return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5})`;
    });
    await runner.execute(
      `INSERT INTO messages (thread_id, sequence, role, content, created_at) VALUES ${valueLists.join(', ')}`,
      parameters,
    );
    return stored;
  }

  async listMessages(threadId: string): Promise<StoredMessage[]> {
    const rows = await this.database.query(
      'SELECT thread_id, sequence, role, content, created_at FROM messages WHERE thread_id = $1 ORDER BY sequence',
      [threadId],
    );
    return rows.map(messageFromRow);
  }

  async saveQueryResult(result: StoredQueryResult): Promise<void> {
    const rows = encodeResultRows(result.rows, result.columns.length);
    await this.database.execute(
      `INSERT INTO query_results
         (thread_id, query_id, database_name, sql_text, result_columns, rows_format, rows_data, row_count, truncated, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (thread_id, query_id) DO UPDATE SET
         database_name = excluded.database_name, sql_text = excluded.sql_text, result_columns = excluded.result_columns,
         rows_format = excluded.rows_format, rows_data = excluded.rows_data, row_count = excluded.row_count,
         truncated = excluded.truncated, created_at = excluded.created_at`,
      [
        result.threadId,
        result.queryId,
        result.databaseName,
        result.sql,
        JSON.stringify(result.columns),
        rows.format,
        rows.data,
        result.rowCount,
        result.truncated,
        epochMs(result.createdAt),
      ],
    );
  }

  async getQueryResult(threadId: string, queryId: string): Promise<StoredQueryResult | undefined> {
    const rows = await this.database.query(
      `SELECT thread_id, query_id, database_name, sql_text, result_columns, rows_format, rows_data, row_count, truncated, created_at
       FROM query_results WHERE thread_id = $1 AND query_id = $2`,
      [threadId, queryId],
    );
    return rows[0] ? queryResultFromRow(rows[0]) : undefined;
  }








  savePendingClarification(pending: PendingClarification): Promise<void> {
    return this.coordination.savePendingClarification(pending);
  }

  takePendingClarification(threadId: string): Promise<PendingClarification | undefined> {
    return this.coordination.takePendingClarification(threadId);
  }

  markEventProcessed(eventKey: string, now: Date, expiresAt: Date): Promise<boolean> {
    return this.coordination.markEventProcessed(eventKey, now, expiresAt);
  }

  purgeExpiredEvents(now: Date): Promise<number> {
    return this.coordination.purgeExpiredEvents(now);
  }

  markEventsProcessed(eventKeys: string[], now: Date, expiresAt: Date): Promise<boolean> {
    return this.turnJobs.markEventsProcessed(eventKeys, now, expiresAt);
  }

  enqueueTurnJob(job: NewTurnJob, eventKeys: string[], eventsExpireAt: Date): Promise<boolean> {
    return this.turnJobs.enqueueTurnJob(job, eventKeys, eventsExpireAt);
  }

  claimTurnJob(ownerId: string, now: Date, leaseExpiresAt: Date): Promise<TurnJobRecord | undefined> {
    return this.turnJobs.claimTurnJob(ownerId, now, leaseExpiresAt);
  }

  renewTurnJobLease(jobId: string, ownerId: string, now: Date, leaseExpiresAt: Date): Promise<boolean> {
    return this.turnJobs.renewTurnJobLease(jobId, ownerId, now, leaseExpiresAt);
  }

  finishTurnJob(jobId: string, ownerId: string, state: 'done' | 'failed', now: Date): Promise<void> {
    return this.turnJobs.finishTurnJob(jobId, ownerId, state, now);
  }

  releaseTurnJob(jobId: string, ownerId: string, now: Date): Promise<void> {
    return this.turnJobs.releaseTurnJob(jobId, ownerId, now);
  }

  getTurnJob(jobId: string): Promise<TurnJobRecord | undefined> {
    return this.turnJobs.getTurnJob(jobId);
  }

  watchTurnJobs(onChange: () => void): Promise<() => Promise<void>> {
    return this.turnJobs.watchTurnJobs(onChange);
  }

  requestTurnJobCancel(threadId: string, now: Date): Promise<boolean> {
    return this.turnJobs.requestTurnJobCancel(threadId, now);
  }

  listCancelRequestedTurnJobs(jobIds: string[]): Promise<string[]> {
    return this.turnJobs.listCancelRequestedTurnJobs(jobIds);
  }

  watchTurnJobCancels(onRequest: () => void): Promise<() => Promise<void>> {
    return this.turnJobs.watchTurnJobCancels(onRequest);
  }

  purgeFinishedTurnJobs(before: Date): Promise<number> {
    return this.turnJobs.purgeFinishedTurnJobs(before);
  }

  recordTurnJobPost(jobId: string, postKey: string, messageId: string, now: Date): Promise<void> {
    return this.turnJobs.recordTurnJobPost(jobId, postKey, messageId, now);
  }

  listTurnJobPosts(jobId: string): Promise<Map<string, string>> {
    return this.turnJobs.listTurnJobPosts(jobId);
  }

  async recordQueryAudit(record: QueryAuditRecord): Promise<void> {
    await this.database.execute(
      `INSERT INTO query_audit
         (thread_id, query_id, actor_platform, actor_user_id, actor_display_name, actor_email, ran_as,
          database_name, sql_text, row_count, duration_ms, refused, detail, created_at, model_provider, model, bytes_scanned)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        record.threadId,
        record.queryId,
        record.actor.platform,
        record.actor.userId,
        record.actor.displayName ?? null,
        record.actor.email ?? null,
        record.ranAs,
        record.databaseName,
        record.sql,
        record.rowCount,
        record.durationMs,
        record.refused,
        record.detail,
        epochMs(record.createdAt),
        record.model?.provider ?? null,
        record.model?.model ?? null,
        record.bytesScanned ?? null,
      ],
    );
  }

  async recordTokenUsage(record: TokenUsageRecord): Promise<void> {
    await this.database.execute(
      `INSERT INTO token_usage (thread_id, provider, model, input_tokens, output_tokens, cached_input_tokens, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [record.threadId, record.provider, record.model, record.inputTokens, record.outputTokens, record.cachedInputTokens, epochMs(record.createdAt)],
    );
  }

  async listTokenUsage(since: Date): Promise<TokenUsageRecord[]> {
    const rows = await this.database.query(
      `SELECT thread_id, provider, model, input_tokens, output_tokens, cached_input_tokens, created_at
         FROM token_usage WHERE created_at >= $1 ORDER BY created_at, id`,
      [epochMs(since)],
    );
    return rows.map(tokenUsageFromRow);
  }

  listRecentAuditedSql(databaseName: string, limit: number): Promise<string[]> {
    return this.queryUsage.listRecentAuditedSql(databaseName, limit);
  }

  async listQueryAudit(filter?: { threadId?: string; since?: Date }): Promise<QueryAuditRecord[]> {
    const columns = `thread_id, query_id, actor_platform, actor_user_id, actor_display_name, actor_email, ran_as,
      database_name, sql_text, row_count, duration_ms, refused, detail, created_at, model_provider, model, bytes_scanned`;
    const conditions: string[] = [];
    const parameters: (string | number)[] = [];
    if (filter?.threadId !== undefined) {
      parameters.push(filter.threadId);
      conditions.push(`thread_id = $${parameters.length}`);
    }
    if (filter?.since !== undefined) {
      parameters.push(epochMs(filter.since));
      conditions.push(`created_at >= $${parameters.length}`);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = await this.database.query(`SELECT ${columns} FROM query_audit ${where} ORDER BY created_at, id`, parameters);
    return rows.map(queryAuditFromRow);
  }

  async recordFeedback(record: AnswerFeedbackRecord): Promise<void> {
    // created_at stays the first rating's; a null comment keeps the earlier text, whatever the new rating
    // (a 👍 after a 👎 with text must not lose what the person wrote).
    await this.database.execute(
      `INSERT INTO answer_feedback
         (thread_id, message_id, user_platform, user_id, user_display_name, rating, comment, question, sql_texts, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (thread_id, message_id, user_id) DO UPDATE SET
         user_display_name = COALESCE(excluded.user_display_name, answer_feedback.user_display_name),
         comment = COALESCE(excluded.comment, answer_feedback.comment),
         rating = excluded.rating, question = excluded.question, sql_texts = excluded.sql_texts,
         updated_at = excluded.updated_at`,
      [
        record.threadId,
        record.messageId,
        record.actor.platform,
        record.actor.userId,
        record.actor.displayName ?? null,
        record.rating,
        record.comment,
        record.question,
        JSON.stringify(record.sql),
        epochMs(record.createdAt),
        epochMs(record.updatedAt),
      ],
    );
  }

  async listFeedback(since?: Date): Promise<AnswerFeedbackRecord[]> {
    const columns = `thread_id, message_id, user_platform, user_id, user_display_name, rating, comment, question, sql_texts,
      created_at, updated_at`;
    const rows =
      since === undefined
        ? await this.database.query(`SELECT ${columns} FROM answer_feedback ORDER BY updated_at, id`)
        : await this.database.query(`SELECT ${columns} FROM answer_feedback WHERE updated_at >= $1 ORDER BY updated_at, id`, [
            epochMs(since),
          ]);
    return rows.map(answerFeedbackFromRow);
  }

  getThreadValue(threadId: string, key: string): Promise<string | undefined> {
    return this.coordination.getThreadValue(threadId, key);
  }

  setThreadValue(threadId: string, key: string, value: string, now: Date): Promise<void> {
    return this.coordination.setThreadValue(threadId, key, value, now);
  }

  async saveUserToken(token: EncryptedUserToken): Promise<void> {
    await this.database.execute(
      `INSERT INTO user_tokens (user_key, provider, ciphertext, expires_at, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_key, provider) DO UPDATE SET
         ciphertext = excluded.ciphertext, expires_at = excluded.expires_at, updated_at = excluded.updated_at`,
      [token.userKey, token.provider, token.ciphertext, optionalEpochMs(token.expiresAt), epochMs(token.updatedAt)],
    );
  }

  async getUserToken(userKey: string, provider: string): Promise<EncryptedUserToken | undefined> {
    const rows = await this.database.query(
      `SELECT user_key, provider, ciphertext, expires_at, updated_at FROM user_tokens
       WHERE user_key = $1 AND provider = $2`,
      [userKey, provider],
    );
    return rows[0] ? userTokenFromRow(rows[0]) : undefined;
  }

  async deleteUserToken(userKey: string, provider: string): Promise<void> {
    await this.database.execute('DELETE FROM user_tokens WHERE user_key = $1 AND provider = $2', [userKey, provider]);
  }






























}
