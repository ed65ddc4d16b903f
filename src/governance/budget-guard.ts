// Budgets, enforced around a turn: admitted (or refused) before its first model call, charged
// after each step, asked before each further model call whether a limit is used up, finished with
// how it ended. Every turn is recorded in the ledger, with or without budgets: the usage report
// reads it.
import type { ModelIdentity } from '../store/types.js';
import type { LedgerTurnStart, LedgerTurnStatus, SpendTotals, TurnLedgerStore } from '../store/turn-ledger-types.js';
import type { BudgetsConfig } from '../config/budget-config.js';
import { applicableLimits, channelKeyOf, periodEnd, periodStart, userKeyOf, type ApplicableLimit, type BudgetSubject } from './budget-limits.js';
import { costMicroUsd, priceOf, priceTable, pricesFromConfig, type ModelPrice } from '../config/model-prices.js';

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

/** `noticeLimits`: the limits whose 80% notice this turn shows (claimed at admission), worded after the turn with its figures then. */
export type Admission = { admitted: true; noticeLimits: ApplicableLimit[] } | { admitted: false; message: string };

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
    let spentTotals: SpendTotals[] = [];
    const admitted = await this.options.ledger.admitTurn(
      start,
      limits.map((limit) => ({ scope: limit.scope, since: periodStart(now, limit.period) })),
      (totals) => {
        spentTotals = totals;
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
    return { admitted: true, noticeLimits: await this.claimNotices(limits, spentTotals, start, now) };
  }

  /**
   * The 80% notices of a turn, worded with what is spent now (after the turn's steps): the limits
   * claimed at admission, and any other that this turn itself took past 80% (its reservation was
   * smaller than what it spent), so nobody is refused without having been told first.
   */
  async noticesAfterTurn(subject: BudgetSubject, claimed: ApplicableLimit[]): Promise<string[]> {
    if (!this.options.config) return [];
    const now = this.options.clock();
    const claimedKeys = new Set(claimed.map((limit) => limit.key));
    const notices: string[] = [];
    for (const limit of applicableLimits(this.options.config, subject)) {
      const since = periodStart(now, limit.period);
      const spent = usedOf(limit, await this.options.ledger.spendTotals({ scope: limit.scope, since }, now), false);
      const passedNow = !claimedKeys.has(limit.key) && spent >= BUDGET_NOTICE_RATIO * limit.amount && (await this.options.ledger.claimBudgetNotice(limit.key, since, now));
      if (!claimedKeys.has(limit.key) && !passedNow) continue;
      const percent = Math.min(100, Math.floor((spent / limit.amount) * 100));
      notices.push(`${capitalized(limit.label)} is ${percent}% used (${formatAmount(limit, spent)} of ${formatAmount(limit, limit.amount)}); it resets at ${formatReset(limit, now)}.`);
    }
    return notices;
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

  /**
   * Decided at admission from what is spent plus this turn's own reservation: a limit this turn may
   * take past 80% is told now, in this turn's answer, not one answer late (with a limit of a few
   * turns, the next one would already be refused). Claimed once per period.
   */
  private async claimNotices(limits: ApplicableLimit[], totals: SpendTotals[], start: LedgerTurnStart, now: Date): Promise<ApplicableLimit[]> {
    const claimed: ApplicableLimit[] = [];
    for (const [index, limit] of limits.entries()) {
      const spent = totals[index];
      if (!spent) continue;
      const reservation = limit.unit === 'usd' ? start.reservedMicroUsd / 1_000_000 : start.reservedTokens;
      if (usedOf(limit, spent, false) + reservation < BUDGET_NOTICE_RATIO * limit.amount) continue;
      if (await this.options.ledger.claimBudgetNotice(limit.key, periodStart(now, limit.period), now)) claimed.push(limit);
    }
    return claimed;
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
