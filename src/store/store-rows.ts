// Turns database rows back into store records. Both dialects store timestamps as epoch
// milliseconds and JSON as text; PostgreSQL hands BIGINT back as a string and booleans as
// booleans, SQLite as numbers, so every reader goes through Number()/Boolean() here.
import type { JsonValue, QueryColumn } from '../databases/types.js';
import type {
  Actor,
  AnswerFeedbackRecord,
  ConversationRecord,
  EncryptedUserToken,
  PendingClarification,
  QueryAuditRecord,
  StoredMessage,
  StoredQueryResult,
  StoredStory,
  StoredStoryVersion,
  TokenUsageRecord,
  TurnJobRecord,
} from './types.js';
import { decodeResultRows } from './result-rows-encoding.js';
import type { StoreRow } from './store-database.js';

export function dateFromColumn(value: unknown): Date {
  return new Date(Number(value));
}

export function optionalDateFromColumn(value: unknown): Date | null {
  return value === null || value === undefined ? null : dateFromColumn(value);
}

function optionalNumberFromColumn(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function optionalStringFromColumn(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function jsonFromColumn<T = JsonValue>(value: unknown): T {
  return JSON.parse(String(value)) as T;
}

function bufferFromColumn(value: unknown): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
}

export function conversationFromRow(row: StoreRow): ConversationRecord {
  return {
    threadId: String(row.thread_id),
    platform: String(row.platform),
    createdAt: dateFromColumn(row.created_at),
    updatedAt: dateFromColumn(row.updated_at),
  };
}

export function messageFromRow(row: StoreRow): StoredMessage {
  return {
    threadId: String(row.thread_id),
    sequence: Number(row.sequence),
    role: String(row.role) as StoredMessage['role'],
    content: jsonFromColumn(row.content),
    createdAt: dateFromColumn(row.created_at),
  };
}

export function queryResultFromRow(row: StoreRow): StoredQueryResult {
  return {
    threadId: String(row.thread_id),
    queryId: String(row.query_id),
    databaseName: String(row.database_name),
    sql: String(row.sql_text),
    columns: jsonFromColumn<QueryColumn[]>(row.result_columns),
    rows: decodeResultRows(String(row.rows_format), bufferFromColumn(row.rows_data)),
    rowCount: Number(row.row_count),
    truncated: Boolean(row.truncated),
    createdAt: dateFromColumn(row.created_at),
  };
}

export function storyFromRow(row: StoreRow): StoredStory {
  return {
    threadId: String(row.thread_id),
    slug: String(row.slug),
    title: String(row.title),
    createdAt: dateFromColumn(row.created_at),
  };
}

export function storyVersionFromRow(row: StoreRow): StoredStoryVersion {
  return {
    threadId: String(row.thread_id),
    slug: String(row.slug),
    version: Number(row.version),
    title: String(row.title),
    code: String(row.code),
    action: String(row.action) as StoredStoryVersion['action'],
    author: String(row.author) as StoredStoryVersion['author'],
    summary: String(row.summary),
    createdAt: dateFromColumn(row.created_at),
  };
}

export function pendingClarificationFromRow(row: StoreRow): PendingClarification {
  return {
    threadId: String(row.thread_id),
    question: String(row.question),
    options: jsonFromColumn<string[]>(row.options),
    askedUserId: String(row.asked_user_id),
    platformState: jsonFromColumn(row.platform_state),
    createdAt: dateFromColumn(row.created_at),
  };
}

function actorFromRow(row: StoreRow): Actor {
  // Optional fields stay absent rather than undefined, so records compare equal to what was saved.
  const actor: Actor = {
    platform: String(row.actor_platform) as Actor['platform'],
    userId: String(row.actor_user_id),
  };
  if (row.actor_display_name !== null && row.actor_display_name !== undefined) {
    actor.displayName = String(row.actor_display_name);
  }
  if (row.actor_email !== null && row.actor_email !== undefined) {
    actor.email = String(row.actor_email);
  }
  return actor;
}

export function queryAuditFromRow(row: StoreRow): QueryAuditRecord {
  return {
    threadId: String(row.thread_id),
    queryId: optionalStringFromColumn(row.query_id),
    actor: actorFromRow(row),
    ranAs: optionalStringFromColumn(row.ran_as),
    databaseName: String(row.database_name),
    sql: String(row.sql_text),
    rowCount: optionalNumberFromColumn(row.row_count),
    durationMs: optionalNumberFromColumn(row.duration_ms),
    refused: Boolean(row.refused),
    detail: optionalStringFromColumn(row.detail),
    createdAt: dateFromColumn(row.created_at),
    ...(row.bytes_scanned !== null && row.bytes_scanned !== undefined ? { bytesScanned: Number(row.bytes_scanned) } : {}),
    ...(row.model_provider !== null && row.model_provider !== undefined ? { model: { provider: String(row.model_provider), model: String(row.model) } } : {}),
  };
}

export function tokenUsageFromRow(row: StoreRow): TokenUsageRecord {
  return {
    threadId: String(row.thread_id),
    provider: String(row.provider),
    model: String(row.model),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    cachedInputTokens: Number(row.cached_input_tokens),
    createdAt: dateFromColumn(row.created_at),
  };
}

export function userTokenFromRow(row: StoreRow): EncryptedUserToken {
  return {
    userKey: String(row.user_key),
    provider: String(row.provider),
    ciphertext: bufferFromColumn(row.ciphertext),
    expiresAt: optionalDateFromColumn(row.expires_at),
    updatedAt: dateFromColumn(row.updated_at),
  };
}

export function answerFeedbackFromRow(row: StoreRow): AnswerFeedbackRecord {
  const actor: AnswerFeedbackRecord['actor'] = {
    platform: String(row.user_platform) as Actor['platform'],
    userId: String(row.user_id),
  };
  if (row.user_display_name !== null && row.user_display_name !== undefined) {
    actor.displayName = String(row.user_display_name);
  }
  return {
    threadId: String(row.thread_id),
    messageId: String(row.message_id),
    actor,
    rating: String(row.rating) as AnswerFeedbackRecord['rating'],
    comment: optionalStringFromColumn(row.comment),
    question: String(row.question),
    sql: jsonFromColumn<string[]>(row.sql_texts),
    createdAt: dateFromColumn(row.created_at),
    updatedAt: dateFromColumn(row.updated_at),
  };
}

export function turnJobFromRow(row: StoreRow): TurnJobRecord {
  return {
    jobId: String(row.job_id),
    threadId: String(row.thread_id),
    platform: String(row.platform) as TurnJobRecord['platform'],
    payload: jsonFromColumn(row.payload),
    state: String(row.state) as TurnJobRecord['state'],
    attempts: Number(row.attempts),
    leaseOwner: optionalStringFromColumn(row.lease_owner),
    leaseExpiresAt: optionalDateFromColumn(row.lease_expires_at),
    createdAt: dateFromColumn(row.created_at),
    updatedAt: dateFromColumn(row.updated_at),
  };
}
