// Sends a rendered reply into its thread, in order: answer messages, chart uploads, the answer
// file, then the buttons, then a note on whatever Slack refused through every retry. When the thread's channel cannot be reached, the rest is skipped and the
// caller may tell the asker elsewhere.
import { explainSlackError } from '../outbox/slack-api-errors.js';
import { UnreachableChannelError, type SlackOutbox } from '../outbox/slack-outbox.js';
import type { RenderedReply } from '../render/render-reply.js';
import { reportUndelivered } from './report-undelivered.js';

export interface PostReplyHooks {
  /** Runs after the answer, charts and file, before the buttons (the turn's story messages). */
  beforeControls?: (() => Promise<void>) | undefined;
  /** Runs when the thread's channel cannot be posted in (not a member, archived, restricted). */
  onUnreachable?: (() => Promise<void>) | undefined;
  /** Told by direct message when parts of the reply could not be posted in the thread either. */
  askerUserId?: string | undefined;
}

export async function postSlackReply(outbox: SlackOutbox, reply: RenderedReply, hooks: PostReplyHooks = {}): Promise<void> {
  try {
    for (const message of reply.messages) await outbox.post(message);
    for (const chart of reply.charts) await outbox.upload(chart);
    if (reply.answerFile) await outbox.upload(reply.answerFile);
    await hooks.beforeControls?.();
    if (reply.controls) await outbox.post(reply.controls);
    await reportUndelivered(outbox, hooks.askerUserId);
  } catch (error) {
    if (!(error instanceof UnreachableChannelError)) throw error;
    await hooks.onUnreachable?.().catch((notifyError: unknown) => {
      outbox.logger.error(explainSlackError('tell the asker that the channel cannot be reached', notifyError), { threadId: outbox.target.threadId });
    });
  }
}
