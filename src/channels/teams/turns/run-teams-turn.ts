// One Teams turn, after the HTTP request has been answered, through the shared channel-turn
// lifecycle: typing while the engine works, then the reply plan as cards in the thread (story
// cards first, so the answer's buttons stay the newest message). A click also resolves the
// clicked card (buttons removed, who chose what added) as soon as the engine accepts the turn, so
// it cannot be clicked again.
import { afterStreamedAnswer, streamedAnswerStays } from '../../../conversations/reply-contents.js';
import type { TurnHandler, TurnRequest } from '../../../conversations/types.js';
import type { ChannelLogger } from '../../channel-logger.js';
import { runChannelTurn } from '../../turn-runner.js';
import { TEAMS_CHART_PLACEMENT, TEAMS_OFFERS_SCHEDULES } from '../presentation.js';
import type { AnsweredActivities } from '../actions/feedback-invoke.js';
import type { SentCardMemory } from '../actions/sent-card-memory.js';
import type { TeamsOutbox } from '../outbox/teams-outbox.js';
import { createTypingIndicator } from '../outbox/typing-indicator.js';
import type { PostLedger } from '../../../conversations/turn-jobs.js';
import { cardHasButtons, type CardActionData } from '../render/adaptive-card-types.js';
import { renderReply } from '../render/render-reply.js';
import type { HostedChartImages } from '../render/chart-image.js';
import { buildFailureCard, buildResolvedCard } from '../render/status-cards.js';
import { postTurnStories } from '../stories/post-story.js';
import { TeamsAnswerStream } from '../streaming/answer-stream.js';
import { reportUndelivered } from './report-undelivered.js';
import type { StorySource } from '../../story-source.js';
import type { StoryCardLedger } from '../stories/story-card-ledger.js';

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
  logger: ChannelLogger;
  typingIntervalMs?: number;
  /** Whether a one-to-one chat's answer is streamed (channels and group chats never are). */
  streamPersonalChats?: boolean;
  /** How often a streamed answer's text is updated in one-to-one chats (default STREAM_UPDATE_INTERVAL_MS). */
  streamUpdateIntervalMs?: number;
  /** How long one stream stays open before the answer goes on in a new one (default MAX_STREAM_MESSAGE_LIFETIME_MS). */
  maxStreamLifetimeMs?: number;
  /** Present when the channel has the store: stories are posted as cards of their own. */
  stories?: { store: StorySource; ledger: StoryCardLedger };
  /** The turn job's ledger and run: a rerun ends the streams an interrupted run left open. */
  job?: { ledger: PostLedger; attempt: number; confirmLease?: () => Promise<void> };
  /** The channel's clock (a stream rolls over when Teams' time limit nears). */
  now?: () => Date;
  /** Stored results can be downloaded: answers get CSV buttons. */
  offerCsv?: boolean;
  /** Charts are linked from the cards instead of carried inline (DATATHREAD_PUBLIC_URL set). */
  chartImages?: HostedChartImages;
  /** Present when feedback is stored: the answer's last card carries Teams' 👍/👎. */
  answeredActivities?: AnsweredActivities;
  /** Verifiers are configured: answers get a Verify button. */
  offerVerify?: boolean;
  /** Federated identity (sign-in/teams-sign-in.ts): the asker's token before the turn; a sign-in card after it when needed. */
  signIn?: {
    beforeTurn(): Promise<void>;
    onSignInRequired(databases: string[]): Promise<void>;
  };
  /** The turn job's lease check, right before each visible post. */
  confirmLease?: () => Promise<void>;
}

