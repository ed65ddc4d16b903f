// The store's part in scheduled `datathread sync` (`context.sync.schedule`): every replica's timer
// fires at the same occurrence, and the first to claim it is the only one that syncs.

export interface ContextSyncRunStore {
  /** True for exactly one caller per occurrence, across processes and replicas. */
  claimContextSyncRun(occurrenceAt: Date, replicaId: string, now: Date): Promise<boolean>;
  /** Records how the claimed occurrence ended (`ok`, or what failed). */
  finishContextSyncRun(occurrenceAt: Date, outcome: string, now: Date): Promise<void>;
}
