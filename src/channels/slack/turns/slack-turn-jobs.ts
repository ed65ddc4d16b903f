// Slack's side of durable turns: what a job keeps to answer in its thread from any process (the
// reply target and the line announcing a clicked suggestion; never a token), and the executor the
// queue calls with a claimed job. The asker's profile is looked up when the job runs, so the
// platform is answered without waiting for users.info.
import { z } from 'zod';
import type { TurnJobExecutor, TurnJobRun } from '../../../conversations/turn-jobs.js';
import { TURN_SENTENCES } from '../../../conversations/standard-sentences.js';
import type { ChannelContext } from '../channel-context.js';
import { sectionBlock } from '../render/answer-blocks.js';
import { contextBlock } from '../render/interactive-blocks.js';
import { SlackOutbox } from '../outbox/slack-outbox.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import { WORKING_POST_KEY } from '../outbox/working-indicator.js';
import type { ReplyTarget } from '../types.js';
import { runSlackTurn } from './run-slack-turn.js';

export interface SlackTurnReply {
  target: ReplyTarget;
  /** Posted in the thread when the turn starts (a clicked follow-up, a resumed question). */
  announcement?: string;
  /** Announcements as a context line rather than a section. */
  announcementStyle?: 'section' | 'context';
}

/** A stored job's Slack reply target, read back when the job is claimed (a job can outlive a release). */
export const slackTurnReplySchema: z.ZodType<SlackTurnReply> = z.object({
  target: z.object({
    threadId: z.string().min(1),
    teamId: z.string(),
    channelId: z.string().min(1),
    threadTs: z.string().min(1),
    isDirectMessage: z.boolean(),
    askerTeamId: z.string().optional(),
  }),
  announcement: z.string().optional(),
  announcementStyle: z.enum(['section', 'context']).optional(),
});

export function createSlackTurnExecutor(context: ChannelContext): TurnJobExecutor<SlackTurnReply> {
  return {
    replySchema: slackTurnReplySchema,
    async run(job) {
      const reply = job.reply;
      const actor = await context.users.lookUp(job.request.actor.userId);
      const { announcement } = reply;
      const announcementBlock = reply.announcementStyle === 'context' ? contextBlock : sectionBlock;
      await runSlackTurn(context, { ...job.request, actor }, reply.target, {
        ...(announcement ? { beforeWork: async (outbox) => void (await outbox.post({ text: announcement, blocks: [announcementBlock(announcement)] })) } : {}),
        job,
      });
    },
    async giveUp(job) {
      await tellUnanswered(context, job, TURN_SENTENCES.givenUp, 'tell the thread that a question was given up');
    },
    async refuse(job) {
      await tellUnanswered(context, job, TURN_SENTENCES.interrupted, 'tell the thread that a queued question could not be read');
    },
  };
}

/** Posts why the question gets no answer; the job's stale working message (if any) becomes the notice. */
async function tellUnanswered(context: ChannelContext, job: Pick<TurnJobRun<SlackTurnReply>, 'reply' | 'ledger'>, sentence: string, purpose: string): Promise<void> {
  const { target } = job.reply;
  const outbox = new SlackOutbox(context.client, target, context.logger, undefined, context.postRetry);
  const text = `:warning: ${sentence}`;
  const working = job.ledger.get(WORKING_POST_KEY);
  try {
    // The stale working message becomes the notice, so no Stop button is left behind.
    if (working) await outbox.update(working, { text, blocks: [sectionBlock(text)] });
    else await outbox.post({ text, blocks: [sectionBlock(text)] });
  } catch (error) {
    context.logger.error(explainSlackError(purpose, error), { threadId: target.threadId });
  }
}