export async function runTeamsTurn(job: TeamsTurnJob, dependencies: TeamsTurnDependencies): Promise<void> {
  const { handler, outbox, sentCards, logger, signIn } = dependencies;
  const threadId = job.request.threadId;
  const sideEffects: Promise<void>[] = [];
  const typing = createTypingIndicator(
    () => outbox.sendTyping(),
    (error) => logger.warn('Teams typing indicator failed', { threadId, error }),
    dependencies.typingIntervalMs,
  );
  // Only one-to-one chats stream (Teams does not stream in channels and group chats).
  const now = dependencies.now;
  const stream = new TeamsAnswerStream({
    outbox,
    logger,
    threadId,
    enabled: dependencies.streamPersonalChats !== false,
    onStarted: () => typing.stop(),
    job: dependencies.job,
    ...(now ? { now: () => now().getTime() } : {}),
    ...(dependencies.streamUpdateIntervalMs ? { updateIntervalMs: dependencies.streamUpdateIntervalMs } : {}),
    ...(dependencies.maxStreamLifetimeMs ? { maxStreamLifetimeMs: dependencies.maxStreamLifetimeMs } : {}),
  });
  await runChannelTurn({ channelName: 'Teams', chartPlacement: TEAMS_CHART_PLACEMENT, offersSchedules: TEAMS_OFFERS_SCHEDULES, handler, logger, confirmLease: dependencies.confirmLease }, job.request, {
    ...(signIn ? { beforeTurn: () => signIn.beforeTurn() } : {}),
    onStart: async () => {
      typing.start();
      await stream.endInterruptedStreams();
      if (job.action && job.replyToId) sideEffects.push(resolveClickedCard(job.replyToId, job, dependencies));
    },
    onTextDelta: (delta) => stream.appendText(delta),
    onToolCallStart: (call) => stream.startTool(call),
    postReply: async (plan) => {
      const answered = dependencies.answeredActivities;
      const feedbackAnswerId = answered ? plan.feedbackAnswerId : undefined;
      // An answer (or the opening words of a question) ends its stream with the whole text as the final
      // message, which carries the AI label, the citations and 👍/👎; cards for charts, tables and
      // buttons follow it. A failed, stopped or empty turn ends the stream with what was streamed
      // and posts its cards as before.
      const plainAnswer = streamedAnswerStays(plan);
      const ended = await stream.finish(
        plainAnswer
          ? { text: plan.answer, marks: { queries: plan.controls.queries, feedbackLoop: feedbackAnswerId !== undefined } }
          : plan.sentence
            ? { whenNothingStreamed: plan.sentence.text }
            : {},
      );
      const streamedAnswer = ended.shown && plainAnswer;
      // The stream ended saying the turn's sentence: the cards after it do not say it again.
      const sentenceStreamed = ended.shown && ended.placeholderShown;
      if (streamedAnswer && ended.activityId && answered && feedbackAnswerId) {
        await answered.remember(threadId, ended.activityId, feedbackAnswerId).catch((error: unknown) => logger.error('Teams answer not remembered; feedback on it is stored without its question and SQL', { threadId, error }));
      }
      const stories = dependencies.stories && plan.stories.length > 0 ? dependencies.stories : undefined;
      if (stories) await postTurnStories(plan.threadId, plan.stories, { ...stories, outbox, logger });
      const offerVerify = dependencies.offerVerify === true;
      const renderOptions = { storiesAsCards: stories !== undefined, offerCsv: dependencies.offerCsv === true, offerVerify, sentenceShown: sentenceStreamed, ...(dependencies.chartImages ? { chartImages: dependencies.chartImages } : {}) };
      const rest = streamedAnswer ? afterStreamedAnswer(plan) : plan;
      const cards = await renderReply(rest, renderOptions);
      typing.stop();
      // The model's words carry the AI label; the last card also the query citations and 👍/👎
      // (unless the streamed final message already carries them).
      const written = rest.answer !== '';
      const cardFeedbackAnswerId = streamedAnswer ? undefined : feedbackAnswerId;
      for (const [index, card] of cards.entries()) {
        const last = index === cards.length - 1;
        const marks = written || (last && cardFeedbackAnswerId) ? { queries: last ? plan.controls.queries : [], feedbackLoop: last && cardFeedbackAnswerId !== undefined } : undefined;
        try {
          const activityId = await outbox.post(card, marks);
          if (activityId && cardHasButtons(card)) sentCards.remember(activityId, card, marks);
          if (last && activityId && answered && cardFeedbackAnswerId) {
            await answered.remember(threadId, activityId, cardFeedbackAnswerId).catch((error: unknown) => logger.error('Teams answer not remembered; feedback on it is stored without its question and SQL', { threadId, error }));
          }
        } catch (error) {
          // Retries are exhausted: keep posting the rest, then say what is missing.
          logger.error('Teams refused a card of the answer after every retry.', { threadId, error });
          outbox.undelivered.push('a part of the answer');
        }
      }
      await reportUndelivered(outbox, logger, threadId);
    },
    ...(signIn ? { promptSignIn: (plan) => signIn.onSignInRequired(plan.signInRequired) } : {}),
    postInterrupted: async (sentence) => {
      typing.stop();
      // An open stream that showed nothing ends with the sentence itself; otherwise a card says it.
      if (await stream.abandon(sentence)) return;
      await outbox.post(buildFailureCard({ kind: 'internal', message: sentence, retryable: false }));
    },
    finish: async () => {
      // A turn that broke before its reply still ends its stream (Teams would show it unfinished).
      await stream.abandon();
      typing.stop();
      await Promise.allSettled(sideEffects);
    },
  });
}

async function resolveClickedCard(replyToId: string, job: TeamsTurnJob, dependencies: TeamsTurnDependencies): Promise<void> {
  const card = dependencies.sentCards.take(replyToId);
  if (!card) {
    dependencies.logger.info('Clicked Teams card is not in memory (sent before a restart?); leaving it unchanged', { replyToId });
    return;
  }
  try {
    await dependencies.outbox.update(replyToId, buildResolvedCard(card, describeChoice(job)));
  } catch (error) {
    dependencies.logger.warn('Teams card update failed', { replyToId, error });
  }
}

function describeChoice(job: Pick<TeamsTurnJob, 'action' | 'request'>): string {
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

