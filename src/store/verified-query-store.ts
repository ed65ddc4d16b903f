// Verified queries saved from chat (the Verify action on an answer): a question, the SQL the answer
// rested on, its database, who verified it and when. Files in the context folder are the other
// source (verified/verified-query-files.ts); they are read from disk, never stored here.
import type { Platform } from '../support/platforms.js';

/** Who verified: the platform's user id, and the name shown in the badge when the platform told us. */
export interface VerifiedBy {
  platform: Platform;
  userId: string;
  displayName?: string;
}

export interface StoredVerifiedQuery {
  id: string;
  question: string;
  /** Other wordings of the question, matched like the question itself. */
  paraphrases: string[];
  sql: string;
  /** The database the SQL runs on; null when it was not known. */
  databaseName: string | null;
  verifiedBy: VerifiedBy;
  verifiedAt: Date;
  /** The conversation whose answer was verified; null for one added another way. */
  threadId: string | null;
}

export interface VerifiedQueryStore {
  /** Inserts, or replaces the one with the same normalised SQL and database (verifying again refreshes who and when). */
  saveVerifiedQuery(query: StoredVerifiedQuery, normalizedSql: string): Promise<void>;
  /** Oldest first. */
  listVerifiedQueries(): Promise<StoredVerifiedQuery[]>;
  /** False when no query has this id. */
  removeVerifiedQuery(id: string): Promise<boolean>;
}
