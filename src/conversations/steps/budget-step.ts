// Budgets in a turn: admission before the model is called (a used-up budget refuses the turn), each
// model step's tokens charged as it completes, the loop stopped when a limit runs out mid-turn, and
// the turn's end recorded in the ledger. Without budgets every turn is still recorded, and a ledger
// that cannot be written costs only the usage report's record of the turn: logged, never shown.
import type { LanguageModelUsage } from 'ai';
import type { AccessSubject } from '../../access/access-rules.js';
import type { BudgetsConfig } from '../../config/budget-config.js';
import type { Admission, BudgetGuard, StepTokens, TurnCharge } from '../../governance/budget-guard.js';
import type { ApplicableLimit, BudgetSubject } from '../../governance/budget-limits.js';
import type { Logger } from '../../logging/logger.js';
import type { TurnRequest } from '../types.js';
import type { TurnStep } from './turn-step.js';

export function budgetStep(options: { guard: BudgetGuard; budgets: BudgetsConfig | undefined; logger: Logger }): TurnStep {
  const { guard, logger } = options;

  async function admit(charge: TurnCharge): Promise<Admission> {
    try {
      return await guard.admit(charge);
    } catch (error) {
      if (options.budgets) throw error;
      logger.error('turn not recorded in the ledger; the usage report will miss it', { threadId: charge.threadId, error });
      return { admitted: true, noticeLimits: [] };
    }
  }

  /** The 80% notices with the figures after this turn; a ledger that cannot be read costs only the notice. */
  async function budgetNotices(charge: TurnCharge, claimed: ApplicableLimit[]): Promise<string[]> {
    return guard.noticesAfterTurn(charge.subject, claimed).catch((error: unknown) => {
      logger.error('budget notices not worded', { threadId: charge.threadId, error });
      return [];
    });
  }

  async function finishCharge(turnId: string, status: 'answered' | 'clarification' | 'failed' | 'cancelled', failureKind: string | null): Promise<void> {
    await guard.finish(turnId, status, failureKind).catch((error: unknown) => logger.error('turn end not recorded in the ledger', { turnId, error }));
  }

  return {
    name: 'budget',
    async start(turn) {
      const { threadId } = turn.request;
      const charge = { turnId: turn.turnId, threadId, subject: budgetSubjectOf(turn.request, turn.subject) };
      const admission = await admit(charge);
      if (!admission.admitted) {
        logger.info('turn refused: budget used up', { threadId });
        return { refusal: { kind: 'budget', message: admission.message, retryable: false } };
      }
      let stoppedBy: ApplicableLimit | undefined;
      return {
        onStepUsage: (usage) =>
          guard.recordStep(charge.turnId, tokensOf(usage)).catch((error: unknown) => logger.error('step tokens not charged to the budget ledger', { threadId, error })),
        shouldStop: async () => {
          stoppedBy = await guard.exhaustedLimit(charge.subject).catch((error: unknown) => {
            logger.error('budget not checked before the next step', { threadId, error });
            return undefined;
          });
          return stoppedBy !== undefined;
        },
        finish: async (built) => {
          const budgetNotes = [...(stoppedBy ? [guard.stoppedMessage(stoppedBy)] : []), ...(await budgetNotices(charge, admission.noticeLimits))];
          const outcome = budgetNotes.length > 0 ? { ...built, notes: [...(built.notes ?? []), ...budgetNotes] } : built;
          await finishCharge(charge.turnId, outcome.status === 'clarification' ? 'clarification' : outcome.status === 'failed' ? 'failed' : 'answered', outcome.failure?.kind ?? null);
          return outcome;
        },
        abort: (status, failureKind) => finishCharge(charge.turnId, status, failureKind),
      };
    },
  };
}

/** The asker's groups come along, so a budget override may name a group instead of each person. */
function budgetSubjectOf(request: TurnRequest, asker: AccessSubject): BudgetSubject {
  return { platform: request.platform, userId: request.actor.userId, email: request.actor.email, channelId: request.place.channelId, groups: asker.groups };
}

function tokensOf(usage: LanguageModelUsage): StepTokens {
  return { inputTokens: usage.inputTokens ?? 0, cachedInputTokens: usage.inputTokenDetails?.cacheReadTokens ?? 0, outputTokens: usage.outputTokens ?? 0 };
}
