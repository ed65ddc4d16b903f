// The Store, written once over StoreDatabase. SQLite and PostgreSQL run the same statements, so
// their behaviour (ordering, conflicts, expiry boundaries) is identical by construction. Atomic
// operations lean on single statements (upsert ... WHERE ... RETURNING, DELETE ... RETURNING) or
// on unique keys, which hold across processes and replicas, not only within this one.
import type { StoreDatabase, StoreParameter, StoreQueryRunner } from './store-database.js';
import {
  chartFromRow,
  conversationFromRow,
  messageFromRow,
  pendingClarificationFromRow,
  queryAuditFromRow,
  queryResultFromRow,
  storyFromRow,
  storyVersionFromRow,
  userTokenFromRow,
} from './store-rows.js';
import {
  StoryExistsError,
  StoryNotFoundError,
  StoryVersionConflictError,
  type ConversationRecord,
  type EncryptedUserToken,
  type NewStoredMessage,
  type PendingClarification,
  type QueryAuditRecord,
  type Store,
  type StoredChart,
  type StoredMessage,
  type StoredQueryResult,
  type StoredStory,
  type StoredStoryVersion,
} from './types.js';

/**
 * Appends to one thread take a per-thread transaction lock, so they queue rather than collide.
 * The (thread_id, sequence) key stays the guarantee: should two still pick the same sequence, the
 * loser retries. Every conflict means another append committed, so retries always make progress.
 */
const APPEND_MESSAGES_ATTEMPTS = 20;

const STORY_VERSION_COLUMNS = 'thread_id, slug, version, title, code, action, author, summary, created_at';

function epochMs(date: Date): number {
  return date.getTime();
}

function optionalEpochMs(date: Date | null): number | null {
  return date === null ? null : date.getTime();
}

export class SqlStore implements Store {
  constructor(private readonly database: StoreDatabase) {}

  migrate(): Promise<void> {
    return this.database.migrate();
  }

  close(): Promise<void> {
    return this.database.close();
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
    await this.database.execute(
      `INSERT INTO query_results
         (thread_id, query_id, database_name, sql_text, result_columns, result_rows, row_count, truncated, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (thread_id, query_id) DO UPDATE SET
         database_name = excluded.database_name, sql_text = excluded.sql_text, result_columns = excluded.result_columns,
         result_rows = excluded.result_rows, row_count = excluded.row_count, truncated = excluded.truncated,
         created_at = excluded.created_at`,
      [
        result.threadId,
        result.queryId,
        result.databaseName,
        result.sql,
        JSON.stringify(result.columns),
        JSON.stringify(result.rows),
        result.rowCount,
        result.truncated,
        epochMs(result.createdAt),
      ],
    );
  }

  async getQueryResult(threadId: string, queryId: string): Promise<StoredQueryResult | undefined> {
    const rows = await this.database.query(
      `SELECT thread_id, query_id, database_name, sql_text, result_columns, result_rows, row_count, truncated, created_at
       FROM query_results WHERE thread_id = $1 AND query_id = $2`,
      [threadId, queryId],
    );
    return rows[0] ? queryResultFromRow(rows[0]) : undefined;
  }

  async saveChart(chart: StoredChart): Promise<void> {
    await this.database.execute(
      `INSERT INTO charts (thread_id, chart_id, query_id, title, config, spec, png, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (thread_id, chart_id) DO UPDATE SET
         query_id = excluded.query_id, title = excluded.title, config = excluded.config, spec = excluded.spec,
         png = excluded.png, created_at = excluded.created_at`,
      [
        chart.threadId,
        chart.chartId,
        chart.queryId,
        chart.title,
        JSON.stringify(chart.config),
        JSON.stringify(chart.spec),
        chart.png,
        epochMs(chart.createdAt),
      ],
    );
  }

  async getChart(threadId: string, chartId: string): Promise<StoredChart | undefined> {
    const rows = await this.database.query(
      `SELECT thread_id, chart_id, query_id, title, config, spec, png, created_at
       FROM charts WHERE thread_id = $1 AND chart_id = $2`,
      [threadId, chartId],
    );
    return rows[0] ? chartFromRow(rows[0]) : undefined;
  }

  async listCharts(threadId: string): Promise<StoredChart[]> {
    const rows = await this.database.query(
      `SELECT thread_id, chart_id, query_id, title, config, spec, png, created_at
       FROM charts WHERE thread_id = $1 ORDER BY created_at, id`,
      [threadId],
    );
    return rows.map(chartFromRow);
  }

