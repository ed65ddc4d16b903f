// Which conversation a reply belongs in. In a channel, a thread is the conversation id with
// `;messageid=<root post id>`; replies must be posted to that id (replyToId alone lands them at
// the channel's top level). The root post itself arrives without the suffix, so the thread id is
// built from the post's own activity id.
import type { InboundActivity } from './inbound-activity.js';

const THREAD_SUFFIX_PATTERN = /;messageid=/;

export type TeamsConversationType = 'personal' | 'groupChat' | 'channel';

export function conversationTypeOf(activity: InboundActivity): TeamsConversationType {
  const type = activity.conversation?.conversationType;
  if (type === 'channel' || type === 'groupChat') return type;
  if (type === 'personal') return 'personal';
  return activity.conversation?.isGroup ? 'groupChat' : 'personal';
}

export function tenantIdOf(activity: InboundActivity): string {
  return activity.conversation?.tenantId ?? activity.channelData?.tenant?.id ?? 'unknown-tenant';
}

/** The conversation id replies go to: for a channel root post, its thread. */
export function threadConversationIdOf(activity: InboundActivity): string {
  const conversationId = activity.conversation?.id ?? '';
  if (conversationTypeOf(activity) !== 'channel' || THREAD_SUFFIX_PATTERN.test(conversationId) || !activity.id) {
    return conversationId;
  }
  return `${conversationId};messageid=${activity.id}`;
}

export function teamsThreadId(tenantId: string, threadConversationId: string): string {
  return `teams:${tenantId}:${threadConversationId}`;
}
