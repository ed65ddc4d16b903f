// A digest of a run's results, so a report set to skip unchanged results can tell "same as last time".
import { createHash } from 'node:crypto';
import type { ScheduledResult } from './scheduled-post.js';

export function resultDigest(results: readonly ScheduledResult[]): string {
  const hash = createHash('sha256');
  for (const result of results) hash.update(JSON.stringify([result.columns, result.rows, result.truncated]));
  return hash.digest('hex');
}
