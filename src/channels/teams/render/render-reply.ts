// A ReplyPlan becomes the list of cards to post, in order.
import type { ReplyPlan } from '../../../conversations/reply-plan.js';
import type { AdaptiveCard } from './adaptive-card-types.js';
import { buildAnswerCards } from './answer-cards.js';
import { prepareChartImage } from './chart-image.js';
import { buildClarificationCard, buildFailureCard, buildStoppedCard } from './status-cards.js';

export interface RenderOptions {
  /** The plan's stories are posted as cards of their own: no story notes, and no card when nothing else is left. */
  storiesAsCards?: boolean;
  /** Results can be downloaded (signed links): each stored result gets a CSV button. */
  offerCsv?: boolean;
}

export async function renderReply(plan: ReplyPlan, options: RenderOptions = {}): Promise<AdaptiveCard[]> {
  if (plan.sentence?.kind === 'failed') return [buildFailureCard({ kind: 'internal', message: plan.sentence.text, retryable: plan.controls.retry })];
  if (plan.sentence?.kind === 'stopped') return [buildStoppedCard(plan.sentence.text)];
  const stories = options.storiesAsCards ? [] : plan.stories;
  const answer = { text: plan.answer, notes: plan.notes, tables: plan.tables, stories, followUps: plan.controls.followUps, queries: plan.controls.queries, offerCsv: options.offerCsv === true };
  if (plan.status === 'clarification') {
    const clarification = plan.controls.clarification ?? { question: plan.answer, options: [] };
    const hasResults = plan.charts.length > 0 || plan.tables.length > 0;
    // Results the turn produced before it asked are shown first; the question comes last.
    const results = hasResults ? buildAnswerCards({ ...answer, text: '' }, await Promise.all(plan.charts.map((chart) => prepareChartImage(chart))), { includeFollowUps: false }) : [];
    return [...results, buildClarificationCard(clarification, plan.answer)];
  }
  if (options.storiesAsCards && showsNothingBesideStories(plan)) return [];
  return buildAnswerCards(answer, await Promise.all(plan.charts.map((chart) => prepareChartImage(chart))));
}

/** Nothing to say beside the story cards (the answer card would only say the empty-turn sentence). */
function showsNothingBesideStories(plan: ReplyPlan): boolean {
  return plan.answer === '' && plan.notes.length === 0 && plan.charts.length === 0 && plan.tables.length === 0 && plan.controls.followUps.length === 0;
}
