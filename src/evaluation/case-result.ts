// What one run of one case produced and how it scored: the material of every report format.
import type { JsonValue } from '../databases/types.js';

export interface ResultSample {
  columns: string[];
  /** The first rows only (the report shows the start of each side). */
  rows: JsonValue[][];
  rowCount: number;
}

export interface ResultDiff {
  /** Why the closest agent result is not the gold result. */
  reason: string;
  gold: ResultSample;
  /** Absent when the agent ran no query that returned rows. */
  agent?: ResultSample;
}

export interface TokenCounts {
  input: number;
  output: number;
  cached: number;
}

export interface CaseResult {
  name: string;
  question: string;
  tags: string[];
  source: string;
  passed: boolean;
  /** Each check that failed, in words ("execution accuracy: 12 rows instead of 13"). */
  failures: string[];
  /** Null when the case has no gold SQL. */
  executionMatch: boolean | null;
  goldSql?: string;
  agentSql: string[];
  diff?: ResultDiff;
  answer: string;
  status: string;
  toolCalls: Record<string, number>;
  tokens: TokenCounts;
  /** US dollars; null when the model's prices are not known. */
  costUsd: number | null;
  latencyMs: number;
}