  async createStory(story: StoredStory, firstVersion: StoredStoryVersion): Promise<void> {
    if (firstVersion.threadId !== story.threadId || firstVersion.slug !== story.slug || firstVersion.version !== 1) {
      throw new Error(
        `createStory needs version 1 of the same story; got ${firstVersion.threadId}/${firstVersion.slug} ` +
          `version ${firstVersion.version} for ${story.threadId}/${story.slug}.`,
      );
    }
    await this.database.transaction(async (runner) => {
      // DO NOTHING instead of catching the violation: a PostgreSQL transaction is unusable after an error.
      const inserted = await runner.query(
        `INSERT INTO stories (thread_id, slug, title, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (thread_id, slug) DO NOTHING RETURNING slug`,
        [story.threadId, story.slug, story.title, epochMs(story.createdAt)],
      );
      if (inserted.length === 0) {
        throw new StoryExistsError(story.slug);
      }
      await insertStoryVersion(runner, firstVersion);
    });
  }

  async addStoryVersion(version: StoredStoryVersion): Promise<void> {
    try {
      await this.database.transaction(async (runner) => {
        const latestRows = await runner.query(
          `SELECT MAX(story_versions.version) AS latest_version
           FROM stories LEFT JOIN story_versions
             ON story_versions.thread_id = stories.thread_id AND story_versions.slug = stories.slug
           WHERE stories.thread_id = $1 AND stories.slug = $2
           GROUP BY stories.id`,
          [version.threadId, version.slug],
        );
        if (latestRows.length === 0) {
          throw new StoryNotFoundError(version.slug);
        }
        const latestVersion = Number(latestRows[0]!.latest_version ?? 0);
        if (version.version !== latestVersion + 1) {
          throw new StoryVersionConflictError(version.slug, version.version);
        }
        await insertStoryVersion(runner, version);
        // The story's title is its latest version's title (a replace can rename it).
        await runner.execute('UPDATE stories SET title = $3 WHERE thread_id = $1 AND slug = $2', [
          version.threadId,
          version.slug,
          version.title,
        ]);
      });
    } catch (error) {
      // Two writers read the same latest version; the unique key lets exactly one of them in.
      if (this.database.isUniqueViolation(error)) {
        throw new StoryVersionConflictError(version.slug, version.version);
      }
      throw error;
    }
  }

  async getStory(threadId: string, slug: string): Promise<StoredStory | undefined> {
    const rows = await this.database.query(
      'SELECT thread_id, slug, title, created_at FROM stories WHERE thread_id = $1 AND slug = $2',
      [threadId, slug],
    );
    return rows[0] ? storyFromRow(rows[0]) : undefined;
  }

  async listStories(threadId: string): Promise<StoredStory[]> {
    const rows = await this.database.query(
      'SELECT thread_id, slug, title, created_at FROM stories WHERE thread_id = $1 ORDER BY created_at, id',
      [threadId],
    );
    return rows.map(storyFromRow);
  }

  async getLatestStoryVersion(threadId: string, slug: string): Promise<StoredStoryVersion | undefined> {
    const rows = await this.database.query(
      `SELECT ${STORY_VERSION_COLUMNS} FROM story_versions WHERE thread_id = $1 AND slug = $2
       ORDER BY version DESC LIMIT 1`,
      [threadId, slug],
    );
    return rows[0] ? storyVersionFromRow(rows[0]) : undefined;
  }

  async getStoryVersion(threadId: string, slug: string, version: number): Promise<StoredStoryVersion | undefined> {
    const rows = await this.database.query(
      `SELECT ${STORY_VERSION_COLUMNS} FROM story_versions WHERE thread_id = $1 AND slug = $2 AND version = $3`,
      [threadId, slug, version],
    );
    return rows[0] ? storyVersionFromRow(rows[0]) : undefined;
  }

  async listStoryVersions(threadId: string, slug: string): Promise<StoredStoryVersion[]> {
    const rows = await this.database.query(
      `SELECT ${STORY_VERSION_COLUMNS} FROM story_versions WHERE thread_id = $1 AND slug = $2 ORDER BY version`,
      [threadId, slug],
    );
    return rows.map(storyVersionFromRow);
  }

  async savePendingClarification(pending: PendingClarification): Promise<void> {
    // One per thread: a new question replaces the one still waiting.
    await this.database.execute(
      `INSERT INTO pending_clarifications (thread_id, question, options, asked_user_id, platform_state, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (thread_id) DO UPDATE SET
         question = excluded.question, options = excluded.options, asked_user_id = excluded.asked_user_id,
         platform_state = excluded.platform_state, created_at = excluded.created_at`,
      [
        pending.threadId,
        pending.question,
        JSON.stringify(pending.options),
        pending.askedUserId,
        JSON.stringify(pending.platformState),
        epochMs(pending.createdAt),
      ],
    );
  }

