// Versions / Re-post buttons: answered from the store, without a model turn.
import type { ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { replyTargetOf } from '../inbound/reply-target.js';
import { teamsThreadId, tenantIdOf, threadConversationIdOf } from '../inbound/teams-thread.js';
import type { RequestIdentity } from '../turns/background-work.js';
import { handleStoryClick } from './handle-story-click.js';
import { readStoryAction } from './story-actions.js';

/** Starts the click's work and returns true when the activity is a story button click. */
export function startStoryClick(context: ChannelContext, activity: InboundActivity, identity: RequestIdentity): boolean {
  const { stories, handler, logger } = context;
  const action = stories ? readStoryAction(activity.value) : undefined;
  if (!stories || !action || activity.type !== 'message' || !activity.id || !activity.replyToId) return false;
  const click = { threadId: teamsThreadId(tenantIdOf(activity), threadConversationIdOf(activity)), action, activityId: activity.id, cardActivityId: activity.replyToId };
  context.work.start(replyTargetOf(activity), identity, click.threadId, async (outbox) => {
    const result = await handleStoryClick(click, { ...stories, outbox, logger, markEventProcessed: (key) => handler.markEventProcessed(key) });
    logger.info('Teams story button handled', { threadId: click.threadId, action: action.datathread, result });
  });
  return true;
}
