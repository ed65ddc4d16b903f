// The cards that are not an answer: a clarifying question with one button per option, a failure
// in one honest sentence (with Retry when trying again can help), a stopped turn (its standard
// sentence), and the
// resolved form of a card whose button was clicked.
import type { PlannedClarification } from '../../../conversations/reply-plan.js';
import type { TurnFailure } from '../../../conversations/types.js';
import { createCard, textBlock, type AdaptiveCard } from './adaptive-card-types.js';
import { clarificationActions, retryAction } from '../actions/card-actions.js';
import { arrangeCardActions } from './card-action-row.js';
import { markdownToCardElements } from './card-elements-from-markdown.js';

/** The question (after the model's lead-in, when it wrote one beside it), its options and the plan's hint. */
export function buildClarificationCard(clarification: PlannedClarification, leadText: string): AdaptiveCard {
  const lead = leadText.trim() && leadText.trim() !== clarification.question.trim() ? markdownToCardElements(leadText) : [];
  const hint = clarification.hint ? [textBlock(clarification.hint, { isSubtle: true })] : [];
  const { stacked, actions } = arrangeCardActions(clarificationActions(clarification.options));
  return createCard([...lead, ...markdownToCardElements(clarification.question), ...hint, ...stacked], actions);
}

export function buildFailureCard(failure: TurnFailure): AdaptiveCard {
  return createCard([textBlock(failure.message, { color: 'Attention' })], failure.retryable ? [retryAction()] : []);
}

/** The card as it was, minus its buttons (in the row or stacked in the body), plus who chose what: a second click has nothing to hit. */
export function buildResolvedCard(card: AdaptiveCard, note: string): AdaptiveCard {
  return createCard([...card.body.filter((element) => element.type !== 'ActionSet'), textBlock(note, { isSubtle: true })]);
}
