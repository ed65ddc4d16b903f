// A ReplyPlan becomes the list of cards to post, in order. What to show is the plan's: which
// sentence, which actions, whether anything is left beside the stories posted as cards of their own.
import { hasContentBeside } from '../../../conversations/reply-contents.js';
import type { ReplyPlan } from '../../../conversations/reply-plan.js';
import { verifiedBadgeText } from '../../../verified/verified-query.js';
import { textBlock, type AdaptiveCard, type CardElement } from './adaptive-card-types.js';
import { buildAnswerCards } from './answer-cards.js';
import { prepareChartImage, type HostedChartImages, type PreparedChart } from './chart-image.js';
import type { ChartArtifact } from '../../../store/turn-artifacts.js';
import { buildClarificationCard } from './status-cards.js';
import { memoryNoteCard } from './memory-cards.js';
import { scheduleConfirmationCard } from '../schedules/schedule-confirmation-card.js';

/** The cards to post, in order: the answer's, then one per memory note and schedule proposal. */
export type RenderedReply = AdaptiveCard[];

export interface RenderOptions {
  /** The plan's stories are posted as cards of their own: no story notes, and no card when nothing else is left. */
  storiesAsCards?: boolean;
  /** Results can be downloaded (signed links): each stored result gets a CSV button. */
  offerCsv?: boolean;
  /** Charts are kept where Teams fetches them (DATATHREAD_PUBLIC_URL set): cards link them instead of carrying them. */
  chartImages?: HostedChartImages;
  /** Verifiers are configured: an answer whose query can be verified gets a Verify button. */
  offerVerify?: boolean;
  /** The turn's sentence (failed, stopped, empty) ended the streamed message already: the cards do not repeat it, nor add a text of their own; Retry stays. */
  sentenceShown?: boolean;
}

export async function renderReply(plan: ReplyPlan, options: RenderOptions = {}): Promise<RenderedReply> {
  // Each memory note and schedule proposal is a card of its own under the reply, so its buttons update only that card.
  return [...(await renderReplyCards(plan, options)), ...plan.memoryNotes.map(memoryNoteCard), ...plan.scheduleProposals.map(scheduleConfirmationCard)];
}

async function renderReplyCards(plan: ReplyPlan, options: RenderOptions): Promise<AdaptiveCard[]> {
  const { sentence: _said, ...withoutSentence } = plan;
  const shown = options.sentenceShown ? withoutSentence : plan;
  if (!hasContentBeside(shown, { stories: options.storiesAsCards === true }, { verify: options.offerVerify === true })) return [];
  const stories = options.storiesAsCards ? [] : plan.stories;
  const { controls } = plan;
  const answer = {
    text: plan.answer,
    notes: plan.notes,
    tables: plan.tables,
    stories,
    followUps: controls.followUps,
    queryActions: controls,
    offerCsv: options.offerCsv === true,
    ...(options.sentenceShown ? retryAfterStreamedSentence(plan) : sentenceContent(plan)),
    ...(plan.verifiedQuery ? { verifiedBadge: verifiedBadgeText(plan.verifiedQuery) } : {}),
    ...(options.offerVerify && plan.verifyAnswerId ? { verifyAnswerId: plan.verifyAnswerId } : {}),
  };
  if (plan.status === 'clarification') {
    const clarification = controls.clarification ?? { question: plan.answer, options: [], hint: '' };
    const hasResults = plan.charts.length > 0 || plan.tables.length > 0;
    // Results the turn produced before it asked are shown first; the question comes last.
    const results = hasResults ? buildAnswerCards({ ...answer, text: '' }, await prepareCharts(plan.threadId, plan.charts, options), { includeFollowUps: false }) : [];
    return [...results, buildClarificationCard(clarification, plan.answer)];
  }
  return buildAnswerCards(answer, await prepareCharts(plan.threadId, plan.charts, options));
}

/** A failed turn says so in red at the end, with Retry when it helps; a stopped one quietly; an empty one plainly. */
function sentenceContent(plan: ReplyPlan): { sentence?: CardElement; closingSentence?: CardElement; retry?: boolean } {
  switch (plan.sentence?.kind) {
    case 'failed':
      return { closingSentence: textBlock(plan.sentence.text, { color: 'Attention' }), retry: plan.controls.retry };
    case 'stopped':
      return { sentence: textBlock(plan.sentence.text, { isSubtle: true }) };
    case 'empty':
      return { sentence: textBlock(plan.sentence.text) };
    default:
      return {};
  }
}

/**
 * After the stream said why the turn failed, the cards carry only what the sentence has beside it:
 * Retry (and the turn's other actions), with no text of their own, as a reply posted whole shows.
 */
function retryAfterStreamedSentence(plan: ReplyPlan): { retry?: boolean } {
  return plan.controls.retry ? { retry: true } : {};
}

function prepareCharts(threadId: string, charts: ChartArtifact[], options: RenderOptions): Promise<PreparedChart[]> {
  const hosting = options.chartImages ? { threadId, images: options.chartImages } : undefined;
  return Promise.all(charts.map((chart) => prepareChartImage(chart, undefined, undefined, hosting)));
}
