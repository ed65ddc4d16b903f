// A ReplyPlan becomes the list of cards to post, in order.
import type { ReplyPlan } from '../../../conversations/reply-plan.js';
import { verifiedBadgeText } from '../../../conversations/verified-query.js';
import type { AdaptiveCard } from './adaptive-card-types.js';
import { buildAnswerCards } from './answer-cards.js';
import { prepareChartImage, type HostedChartImages, type PreparedChart } from './chart-image.js';
import type { ChartArtifact } from '../../../conversations/outcome-contract.js';
import { buildClarificationCard, buildFailureCard, buildStoppedCard } from './status-cards.js';

export interface RenderOptions {
  /** The plan's stories are posted as cards of their own: no story notes, and no card when nothing else is left. */
  storiesAsCards?: boolean;
  /** Results can be downloaded (signed links): each stored result gets a CSV button. */
  offerCsv?: boolean;
  /** Charts are kept where Teams fetches them (DATATHREAD_PUBLIC_URL set): cards link them instead of carrying them. */
  chartImages?: HostedChartImages;
  /** Verifiers are configured: an answer whose query can be verified gets a Verify button. */
  offerVerify?: boolean;
}

export async function renderReply(plan: ReplyPlan, options: RenderOptions = {}): Promise<AdaptiveCard[]> {
  if (plan.sentence?.kind === 'failed') return [buildFailureCard({ kind: 'internal', message: plan.sentence.text, retryable: plan.controls.retry })];
  if (plan.sentence?.kind === 'stopped') return [buildStoppedCard(plan.sentence.text)];
  const stories = options.storiesAsCards ? [] : plan.stories;
  const answer = {
    text: plan.answer,
    notes: plan.notes,
    tables: plan.tables,
    stories,
    followUps: plan.controls.followUps,
    queries: plan.controls.queries,
    offerCsv: options.offerCsv === true,
    ...(plan.verifiedQuery ? { verifiedBadge: verifiedBadgeText(plan.verifiedQuery) } : {}),
    ...(options.offerVerify && plan.verifyAnswerId ? { verifyAnswerId: plan.verifyAnswerId } : {}),
  };
  if (plan.status === 'clarification') {
    const clarification = plan.controls.clarification ?? { question: plan.answer, options: [] };
    const hasResults = plan.charts.length > 0 || plan.tables.length > 0;
    // Results the turn produced before it asked are shown first; the question comes last.
    const results = hasResults ? buildAnswerCards({ ...answer, text: '' }, await prepareCharts(plan.threadId, plan.charts, options), { includeFollowUps: false }) : [];
    return [...results, buildClarificationCard(clarification, plan.answer)];
  }
  if (options.storiesAsCards && showsNothingBesideStories(plan)) return [];
  return buildAnswerCards(answer, await prepareCharts(plan.threadId, plan.charts, options));
}

function prepareCharts(threadId: string, charts: ChartArtifact[], options: RenderOptions): Promise<PreparedChart[]> {
  const hosting = options.chartImages ? { threadId, images: options.chartImages } : undefined;
  return Promise.all(charts.map((chart) => prepareChartImage(chart, undefined, undefined, hosting)));
}

/** Nothing to say beside the story cards (the answer card would only say the empty-turn sentence). */
function showsNothingBesideStories(plan: ReplyPlan): boolean {
  return plan.answer === '' && plan.notes.length === 0 && plan.charts.length === 0 && plan.tables.length === 0 && plan.controls.followUps.length === 0;
}
