// Where the replies to an inbound activity go: its thread's conversation, the bot and the asker.
// Only these fields are kept, because the activity's context is revoked once the request is answered.
import type { ReplyTarget } from '../types.js';
import type { InboundActivity } from './inbound-activity.js';
import { threadConversationIdOf } from './teams-thread.js';

export function replyTargetOf(activity: InboundActivity): ReplyTarget {
  const conversation = activity.conversation ?? {};
  return {
    channelId: activity.channelId ?? 'msteams',
    serviceUrl: activity.serviceUrl ?? '',
    conversation: {
      id: threadConversationIdOf(activity),
      ...(conversation.conversationType ? { conversationType: conversation.conversationType } : {}),
      ...(conversation.tenantId ? { tenantId: conversation.tenantId } : {}),
      ...(conversation.isGroup !== undefined ? { isGroup: conversation.isGroup } : {}),
    },
    bot: { ...(activity.recipient?.id ? { id: activity.recipient.id } : {}), ...(activity.recipient?.name ? { name: activity.recipient.name } : {}) },
    user: {
      ...(activity.from?.id ? { id: activity.from.id } : {}),
      ...(activity.from?.name ? { name: activity.from.name } : {}),
      ...(activity.from?.aadObjectId ? { aadObjectId: activity.from.aadObjectId } : {}),
    },
  };
}
