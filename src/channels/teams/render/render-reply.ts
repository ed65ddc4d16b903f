// A neutral TurnOutcome becomes the list of cards to post, in order.
import type { TurnOutcome } from '../../../conversations/types.js';
import type { AdaptiveCard } from './adaptive-card-types.js';
import { buildAnswerCards } from './answer-cards.js';
import { prepareChartImage } from './chart-image.js';
import { buildClarificationCard, buildFailureCard, buildStoppedCard } from './status-cards.js';

export async function renderOutcome(outcome: TurnOutcome): Promise<AdaptiveCard[]> {
  switch (outcome.status) {
    case 'failed':
      return [
        buildFailureCard(
          outcome.failure ?? { kind: 'internal', message: 'Something went wrong on my side. Please try again.', retryable: true },
        ),
      ];
    case 'cancelled':
      return [buildStoppedCard()];
    case 'clarification': {
      const clarification = outcome.clarification ?? { question: outcome.text, options: [] };
      const hasResults = outcome.charts.length > 0 || outcome.tables.length > 0;
      // Results the turn produced before it asked are shown first; the question comes last.
      const results = hasResults
        ? buildAnswerCards({ ...outcome, text: '' }, await Promise.all(outcome.charts.map((chart) => prepareChartImage(chart))), {
            includeFollowUps: false,
          })
        : [];
      return [...results, buildClarificationCard(clarification, outcome.text)];
    }
    case 'answered':
      return buildAnswerCards(outcome, await Promise.all(outcome.charts.map((chart) => prepareChartImage(chart))));
  }
}
