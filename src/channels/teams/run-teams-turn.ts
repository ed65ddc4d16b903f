// One turn, after the HTTP request has been answered: typing while the engine works, then the
// outcome as cards in the thread. A click also resolves the clicked card (buttons removed, who
// chose what added) as soon as the engine accepts the turn, so it cannot be clicked again.
import type { TurnHandler, TurnOutcome, TurnRequest } from '../../conversations/types.js';
import type { CardActionData } from './adaptive-card-types.js';
import type { TeamsLogger } from './create-teams-adapter.js';
import { postTurnStories, storyQueryIds } from './post-story.js';
import { renderOutcome } from './render-outcome.js';
import type { TeamsStoryStore } from './render-story-cards.js';
import type { SentCardMemory } from './sent-card-memory.js';
import type { StoryCardLedger } from './story-card-ledger.js';
import { buildFailureCard, buildResolvedCard } from './status-cards.js';
import type { TeamsOutbox } from './teams-outbox.js';
import { createTypingIndicator } from './typing-indicator.js';

export const UNEXPECTED_FAILURE_MESSAGE = 'Something went wrong on my side and your question was not answered. Please ask again.';

export interface TeamsTurnJob {
  request: TurnRequest;
  action?: CardActionData;
  /** The card a click came from. */
  replyToId?: string;
}

export interface TeamsTurnDependencies {
  handler: TurnHandler;
  outbox: TeamsOutbox;
  sentCards: SentCardMemory;
  logger: TeamsLogger;
  typingIntervalMs?: number;
  /** Present when the channel has the store: stories are posted as cards of their own. */
  stories?: { store: TeamsStoryStore; ledger: StoryCardLedger };
  /** Federated identity (teams-sign-in.ts): the asker's token before the turn; a sign-in card after it when needed. */
  signIn?: {
    beforeTurn(): Promise<void>;
    onSignInRequired(outcome: TurnOutcome): Promise<void>;
  };
}

export async function runTeamsTurn(job: TeamsTurnJob, dependencies: TeamsTurnDependencies): Promise<void> {
  const { handler, outbox, sentCards, logger } = dependencies;
  const threadId = job.request.threadId;
  const sideEffects: Promise<void>[] = [];
  const typing = createTypingIndicator(
    () => outbox.sendTyping(),
    (error) => logger.warn('Teams typing indicator failed', { threadId, error }),
    dependencies.typingIntervalMs,
  );
  try {
    await dependencies.signIn?.beforeTurn();
    const result = await handler.handle(job.request, {
      onStart: () => {
        typing.start();
        if (job.action && job.replyToId) sideEffects.push(resolveClickedCard(job.replyToId, job, dependencies));
      },
    });
    if (result.kind === 'duplicate') {
      logger.info('Teams activity already handled', { threadId, eventKey: job.request.eventKey });
      return;
    }
    const outcome = result.outcome;
    const stories = dependencies.stories && outcome.stories.length > 0 ? dependencies.stories : undefined;
    // Story cards come first, so the answer's buttons (follow-ups, a question) stay the newest message.
    if (stories) await postTurnStories(outcome.threadId, outcome.stories, { ...stories, outbox, logger });
    const answer = stories ? withoutStoryParts(outcome) : outcome;
    const cards = stories && isEmptyAnswer(answer) ? [] : await renderOutcome(answer);
    typing.stop();
    for (const card of cards) {
      const activityId = await outbox.sendCard(card);
      if (activityId && card.actions && card.actions.length > 0) sentCards.remember(activityId, card);
    }
    if (dependencies.signIn && outcome.signInRequired && outcome.signInRequired.length > 0) {
      await dependencies.signIn.onSignInRequired(outcome);
    }
  } catch (error) {
    typing.stop();
    logger.error('Teams turn failed', { threadId, error });
    await outbox
      .sendCard(buildFailureCard({ kind: 'internal', message: UNEXPECTED_FAILURE_MESSAGE, retryable: false }))
      .catch((sendError: unknown) => logger.error('Teams failure message could not be sent', { threadId, error: sendError }));
  } finally {
    typing.stop();
    await Promise.allSettled(sideEffects);
  }
}

async function resolveClickedCard(replyToId: string, job: TeamsTurnJob, dependencies: TeamsTurnDependencies): Promise<void> {
  const card = dependencies.sentCards.take(replyToId);
  if (!card) {
    dependencies.logger.info('Clicked Teams card is not in memory (sent before a restart?); leaving it unchanged', { replyToId });
    return;
  }
  try {
    await dependencies.outbox.updateCard(replyToId, buildResolvedCard(card, describeChoice(job)));
  } catch (error) {
    dependencies.logger.warn('Teams card update failed', { replyToId, error });
  }
}

export function describeChoice(job: Pick<TeamsTurnJob, 'action' | 'request'>): string {
  const who = job.request.actor.displayName ?? 'Someone';
  switch (job.action?.datathread) {
    case 'retry':
      return `${who} asked to try again.`;
    case 'clarification_answer':
      return `${who} answered: ${job.action.text}`;
    default:
      return `${who} asked: ${job.action?.text ?? job.request.text}`;
  }
}

/** The answer beside story cards: no "story saved" note, no tables of results the stories show. */
function withoutStoryParts(outcome: TurnOutcome): TurnOutcome {
  const shown = storyQueryIds(outcome.stories);
  return { ...outcome, stories: [], tables: outcome.tables.filter((table) => !shown.has(table.queryId)) };
}

/** Nothing to say beside the story cards (the answer card would only say "Done."). */
function isEmptyAnswer(outcome: TurnOutcome): boolean {
  return (
    outcome.status === 'answered' &&
    outcome.text.trim() === '' &&
    outcome.charts.length === 0 &&
    outcome.tables.length === 0 &&
    outcome.followUps.length === 0
  );
}
