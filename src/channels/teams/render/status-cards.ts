// The cards that are not an answer: a clarifying question with one button per option, a failure
// in one honest sentence (with Retry when trying again can help), a stopped turn (its standard
// sentence), and the
// resolved form of a card whose button was clicked.
import type { ClarificationRequest, TurnFailure } from '../../../conversations/types.js';
import { createCard, textBlock, type AdaptiveCard } from './adaptive-card-types.js';
import { clarificationActions, retryAction } from '../actions/card-actions.js';
import { arrangeCardActions } from './card-action-row.js';
import { markdownToCardElements } from './card-elements-from-markdown.js';

export const REPLY_IN_THREAD_HINT = 'Choose an option, or reply in this thread.';

export function buildClarificationCard(clarification: ClarificationRequest, leadText: string): AdaptiveCard {
  const lead = leadText.trim() && leadText.trim() !== clarification.question.trim() ? markdownToCardElements(leadText) : [];
  const hint = clarification.options.length > 0 ? REPLY_IN_THREAD_HINT : 'Reply in this thread.';
  const { stacked, actions } = arrangeCardActions(clarificationActions(clarification.options));
  return createCard([...lead, ...markdownToCardElements(clarification.question), textBlock(hint, { isSubtle: true }), ...stacked], actions);
}

export function buildFailureCard(failure: TurnFailure): AdaptiveCard {
  return createCard([textBlock(failure.message, { color: 'Attention' })], failure.retryable ? [retryAction()] : []);
}

export function buildStoppedCard(sentence: string): AdaptiveCard {
  return createCard([textBlock(sentence, { isSubtle: true })]);
}

/** The card as it was, minus its buttons (in the row or stacked in the body), plus who chose what: a second click has nothing to hit. */
export function buildResolvedCard(card: AdaptiveCard, note: string): AdaptiveCard {
  return createCard([...card.body.filter((element) => element.type !== 'ActionSet'), textBlock(note, { isSubtle: true })]);
}
