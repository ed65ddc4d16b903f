// The turn ledger half of SqlStore (see turn-ledger-types.ts). Admission is one transaction under
// one advisory lock (PostgreSQL) or the write lock (SQLite): reading the totals and inserting the
// turn cannot interleave with another admission on any replica.
import { epochMs } from './epoch-ms.js';
import type { StoreDatabase, StoreParameter, StoreQueryRunner, StoreRow } from './store-database.js';
import type { LedgerTurn, LedgerTurnStart, LedgerTurnStatus, LedgerUsageDelta, SpendQuery, SpendTotals, TurnLedgerStore } from './turn-ledger-types.js';

const ADMISSION_LOCK_KEY = 'datathread:budget-admission';

function scopeCondition(query: SpendQuery, firstParameter: number): { sql: string; parameters: StoreParameter[] } {
  switch (query.scope.kind) {
    case 'user':
      return { sql: `AND user_key = $${firstParameter}`, parameters: [query.scope.key] };
    case 'channel':
      return { sql: `AND channel_key = $${firstParameter}`, parameters: [query.scope.key] };
    case 'workspace':
      return { sql: '', parameters: [] };
  }
}

async function totalsOf(runner: StoreQueryRunner, query: SpendQuery, now: Date): Promise<SpendTotals> {
  const condition = scopeCondition(query, 3);
  // A running turn holds what it reserved minus what it already spent; an expired reservation
  // (a crashed replica's turn) holds nothing more.
  const rows = await runner.query(
    `SELECT
       COALESCE(SUM(input_tokens + output_tokens), 0) AS spent_tokens,
       COALESCE(SUM(COALESCE(cost_micro_usd, 0)), 0) AS spent_micro_usd,
       COALESCE(SUM(CASE WHEN status = 'running' AND reservation_expires_at > $2 AND reserved_tokens > input_tokens + output_tokens
                         THEN reserved_tokens - input_tokens - output_tokens ELSE 0 END), 0) AS reserved_tokens,
       COALESCE(SUM(CASE WHEN status = 'running' AND reservation_expires_at > $2 AND reserved_micro_usd > COALESCE(cost_micro_usd, 0)
                         THEN reserved_micro_usd - COALESCE(cost_micro_usd, 0) ELSE 0 END), 0) AS reserved_micro_usd,
       COALESCE(SUM(CASE WHEN cost_micro_usd IS NULL AND input_tokens + output_tokens > 0 THEN 1 ELSE 0 END), 0) AS unpriced_turns
     FROM turn_ledger WHERE started_at >= $1 ${condition.sql}`,
    [epochMs(query.since), epochMs(now), ...condition.parameters],
  );
  const row = rows[0] ?? {};
  return {
    spentTokens: Number(row.spent_tokens ?? 0),
    spentMicroUsd: Number(row.spent_micro_usd ?? 0),
    reservedTokens: Number(row.reserved_tokens ?? 0),
    reservedMicroUsd: Number(row.reserved_micro_usd ?? 0),
    unpricedTurns: Number(row.unpriced_turns ?? 0),
  };
}

async function insertTurn(runner: StoreQueryRunner, start: LedgerTurnStart, status: LedgerTurnStatus, failureKind: string | null): Promise<void> {
  await runner.execute(
    `INSERT INTO turn_ledger
       (turn_id, thread_id, platform, user_key, channel_key, provider, model, input_tokens, cached_input_tokens, output_tokens,
        cost_micro_usd, reserved_tokens, reserved_micro_usd, status, failure_kind, started_at, finished_at, reservation_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 0, 0, 0, $8, $9, $10, $11, $12, $13, $14)`,
    [
      start.turnId,
      start.threadId,
      start.platform,
      start.userKey,
      start.channelKey,
      start.provider,
      start.model,
      Math.round(start.reservedTokens),
      Math.round(start.reservedMicroUsd),
      status,
      failureKind,
      epochMs(start.startedAt),
      status === 'running' ? null : epochMs(start.startedAt),
      epochMs(start.reservationExpiresAt),
    ],
  );
}

