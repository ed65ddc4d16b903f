// The coordination half of SqlStore: pending clarifications, processed event ids and per-thread
// values. Each atomic operation is one statement (upsert … WHERE … RETURNING,
// DELETE … RETURNING), so it holds across processes and replicas, not only within this one.
import { epochMs } from './epoch-ms.js';
import type { StoreDatabase } from './store-database.js';
import { pendingClarificationFromRow } from './store-rows.js';
import type { PendingClarification } from './types.js';

export class SqlCoordination {
  constructor(private readonly database: StoreDatabase) {}

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
}
