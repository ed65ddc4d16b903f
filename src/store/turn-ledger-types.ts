// The turn ledger: one row per turn (who asked, where, how it ended, tokens and cost), which is
// both what budgets are checked against and what `datathread usage` reports. A running turn also
// holds a reservation, so turns started at the same moment cannot all spend the same headroom.

/** A budget's scope: one person, one channel, or everything (`workspace`). */
export type SpendScope = { kind: 'user'; key: string } | { kind: 'channel'; key: string } | { kind: 'workspace' };

export interface SpendQuery {
  scope: SpendScope;
  /** The period's start: turns started at or after it count. */
  since: Date;
}

/** What a scope has spent in a period, and what its running turns still hold in reserve. */
export interface SpendTotals {
  spentTokens: number;
  spentMicroUsd: number;
  reservedTokens: number;
  reservedMicroUsd: number;
  /** Turns whose model has no known price: their cost is not in `spentMicroUsd`. */
  unpricedTurns: number;
}

export type LedgerTurnStatus = 'running' | 'answered' | 'clarification' | 'failed' | 'cancelled' | 'refused';

export interface LedgerTurnStart {
  turnId: string;
  threadId: string;
  platform: string;
  /** Null for terminal turns: they count against the workspace only. */
  userKey: string | null;
  channelKey: string | null;
  provider: string | null;
  model: string | null;
  reservedTokens: number;
  reservedMicroUsd: number;
  startedAt: Date;
  /** After this a crashed turn's reservation no longer counts (its spent tokens still do). */
  reservationExpiresAt: Date;
}

export interface LedgerUsageDelta {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  /** Null when the model's price is unknown. */
  costMicroUsd: number | null;
}

export interface LedgerTurn extends Omit<LedgerTurnStart, 'reservationExpiresAt'> {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  costMicroUsd: number | null;
  status: LedgerTurnStatus;
  failureKind: string | null;
  finishedAt: Date | null;
}

export interface TurnLedgerStore {
  /**
   * Under one store-wide lock: reads the totals of `queries`, and inserts the turn as running only
   * when `admit` says yes. Replicas and concurrent turns are admitted one at a time.
   */
  admitTurn(start: LedgerTurnStart, queries: SpendQuery[], admit: (totals: SpendTotals[]) => boolean, now: Date): Promise<boolean>;
  /** Records a turn that was not run (over budget), for the usage report. */
  recordRefusedTurn(start: LedgerTurnStart, failureKind: string): Promise<void>;
  addTurnUsage(turnId: string, delta: LedgerUsageDelta): Promise<void>;
  finishTurn(turnId: string, status: Exclude<LedgerTurnStatus, 'running' | 'refused'>, failureKind: string | null, finishedAt: Date): Promise<void>;
  spendTotals(query: SpendQuery, now: Date): Promise<SpendTotals>;
  /** True for the first caller per limit and period: the 80% notice is said once. */
  claimBudgetNotice(limitKey: string, periodStart: Date, now: Date): Promise<boolean>;
  listTurnLedger(since: Date): Promise<LedgerTurn[]>;
}
