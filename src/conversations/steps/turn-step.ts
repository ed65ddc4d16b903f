// The steps a turn runs around the agent loop. Each feature contributes one (budgets, remembered
// corrections, verified queries, …); the engine runs them in the order of its list. A step starts
// once the turn knows who asks, what they may use and what the question is, and may refuse the turn
// before the model is called, add a section to the system prompt, watch each model step, and have
// the last word on the outcome. A new feature adds a step instead of editing runTurn.
import type { LanguageModelUsage } from 'ai';
import type { AccessSubject } from '../../access/access-rules.js';
import type { SystemPromptInput } from '../../agent/system-prompt.js';
import type { DatabaseAdapter } from '../../databases/types.js';
import type { TurnFailure, TurnOutcome, TurnRequest } from '../types.js';

export interface TurnStepInput {
  /** The ledger's id of this turn. */
  turnId: string;
  request: TurnRequest;
  /** Who asks, with the groups they belong to at the start of the turn. */
  subject: AccessSubject;
  /** The words the model receives (a pending clarification or a sign-in retry already folded in). */
  questionText: string;
  /** The databases this asker may use. */
  databases: DatabaseAdapter[];
}

/** What a started step contributes to the rest of the turn; every part is optional. */
export interface TurnStepRun {
  /** Refuses the turn before the model is called; later steps are not started. */
  refusal?: TurnFailure;
  /** Sections this step adds to the system prompt, read once the turn is running (a Stop click can end it). */
  prompt?(): Promise<Pick<SystemPromptInput, 'memories' | 'verifiedExamples'>>;
  /** Each model step's token usage, as it completes (the loop chains these in step order). */
  onStepUsage?(usage: LanguageModelUsage): Promise<void>;
  /** Asked before each further model step: true stops the loop (the step says why in finish). */
  shouldStop?(): Promise<boolean>;
  /** The last word on the outcome of a turn the loop ended (answered, clarification or failed). */
  finish?(outcome: TurnOutcome): Promise<TurnOutcome>;
  /** The turn ended by a Stop click or an error, without an outcome from the loop. */
  abort?(status: 'cancelled' | 'failed', failureKind: string | null): Promise<void>;
}

export interface TurnStep {
  /** For logs and tests: `budget`, `memory`, `verified-queries`. */
  readonly name: string;
  start(turn: TurnStepInput): Promise<TurnStepRun>;
}
