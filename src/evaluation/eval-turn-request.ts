// The turn an evaluation case asks: a new thread, from the terminal, as the case's `as:` person
// when given (a user id or an email: the access rules for them apply) or as the evaluator.
import type { TurnRequest } from '../conversations/types.js';
import type { EvalCase } from './eval-case.js';

const EVALUATOR_USER_ID = 'console:eval';

export function evalTurnRequest(evalCase: EvalCase, threadId: string): TurnRequest {
  const userId = evalCase.as ?? EVALUATOR_USER_ID;
  return {
    threadId,
    platform: 'console',
    actor: { platform: 'console', userId, displayName: evalCase.as ?? 'eval', ...(userId.includes('@') ? { email: userId } : {}) },
    text: evalCase.question,
    kind: 'message',
    place: { channelId: 'console', isDirectMessage: true },
    // Interactive, so the agent may ask a clarifying question (cases can expect one).
    interactive: true,
  };
}
