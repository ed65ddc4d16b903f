// Budgets, enforced around a turn: admitted (or refused) before its first model call, charged
// after each step, asked before each further model call whether a limit is used up, finished with
// how it ended. Every turn is recorded in the ledger, with or without budgets: the usage report
// reads it.
import type { ModelIdentity } from '../store/types.js';
import type { LedgerTurnStart, LedgerTurnStatus, SpendTotals, TurnLedgerStore } from '../store/turn-ledger-types.js';
import type { BudgetsConfig } from '../config/budget-config.js';
import { applicableLimits, channelKeyOf, periodEnd, periodStart, userKeyOf, type ApplicableLimit, type BudgetSubject } from './budget-limits.js';
import { costMicroUsd, priceOf, priceTable, pricesFromConfig, type ModelPrice } from './model-prices.js';

/** The share of a limit at which the asker is told, once per period. */
export const BUDGET_NOTICE_RATIO = 0.8;
/** A reservation outlives its turn's timeout by this much before a crashed turn stops holding it. */
const RESERVATION_GRACE_MS = 60_000;
/** How a turn's reserved tokens are assumed to split, to price the reservation. */
const ESTIMATE_OUTPUT_SHARE = 0.1;

export interface BudgetGuardOptions {
  config: BudgetsConfig | undefined;
  ledger: TurnLedgerStore;
  clock: () => Date;
  turnTimeoutMs: number;
  model: ModelIdentity | undefined;
}

export interface TurnCharge {
  turnId: string;
  threadId: string;
  subject: BudgetSubject;
}

export type Admission = { admitted: true; notices: string[] } | { admitted: false; message: string };

export interface StepTokens {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}

const formatCount = new Intl.NumberFormat('en-US');

function formatAmount(limit: ApplicableLimit, amount: number): string {
  return limit.unit === 'usd' ? `$${amount.toFixed(2)}` : `${formatCount.format(Math.round(amount))} tokens`;
}

function formatReset(limit: ApplicableLimit, now: Date): string {
  return `${periodEnd(now, limit.period).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function usedOf(limit: ApplicableLimit, totals: SpendTotals, withReservations: boolean): number {
  if (limit.unit === 'usd') return (totals.spentMicroUsd + (withReservations ? totals.reservedMicroUsd : 0)) / 1_000_000;
  return totals.spentTokens + (withReservations ? totals.reservedTokens : 0);
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export class BudgetGuard {
  private readonly price: ModelPrice | undefined;

  constructor(private readonly options: BudgetGuardOptions) {
    this.price = options.model ? priceOf(priceTable(pricesFromConfig(options.config)), options.model) : undefined;
  }

  /** The model's price is not in the table: US-dollar limits cannot count this model's turns. */
  get priceUnknown(): boolean {
    return this.options.model !== undefined && this.price === undefined;
  }

  async admit(turn: TurnCharge): Promise<Admission> {
    const now = this.options.clock();
    const limits = this.options.config ? applicableLimits(this.options.config, turn.subject) : [];
    const start = this.ledgerStart(turn, now);
    let exceeded: ApplicableLimit | undefined;
    const admitted = await this.options.ledger.admitTurn(
      start,
      limits.map((limit) => ({ scope: limit.scope, since: periodStart(now, limit.period) })),
      (totals) => {
        // Reservations of running turns count: twenty turns started together cannot all spend the
        // same headroom, so a limit is overshot by at most about one turn.
        exceeded = limits.find((limit, index) => totals[index] !== undefined && usedOf(limit, totals[index], true) >= limit.amount);
        return exceeded === undefined;
      },
      now,
    );
    if (!admitted && exceeded) {
      await this.options.ledger.recordRefusedTurn(start, 'budget');
      return { admitted: false, message: this.exhaustedMessage(exceeded, now, 'not run') };
    }
    return { admitted: true, notices: await this.noticesFor(limits, now) };
  }

  async recordStep(turnId: string, tokens: StepTokens): Promise<void> {
    await this.options.ledger.addTurnUsage(turnId, { ...tokens, costMicroUsd: costMicroUsd(this.price, tokens) });
  }

  /** The first limit already used up (spent, not reserved), or undefined: asked before each further model call. */
  async exhaustedLimit(subject: BudgetSubject): Promise<ApplicableLimit | undefined> {
    if (!this.options.config) return undefined;
    const now = this.options.clock();
    for (const limit of applicableLimits(this.options.config, subject)) {
      const totals = await this.options.ledger.spendTotals({ scope: limit.scope, since: periodStart(now, limit.period) }, now);
      if (usedOf(limit, totals, false) >= limit.amount) return limit;
    }
    return undefined;
  }

  stoppedMessage(limit: ApplicableLimit): string {
    return this.exhaustedMessage(limit, this.options.clock(), 'stopped');
  }

  async finish(turnId: string, status: Exclude<LedgerTurnStatus, 'running' | 'refused'>, failureKind: string | null): Promise<void> {
    await this.options.ledger.finishTurn(turnId, status, failureKind, this.options.clock());
  }

  private exhaustedMessage(limit: ApplicableLimit, now: Date, what: 'not run' | 'stopped'): string {
    const contact = this.options.config?.contact ?? 'your datathread admin';
    const lead = what === 'not run' ? 'This question was not run' : 'I stopped before finishing';
    return `${lead}: ${limit.label} (${formatAmount(limit, limit.amount)}) is used up. It resets at ${formatReset(limit, now)}; to raise it, ask ${contact}.`;
  }

  private async noticesFor(limits: ApplicableLimit[], now: Date): Promise<string[]> {
    const notices: string[] = [];
    for (const limit of limits) {
      const since = periodStart(now, limit.period);
      const used = usedOf(limit, await this.options.ledger.spendTotals({ scope: limit.scope, since }, now), false);
      if (used < BUDGET_NOTICE_RATIO * limit.amount) continue;
      if (!(await this.options.ledger.claimBudgetNotice(limit.key, since, now))) continue;
      const percent = Math.min(100, Math.floor((used / limit.amount) * 100));
      notices.push(`${capitalized(limit.label)} is ${percent}% used (${formatAmount(limit, used)} of ${formatAmount(limit, limit.amount)}); it resets at ${formatReset(limit, now)}.`);
    }
    return notices;
  }

  private ledgerStart(turn: TurnCharge, now: Date): LedgerTurnStart {
    const estimateTokens = this.options.config?.turn_estimate_tokens ?? 0;
    const outputTokens = Math.round(estimateTokens * ESTIMATE_OUTPUT_SHARE);
    return {
      turnId: turn.turnId,
      threadId: turn.threadId,
      platform: turn.subject.platform,
      userKey: userKeyOf(turn.subject),
      channelKey: channelKeyOf(turn.subject),
      provider: this.options.model?.provider ?? null,
      model: this.options.model?.model ?? null,
      reservedTokens: estimateTokens,
      reservedMicroUsd: costMicroUsd(this.price, { inputTokens: estimateTokens - outputTokens, cachedInputTokens: 0, outputTokens }) ?? 0,
      startedAt: now,
      reservationExpiresAt: new Date(now.getTime() + this.options.turnTimeoutMs + RESERVATION_GRACE_MS),
    };
  }
}