function ledgerTurnFromRow(row: StoreRow): LedgerTurn {
  const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    turnId: String(row.turn_id),
    threadId: String(row.thread_id),
    platform: String(row.platform),
    userKey: (row.user_key as string | null) ?? null,
    channelKey: (row.channel_key as string | null) ?? null,
    provider: (row.provider as string | null) ?? null,
    model: (row.model as string | null) ?? null,
    reservedTokens: Number(row.reserved_tokens),
    reservedMicroUsd: Number(row.reserved_micro_usd),
    startedAt: new Date(Number(row.started_at)),
    inputTokens: Number(row.input_tokens),
    cachedInputTokens: Number(row.cached_input_tokens),
    outputTokens: Number(row.output_tokens),
    costMicroUsd: nullableNumber(row.cost_micro_usd),
    status: String(row.status) as LedgerTurnStatus,
    failureKind: (row.failure_kind as string | null) ?? null,
    finishedAt: row.finished_at === null || row.finished_at === undefined ? null : new Date(Number(row.finished_at)),
  };
}

export class SqlTurnLedger implements TurnLedgerStore {
  constructor(private readonly database: StoreDatabase) {}

  admitTurn(start: LedgerTurnStart, queries: SpendQuery[], admit: (totals: SpendTotals[]) => boolean, now: Date): Promise<boolean> {
    return this.database.transaction(async (runner) => {
      await this.database.holdTransactionLock(runner, ADMISSION_LOCK_KEY);
      const totals: SpendTotals[] = [];
      for (const query of queries) totals.push(await totalsOf(runner, query, now));
      if (!admit(totals)) return false;
      await insertTurn(runner, start, 'running', null);
      return true;
    });
  }

  async recordRefusedTurn(start: LedgerTurnStart, failureKind: string): Promise<void> {
    await insertTurn(this.database, { ...start, reservedTokens: 0, reservedMicroUsd: 0 }, 'refused', failureKind);
  }

  async addTurnUsage(turnId: string, delta: LedgerUsageDelta): Promise<void> {
    // One statement: concurrent steps of one turn cannot lose each other's tokens. An unknown
    // price makes the whole turn's cost unknown.
    await this.database.execute(
      `UPDATE turn_ledger SET
         input_tokens = input_tokens + $2,
         cached_input_tokens = cached_input_tokens + $3,
         output_tokens = output_tokens + $4,
         cost_micro_usd = CASE WHEN $5 < 0 OR cost_micro_usd IS NULL THEN NULL ELSE cost_micro_usd + $5 END
       WHERE turn_id = $1`,
      [turnId, delta.inputTokens, delta.cachedInputTokens, delta.outputTokens, delta.costMicroUsd === null ? -1 : Math.round(delta.costMicroUsd)],
    );
  }

  async finishTurn(turnId: string, status: Exclude<LedgerTurnStatus, 'running' | 'refused'>, failureKind: string | null, finishedAt: Date): Promise<void> {
    await this.database.execute(`UPDATE turn_ledger SET status = $2, failure_kind = $3, finished_at = $4 WHERE turn_id = $1`, [turnId, status, failureKind, epochMs(finishedAt)]);
  }

  spendTotals(query: SpendQuery, now: Date): Promise<SpendTotals> {
    return totalsOf(this.database, query, now);
  }

  async claimBudgetNotice(limitKey: string, periodStart: Date, now: Date): Promise<boolean> {
    const changed = await this.database.execute(
      `INSERT INTO budget_notices (limit_key, period_start, created_at) VALUES ($1, $2, $3) ON CONFLICT (limit_key, period_start) DO NOTHING`,
      [limitKey, epochMs(periodStart), epochMs(now)],
    );
    return changed === 1;
  }

  async listTurnLedger(since: Date): Promise<LedgerTurn[]> {
    const rows = await this.database.query(`SELECT * FROM turn_ledger WHERE started_at >= $1 ORDER BY started_at, turn_id`, [epochMs(since)]);
    return rows.map(ledgerTurnFromRow);
  }
}
