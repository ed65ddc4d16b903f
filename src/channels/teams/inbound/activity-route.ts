// POST /api/messages, authenticated by the Agents SDK (JWT middleware) when app credentials are
// set. The request is answered once the activity is persisted as a turn job; the turn runs afterwards.
// An activity that cannot be stored is answered 503 (so the Bot Framework may deliver it again) and,
// since Teams says nothing about redeliveries, the thread is told at once that it was not taken.
import express, { type Express, type Request, type Response } from 'express';
import { answerCardExecuteInvoke, isCardExecuteInvoke } from '../actions/card-execute-invoke.js';
import { startCsvClick } from '../actions/csv-click.js';
import { startMemoryClick } from '../actions/memory-click.js';
import { startScheduleConfirmationClick } from '../schedules/schedule-confirmation-click.js';
import { startVerifyClick } from '../actions/verify-click.js';
import { startScheduleManageClick } from '../schedules/schedule-manage-clicks.js';
import { answerFeedbackInvoke, isFeedbackInvoke } from '../actions/feedback-invoke.js';
import { runThreadCommand } from '../actions/thread-commands.js';
import type { ChannelContext } from '../channel-context.js';
import { userTokenClientOf } from '../channel-context.js';
import { answerSignIn } from '../sign-in/answer-sign-in.js';
import { isSignInInvoke } from '../sign-in/sso-token-exchange.js';
import { startStoryClick } from '../stories/story-click-listener.js';
import { submitTeamsTurn } from '../turns/teams-turn-jobs.js';
import { readInboundActivity } from './inbound-activity.js';
import { replyTargetOf } from './reply-target.js';
import { routeActivity } from './route-activity.js';
import { TURN_SENTENCES } from '../../../conversations/standard-sentences.js';
import { buildFailureCard } from '../render/status-cards.js';
import type { RequestIdentity } from '../turns/background-tasks.js';
import type { ReplyTarget } from '../types.js';

export const TEAMS_MESSAGES_PATH = '/api/messages';

export interface ActivityRoute {
  /** From now on, activities are refused with 503 (Teams redelivers them). */
  refuseNew(): void;
}

export function registerActivityRoute(app: Express, context: ChannelContext): ActivityRoute {
  const { adapter, handler, logger } = context;
  let stopping = false;

  const receive = async (request: Request, response: Response) => {
    if (stopping) {
      response.status(503).json({ error: 'datathread is shutting down; Teams will redeliver the activity.' });
      return;
    }
    const activity = readInboundActivity(request.body);
    await adapter.process(request, response, async (turnContext) => {
      if (isSignInInvoke(activity)) return answerSignIn(context, activity, turnContext);
      if (isFeedbackInvoke(activity)) return answerFeedbackInvoke(context.feedback, logger, activity, turnContext);
      if (isCardExecuteInvoke(activity)) return answerCardExecuteInvoke(turnContext);
      if (startStoryClick(context, activity, turnContext.identity)) return;
      if (startCsvClick(context, activity, turnContext.identity)) return;
      if (startMemoryClick(context, activity, turnContext.identity)) return;
      if (startScheduleConfirmationClick(context, activity, turnContext.identity)) return;
      if (startVerifyClick(context, activity, turnContext.identity)) return;
      if (startScheduleManageClick(context, activity, turnContext.identity)) return;
      const decision = await routeActivity(activity, handler).catch((error: unknown) => notTaken(error));
      if (decision.kind === 'not_taken') {
        tellNotTaken(context, replyTargetOf(activity), turnContext.identity, decision.error, response);
        return;
      }
      if (decision.kind === 'ignore') {
        logger.info('Teams activity ignored', { reason: decision.reason, activityId: activity.id });
        return;
      }
      if (decision.kind === 'command') {
        const target = replyTargetOf(activity);
        const { command, threadId } = decision;
        context.work.start(target, turnContext.identity, threadId, (outbox, laterContext) =>
          runThreadCommand(command, threadId, target, { handler, turns: context.turns, outbox, logger, signIn: context.signIn, tokenClient: userTokenClientOf(context, laterContext) }),
        );
        return;
      }
      // The context is revoked when this callback returns: keep only what the later turn needs.
      const job = { request: decision.request, ...(decision.action ? { action: decision.action } : {}), ...(activity.replyToId ? { replyToId: activity.replyToId } : {}) };
      const target = replyTargetOf(activity);
      await submitTeamsTurn(context, target, job, turnContext.identity).catch((error: unknown) => tellNotTaken(context, target, turnContext.identity, error, response));
    });
  };

  const notTaken = (error: unknown) => ({ kind: 'not_taken' as const, error });

  app.post(
    TEAMS_MESSAGES_PATH,
    express.json({ limit: '1mb' }),
    (request, response, next) => {
      adapter.authorizeRequest(request, response, next).catch(next);
    },
    (request, response, next) => {
      receive(request, response).catch((error: unknown) => {
        logger.error('Teams activity rejected', { error });
        if (!response.headersSent) response.status(400).json({ error: 'Not a valid Bot Framework activity.' });
        else next(error);
      });
    },
  );
  return {
    refuseNew() {
      stopping = true;
    },
  };
}

/** The activity was not stored: 503 (the SDK then leaves the response alone) and the notice in its thread. */
function tellNotTaken(context: ChannelContext, target: ReplyTarget, identity: RequestIdentity, error: unknown, response: Response): void {
  context.logger.error('A Teams activity could not be stored as a turn job; answered 503 and told the thread to ask again.', { threadId: target.conversation.id, error });
  if (!response.headersSent) response.status(503).json({ error: 'The activity could not be stored; deliver it again later.' });
  context.work.start(target, identity, target.conversation.id, async (outbox) => {
    await outbox.post(buildFailureCard({ kind: 'internal', message: TURN_SENTENCES.notTaken, retryable: false }));
  });
}
