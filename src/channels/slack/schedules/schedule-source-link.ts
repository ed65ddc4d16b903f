// The link a schedule's posts carry back to the thread it was made in: Slack's permalink of the
// thread's root message (chat.getPermalink), asked for when the proposal is confirmed. A link is a
// convenience: when Slack gives none (message deleted, bot removed), the schedule is saved without
// one and the reason is logged. Mirrors teams/schedules/schedule-source-link.ts.
import type { ChannelContext } from '../channel-context.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import type { ReplyTarget } from '../types.js';

export async function scheduleSourceLink(context: Pick<ChannelContext, 'client' | 'logger'>, thread: Pick<ReplyTarget, 'channelId' | 'threadTs'>): Promise<string | undefined> {
  try {
    const answer = await context.client.chat.getPermalink({ channel: thread.channelId, message_ts: thread.threadTs });
    return answer.permalink;
  } catch (error) {
    context.logger.warn(explainSlackError('link the schedule to the thread it was made in (it is saved without the link)', error), { channelId: thread.channelId, threadTs: thread.threadTs });
    return undefined;
  }
}
