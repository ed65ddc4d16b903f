// Everything that must outlive a process sits behind this one interface (SQLite by default,
// PostgreSQL when several replicas run). Records are plain data; JSON columns are parsed for you.
import type { QueryAuditUsageStore } from './query-audit-usage.js';
import type { JsonValue, QueryColumn } from '../databases/types.js';
import type { Platform } from '../support/platforms.js';
import { DatathreadError } from '../support/errors.js';
import type { TurnLedgerStore } from './turn-ledger-types.js';
import type { MemoryStore } from './memory-store.js';
import type { VerifiedQueryStore } from './verified-query-store.js';
import type { ScheduleStore } from './schedule-store.js';
import type { ScheduleProposalStore } from './schedule-proposal-store.js';
import type { ContextSyncRunStore } from './context-sync-run-store.js';

export interface Actor {
  platform: Platform;
  userId: string;
  displayName?: string;
  email?: string;
  /** The person's IANA time zone where the platform says it (Slack users.info `tz`, Teams `localTimezone`): new schedules default to it. */
  timeZone?: string;
  /**
   * How the platform reaches this person in a message sent later (a schedule's owner notices), when
   * `userId` alone does not: in Teams, the activity's `from` (`id`: the `29:` account id, `name`,
   * `aadObjectId`). Absent where `userId` suffices (Slack).
   */
  address?: PersonAddress;
}

/** A platform's own fields for reaching a person, as plain strings. */
export type PersonAddress = Readonly<Record<string, string>>;

export interface ConversationRecord {
  threadId: string;
  platform: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredMessage {
  threadId: string;
  /** Position in the conversation, assigned by the store (0, 1, 2, ...). */
  sequence: number;
  role: 'user' | 'assistant' | 'tool';
  /** An AI SDK ModelMessage, kept as JSON. */
  content: JsonValue;
  createdAt: Date;
}

export type NewStoredMessage = Omit<StoredMessage, 'sequence'>;

export interface StoredQueryResult {
  threadId: string;
  queryId: string;
  databaseName: string;
  sql: string;
  columns: QueryColumn[];
  /** At most the row cap. */
  rows: JsonValue[][];
  rowCount: number;
  truncated: boolean;
  createdAt: Date;
}

export interface StoredStory {
  threadId: string;
  slug: string;
  title: string;
  createdAt: Date;
}

export interface StoredStoryVersion {
  threadId: string;
  slug: string;
  version: number;
  title: string;
  code: string;
  action: 'create' | 'update' | 'replace';
  author: 'assistant' | 'user';
  /** One line saying what changed. */
  summary: string;
  createdAt: Date;
}

export interface PendingClarification {
  threadId: string;
  question: string;
  options: string[];
  /** Who was asked; their next message (or a button click) answers. */
  askedUserId: string;
  /** Platform data needed to resume (message ts, activity id, ...). */
  platformState: JsonValue;
  createdAt: Date;
}

export interface QueryAuditRecord {
  threadId: string;
  queryId: string | null;
  actor: Actor;
  /** Set when the query ran with a user's own credential (federated identity). */
  ranAs: string | null;
  databaseName: string;
  sql: string;
  rowCount: number | null;
  durationMs: number | null;
  refused: boolean;
  /** Why it was refused, or the error it ended with. */
  detail: string | null;
  createdAt: Date;
  /** The model whose tool call ran the query (absent for queries not asked by a model). */
  model?: ModelIdentity;
  /** Data the query scanned, where the warehouse reports it (BigQuery, Athena); null or absent elsewhere. */
  bytesScanned?: number | null;
}

/** A model as the AI SDK names it: provider id (e.g. `anthropic.messages`) and model id. */
export interface ModelIdentity {
  provider: string;
  model: string;
}

/** Tokens one turn used, summed over its steps. */
export interface TokenUsageRecord extends ModelIdentity {
  threadId: string;
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the provider's prompt cache (part of inputTokens). */
  cachedInputTokens: number;
  createdAt: Date;
}

export type FeedbackRating = 'positive' | 'negative';

/** One person's 👍/👎 on one answer message; giving it again updates the same record. */
export interface AnswerFeedbackRecord {
  threadId: string;
  /** The platform's id of the rated message (Slack message ts, Teams activity id). */
  messageId: string;
  /** Who rated; `displayName` is kept when the platform told us. */
  actor: Pick<Actor, 'platform' | 'userId' | 'displayName'>;
  rating: FeedbackRating;
  /** What went wrong (or right), in the person's words; null when they wrote nothing. */
  comment: string | null;
  /** The question the rated answer replied to. */
  question: string;
  /** The SQL the turn ran, in order. */
  sql: string[];
  /** When this person first rated this message. */
  createdAt: Date;
  /** When they last changed it. */
  updatedAt: Date;
}

export interface EncryptedUserToken {
  /** Platform-prefixed user key, e.g. `slack:T1:U1` or `teams:<tenant>:<aadObjectId>`. */
  userKey: string;
  provider: string;
  /** AES-GCM ciphertext (iv + tag + data); the store never sees plaintext. */
  ciphertext: Buffer;
  expiresAt: Date | null;
  updatedAt: Date;
}

/** A thread's stories and their versions. */
export interface StoryStore {
  /** Creates the story and its version 1 in one transaction; throws StoryExistsError if the slug is taken. */
  createStory(story: StoredStory, firstVersion: StoredStoryVersion): Promise<void>;
  /** Adds the next version; throws StoryVersionConflictError if `version` is not latest + 1. */
  addStoryVersion(version: StoredStoryVersion): Promise<void>;
  getStory(threadId: string, slug: string): Promise<StoredStory | undefined>;
  listStories(threadId: string): Promise<StoredStory[]>;
  getLatestStoryVersion(threadId: string, slug: string): Promise<StoredStoryVersion | undefined>;
  getStoryVersion(threadId: string, slug: string, version: number): Promise<StoredStoryVersion | undefined>;
  listStoryVersions(threadId: string, slug: string): Promise<StoredStoryVersion[]>;
}

/**
 * The state store. Each feature's records are a property with the feature's own interface
 * (store.memories, store.schedules, …), so a feature adds a property instead of methods here.
 */
export interface Store extends QueryAuditUsageStore {
  /** Turns, their tokens and cost, and budget reservations (turn-ledger-types.ts). */
  readonly ledger: TurnLedgerStore;
  /** Remembered corrections (memory-store.ts). */
  readonly memories: MemoryStore;
  /** Verified queries saved from the Verify action (verified-query-store.ts). */
  readonly verifiedQueries: VerifiedQueryStore;
  /** Scheduled reports and alerts and their runs (schedule-store.ts). */
  readonly schedules: ScheduleStore;
  /** Schedules proposed in a thread, waiting for a confirmation (schedule-proposal-store.ts). */
  readonly scheduleProposals: ScheduleProposalStore;
  /** Which replica runs a scheduled context sync (context-sync-run-store.ts). */
  readonly contextSyncRuns: ContextSyncRunStore;
  /** Stories and their versions. */
  readonly stories: StoryStore;
  /** Creates or upgrades the schema. Idempotent. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Resolves when the store answers a trivial query; rejects when it cannot serve (readiness). */
  ping(): Promise<void>;

