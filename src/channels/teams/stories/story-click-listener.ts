// Versions / Re-post buttons: answered from the store, without a model turn.
import type { ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { replyTargetOf } from '../inbound/reply-target.js';
import { teamsThreadId, tenantIdOf, threadConversationIdOf } from '../inbound/teams-thread.js';
import type { RequestIdentity } from '../turns/background-tasks.js';
import { handleStoryClick } from './handle-story-click.js';
import { readStoryAction } from './story-actions.js';
import { clickerSubject } from '../actions/clicker-subject.js';
import { queryIdsIn, resultAccessDeniedSentence } from '../../../access/result-access.js';

/** Starts the click's work and returns true when the activity is a story button click. */
export function startStoryClick(context: ChannelContext, activity: InboundActivity, identity: RequestIdentity): boolean {
  const { stories, handler, logger } = context;
  const action = stories ? readStoryAction(activity.value) : undefined;
  if (!stories || !action || activity.type !== 'message' || !activity.id || !activity.replyToId) return false;
  const click = { threadId: teamsThreadId(tenantIdOf(activity), threadConversationIdOf(activity)), action, activityId: activity.id, cardActivityId: activity.replyToId };
  context.work.start(replyTargetOf(activity), identity, click.threadId, async (outbox) => {
    const refusalForRepost = (code: string) => repostRefusal(context, activity, click.threadId, code);
    const result = await handleStoryClick(click, { ...stories, outbox, logger, markEventProcessed: (key) => handler.markEventProcessed(key), refusalForRepost });
    logger.info('Teams story button handled', { threadId: click.threadId, action: action.datathread, result });
  });
  return true;
}

/** The first result the story names that the clicker may not read, as the sentence to answer with. */
async function repostRefusal(context: ChannelContext, activity: InboundActivity, threadId: string, code: string): Promise<string | undefined> {
  const { mayReadResult, stories } = context;
  if (!mayReadResult || !stories) return undefined;
  const clicker = await clickerSubject(context, activity);
  for (const queryId of queryIdsIn(code)) {
    const stored = await stories.store.getQueryResult(threadId, queryId);
    if (stored && !mayReadResult(clicker, stored.databaseName)) return resultAccessDeniedSentence(queryId, stored.databaseName);
  }
  return undefined;
}