  async getPendingClarification(threadId: string): Promise<PendingClarification | undefined> {
    const rows = await this.database.query(
      `SELECT thread_id, question, options, asked_user_id, platform_state, created_at
       FROM pending_clarifications WHERE thread_id = $1`,
      [threadId],
    );
    return rows[0] ? pendingClarificationFromRow(rows[0]) : undefined;
  }

  async takePendingClarification(threadId: string): Promise<PendingClarification | undefined> {
    // One statement: of two concurrent takers, only the one whose DELETE removed the row gets it back.
    const rows = await this.database.query(
      `DELETE FROM pending_clarifications WHERE thread_id = $1
       RETURNING thread_id, question, options, asked_user_id, platform_state, created_at`,
      [threadId],
    );
    return rows[0] ? pendingClarificationFromRow(rows[0]) : undefined;
  }

  async markEventProcessed(eventKey: string, now: Date, expiresAt: Date): Promise<boolean> {
    // A row comes back only when this call inserted the key or took over an expired one.
    const rows = await this.database.query(
      `INSERT INTO processed_events (event_key, processed_at, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (event_key) DO UPDATE SET processed_at = excluded.processed_at, expires_at = excluded.expires_at
       WHERE processed_events.expires_at <= excluded.processed_at
       RETURNING event_key`,
      [eventKey, epochMs(now), epochMs(expiresAt)],
    );
    return rows.length === 1;
  }

  purgeExpiredEvents(now: Date): Promise<number> {
    return this.database.execute('DELETE FROM processed_events WHERE expires_at <= $1', [epochMs(now)]);
  }

  async tryAcquireThreadLock(threadId: string, ownerId: string, now: Date, expiresAt: Date): Promise<boolean> {
    // A row comes back only when the lock was free, expired, or already ours (then it is renewed).
    const rows = await this.database.query(
      `INSERT INTO thread_locks (thread_id, owner_id, acquired_at, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (thread_id) DO UPDATE SET
         acquired_at = CASE
           WHEN thread_locks.owner_id = excluded.owner_id AND thread_locks.expires_at > excluded.acquired_at
           THEN thread_locks.acquired_at ELSE excluded.acquired_at END,
         owner_id = excluded.owner_id,
         expires_at = excluded.expires_at
       WHERE thread_locks.owner_id = excluded.owner_id OR thread_locks.expires_at <= excluded.acquired_at
       RETURNING thread_id`,
      [threadId, ownerId, epochMs(now), epochMs(expiresAt)],
    );
    return rows.length === 1;
  }

  async releaseThreadLock(threadId: string, ownerId: string): Promise<void> {
    await this.database.execute('DELETE FROM thread_locks WHERE thread_id = $1 AND owner_id = $2', [threadId, ownerId]);
  }

  async recordQueryAudit(record: QueryAuditRecord): Promise<void> {
    await this.database.execute(
      `INSERT INTO query_audit
         (thread_id, query_id, actor_platform, actor_user_id, actor_display_name, actor_email, ran_as,
          database_name, sql_text, row_count, duration_ms, refused, detail, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
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
      ],
    );
  }

  async listQueryAudit(filter?: { threadId?: string }): Promise<QueryAuditRecord[]> {
    const columns = `thread_id, query_id, actor_platform, actor_user_id, actor_display_name, actor_email, ran_as,
      database_name, sql_text, row_count, duration_ms, refused, detail, created_at`;
    const rows =
      filter?.threadId === undefined
        ? await this.database.query(`SELECT ${columns} FROM query_audit ORDER BY created_at, id`)
        : await this.database.query(`SELECT ${columns} FROM query_audit WHERE thread_id = $1 ORDER BY created_at, id`, [
            filter.threadId,
          ]);
    return rows.map(queryAuditFromRow);
  }

  async getThreadValue(threadId: string, key: string): Promise<string | undefined> {
    const rows = await this.database.query('SELECT value FROM thread_values WHERE thread_id = $1 AND key = $2', [threadId, key]);
    return rows[0] ? String(rows[0].value) : undefined;
  }

  async setThreadValue(threadId: string, key: string, value: string, now: Date): Promise<void> {
    await this.database.execute(
      `INSERT INTO thread_values (thread_id, key, value, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (thread_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      [threadId, key, value, epochMs(now)],
    );
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

async function insertStoryVersion(runner: StoreQueryRunner, version: StoredStoryVersion): Promise<void> {
  await runner.execute(
    `INSERT INTO story_versions (${STORY_VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      version.threadId,
      version.slug,
      version.version,
      version.title,
      version.code,
      version.action,
      version.author,
      version.summary,
      epochMs(version.createdAt),
    ],
  );
}
