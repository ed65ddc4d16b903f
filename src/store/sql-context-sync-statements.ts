// ContextSyncRunStore over StoreDatabase: the occurrence's time is the primary key, so of any number
// of concurrent INSERTs exactly one adds the row (ON CONFLICT DO NOTHING returns nothing to the others).
import { epochMs } from './epoch-ms.js';
import type { ContextSyncRunStore } from './context-sync-run-store.js';
import type { StoreDatabase } from './store-database.js';

export function sqlContextSyncRuns(database: StoreDatabase): ContextSyncRunStore {
  return {
    async claimContextSyncRun(occurrenceAt, replicaId, now) {
      const rows = await database.query(
        `INSERT INTO context_sync_runs (occurrence_at, replica_id, claimed_at) VALUES ($1, $2, $3)
         ON CONFLICT (occurrence_at) DO NOTHING RETURNING occurrence_at`,
        [epochMs(occurrenceAt), replicaId, epochMs(now)],
      );
      return rows.length === 1;
    },
    async finishContextSyncRun(occurrenceAt, outcome, now) {
      await database.execute('UPDATE context_sync_runs SET finished_at = $1, outcome = $2 WHERE occurrence_at = $3', [epochMs(now), outcome, epochMs(occurrenceAt)]);
    },
  };
}