  ensureConversation(threadId: string, platform: string, now: Date): Promise<ConversationRecord>;
  getConversation(threadId: string): Promise<ConversationRecord | undefined>;
  /** Appends in order and returns the messages with their sequence numbers. */
  appendMessages(threadId: string, messages: NewStoredMessage[]): Promise<StoredMessage[]>;
  listMessages(threadId: string): Promise<StoredMessage[]>;

  saveQueryResult(result: StoredQueryResult): Promise<void>;
  getQueryResult(threadId: string, queryId: string): Promise<StoredQueryResult | undefined>;

  savePendingClarification(pending: PendingClarification): Promise<void>;
  /** Removes and returns it, atomically: only one resumer wins. */
  takePendingClarification(threadId: string): Promise<PendingClarification | undefined>;

  /** Records an event id; returns false when it was already recorded and has not expired. */
  markEventProcessed(eventKey: string, now: Date, expiresAt: Date): Promise<boolean>;
  purgeExpiredEvents(now: Date): Promise<number>;

  /** Records all keys or none, atomically: false when any of them was already recorded and has not expired. */
  markEventsProcessed(eventKeys: string[], now: Date, expiresAt: Date): Promise<boolean>;

  /**
   * Records the job and its dedupe keys in one transaction: of any number of concurrent deliveries
   * of one event (on any replica), exactly one creates the job. False when a key was seen before.
   */
  enqueueTurnJob(job: NewTurnJob, eventKeys: string[], eventsExpireAt: Date): Promise<boolean>;
  /**
   * Leases the oldest claimable job to `ownerId`: a queued job, or a running one whose lease
   * expired (its worker died), in a thread with no other live running job. The attempt count goes up.
   */
  claimTurnJob(ownerId: string, now: Date, leaseExpiresAt: Date): Promise<TurnJobRecord | undefined>;
  /** Extends the lease; false when `ownerId` no longer holds it. */
  renewTurnJobLease(jobId: string, ownerId: string, now: Date, leaseExpiresAt: Date): Promise<boolean>;
  /** Ends the job (done or failed) if `ownerId` still holds its lease. */
  finishTurnJob(jobId: string, ownerId: string, state: 'done' | 'failed', now: Date): Promise<void>;
  /** Gives the job back to the queue at once (shutdown), without counting the attempt. */
  releaseTurnJob(jobId: string, ownerId: string, now: Date): Promise<void>;
  getTurnJob(jobId: string): Promise<TurnJobRecord | undefined>;
  /**
   * Calls `onChange` when any process (any replica) queued, finished or gave back a turn job, so
   * idle workers claim at once instead of at their next poll. Returns the stop function.
   */
  watchTurnJobs(onChange: () => void): Promise<() => Promise<void>>;
  /**
   * Records a Stop for the thread's running job (whichever replica runs it) and tells every
   * replica. False when no job of the thread is running.
   */
  requestTurnJobCancel(threadId: string, now: Date): Promise<boolean>;
  /** Of `jobIds`, the running ones whose Stop was requested. */
  listCancelRequestedTurnJobs(jobIds: string[]): Promise<string[]>;
  /** Calls `onRequest` when any process requested a Stop (PostgreSQL); returns the stop function. */
  watchTurnJobCancels(onRequest: () => void): Promise<() => Promise<void>>;
  /** Removes finished jobs (and their posts) last updated before `before`. */
  purgeFinishedTurnJobs(before: Date): Promise<number>;
  /** Remembers the platform message a job posted under `postKey` (first record wins). */
  recordTurnJobPost(jobId: string, postKey: string, messageId: string, now: Date): Promise<void>;
  /** post key -> platform message id, for everything the job posted so far. */
  listTurnJobPosts(jobId: string): Promise<Map<string, string>>;

