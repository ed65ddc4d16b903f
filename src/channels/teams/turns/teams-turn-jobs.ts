// Accepting one Teams turn: while the activity's request is still open, the turn becomes a job
// (turn-queue.ts) holding the conversation reference and the claims continueConversation needs
// (never a token). The executor runs a claimed job, in this process or another replica: the
// shared lifecycle in run-teams-turn.ts, with the asker's token prepared before and the sign-in
// card after when needed.
import { z } from 'zod';
import type { TurnJobExecutor, TurnJobRun } from '../../../conversations/turn-jobs.js';
import { TURN_SENTENCES } from '../../../conversations/standard-sentences.js';
import type { ChannelContext } from '../channel-context.js';
import { userTokenClientOf } from '../channel-context.js';
import type { CardActionData } from '../render/adaptive-card-types.js';
import { buildFailureCard } from '../render/status-cards.js';
import type { ReplyTarget } from '../types.js';
import type { RequestIdentity } from './background-tasks.js';
import { runTeamsTurn, type TeamsTurnJob } from './run-teams-turn.js';

export interface TeamsTurnReply {
  target: ReplyTarget;
  /** The claims of the request that accepted the turn (continueConversation needs them). */
  identity: RequestIdentity;
  action?: CardActionData;
  /** The card a click came from. */
  replyToId?: string;
}

/** A stored job's Teams reply target, read back when the job is claimed (a job can outlive a release). */
export const teamsTurnReplySchema: z.ZodType<TeamsTurnReply> = z.object({
  // The conversation reference keeps whatever else the activity carried: continueConversation sends it back.
  target: z.object({
    channelId: z.string().min(1),
    serviceUrl: z.string().min(1),
    conversation: z.looseObject({ id: z.string().min(1), conversationType: z.string().optional(), tenantId: z.string().optional(), isGroup: z.boolean().optional() }),
    bot: z.looseObject({ id: z.string().optional(), name: z.string().optional() }),
    user: z.looseObject({ id: z.string().optional(), name: z.string().optional(), aadObjectId: z.string().optional() }),
  }),
  // The request's token claims (never the token itself); the SDK reads the audience and app ids from them.
  identity: z.looseObject({ aud: z.union([z.string(), z.array(z.string())]).optional(), iss: z.string().optional(), sub: z.string().optional() }),
  action: z.object({ datathread: z.enum(['follow_up', 'clarification_answer', 'retry']), text: z.string(), index: z.number() }).optional(),
  replyToId: z.string().optional(),
});

export async function submitTeamsTurn(context: ChannelContext, target: ReplyTarget, job: TeamsTurnJob, identity: RequestIdentity): Promise<boolean> {
  const reply: TeamsTurnReply = { target, identity, ...(job.action ? { action: job.action } : {}), ...(job.replyToId ? { replyToId: job.replyToId } : {}) };
  return context.turns.submit(job.request, reply);
}

export function createTeamsTurnExecutor(context: ChannelContext): TurnJobExecutor<TeamsTurnReply> {
  return {
    replySchema: teamsTurnReplySchema,
    run: (job) => runTeamsTurnJob(context, job),
    giveUp: (job) => tellUnanswered(context, job.reply, job.request.threadId, TURN_SENTENCES.givenUp),
    refuse: (job) => tellUnanswered(context, job.reply, job.threadId, TURN_SENTENCES.interrupted),
  };
}

/** Posts why the question gets no answer, as a failure card without Retry. */
async function tellUnanswered(context: ChannelContext, reply: TeamsTurnReply, threadId: string, sentence: string): Promise<void> {
  await context.work.run(reply.target, reply.identity, threadId, async (outbox) => {
    await outbox.post(buildFailureCard({ kind: 'internal', message: sentence, retryable: false }));
  });
}

function runTeamsTurnJob(context: ChannelContext, job: TurnJobRun<TeamsTurnReply>): Promise<void> {
  const { signIn } = context;
  const reply = job.reply;
  const { target } = reply;
  const turn: TeamsTurnJob = { request: job.request, ...(reply.action ? { action: reply.action } : {}), ...(reply.replyToId ? { replyToId: reply.replyToId } : {}) };
  return context.work.run(
    target,
    reply.identity,
    job.request.threadId,
    (outbox, turnContext) =>
      runTeamsTurn(turn, {
        handler: context.handler,
        outbox,
        sentCards: context.sentCards,
        logger: context.logger,
        confirmLease: job.confirmLease,
        ...(context.typingIntervalMs ? { typingIntervalMs: context.typingIntervalMs } : {}),
        ...(context.streamUpdateIntervalMs ? { streamUpdateIntervalMs: context.streamUpdateIntervalMs } : {}),
        ...(context.maxStreamLifetimeMs ? { maxStreamLifetimeMs: context.maxStreamLifetimeMs } : {}),
        streamPersonalChats: context.streamPersonalChats,
        job: { ledger: job.ledger, attempt: job.attempt, confirmLease: job.confirmLease },
        now: context.now,
        ...(context.stories ? { stories: context.stories } : {}),
        ...(context.feedback ? { answeredActivities: context.feedback.activities } : {}),
        ...(context.csv ? { offerCsv: true } : {}),
        ...(context.verification?.offered ? { offerVerify: true } : {}),
        ...(context.chartImages ? { chartImages: context.chartImages } : {}),
        ...(signIn
          ? {
              signIn: {
                beforeTurn: () => signIn.prepareTurn(userTokenClientOf(context, turnContext), target),
                onSignInRequired: (databases) => signIn.requestSignIn(userTokenClientOf(context, turnContext), outbox, job.request, target, databases),
              },
            }
          : {}),
      }),
    job.ledger,
  );
}