  recordQueryAudit(record: QueryAuditRecord): Promise<void>;
  listQueryAudit(filter?: { threadId?: string; since?: Date }): Promise<QueryAuditRecord[]>;

  recordTokenUsage(record: TokenUsageRecord): Promise<void>;
  /** Turns recorded at or after `since`, oldest first. */
  listTokenUsage(since: Date): Promise<TokenUsageRecord[]>;

  /**
   * Inserts the rating, or updates this person's earlier one on the same message. A comment of null
   * keeps the earlier comment, also when the rating changed (a 👍 after a 👎 does not erase its text).
   */
  recordFeedback(record: AnswerFeedbackRecord): Promise<void>;
  /** Feedback last changed at or after `since` (every record without it), oldest change first. */
  listFeedback(since?: Date): Promise<AnswerFeedbackRecord[]>;

  /** Small per-thread values a channel keeps between processes (e.g. which Teams activity shows a story). */
  getThreadValue(threadId: string, key: string): Promise<string | undefined>;
  /** Inserts or overwrites. */
  setThreadValue(threadId: string, key: string, value: string, now: Date): Promise<void>;

  saveUserToken(token: EncryptedUserToken): Promise<void>;
  getUserToken(userKey: string, provider: string): Promise<EncryptedUserToken | undefined>;
  deleteUserToken(userKey: string, provider: string): Promise<void>;
}

export interface NewTurnJob {
  jobId: string;
  threadId: string;
  platform: Platform;
  /** Everything a worker in another process needs: the neutral request and the channel's reply target. Never a secret. */
  payload: JsonValue;
  createdAt: Date;
}

export type TurnJobState = 'queued' | 'running' | 'done' | 'failed';

export interface TurnJobRecord extends NewTurnJob {
  state: TurnJobState;
  /** How many times a worker claimed it (1 on the first run). */
  attempts: number;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  updatedAt: Date;
}

export class StoryExistsError extends DatathreadError {
  override readonly name = 'StoryExistsError';
  readonly code = 'story_exists';
  constructor(readonly slug: string) {
    super(`Story "${slug}" already exists in this conversation.`);
  }
}

export class StoryVersionConflictError extends DatathreadError {
  override readonly name = 'StoryVersionConflictError';
  readonly code = 'story_version_conflict';
  constructor(readonly slug: string, readonly version: number) {
    super(`Story "${slug}" already has a version ${version}: another change landed first. Reload it and try again.`);
  }
}

export class StoryNotFoundError extends DatathreadError {
  override readonly name = 'StoryNotFoundError';
  readonly code = 'story_not_found';
  constructor(readonly slug: string) {
    super(`Story "${slug}" does not exist in this conversation. Create it before adding versions.`);
  }
}
