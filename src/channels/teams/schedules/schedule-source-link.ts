// The link a schedule's posts carry back to the thread it was made in, in Teams' documented deep-link
// forms, built from the conversation the Confirm click came from (the proposal card sits in that
// thread). A channel thread: `https://teams.microsoft.com/l/message/<channelId>/<rootId>?tenantId=…&groupId=…&parentMessageId=<rootId>`
// (groupId, the team's Microsoft 365 group, where the activity names it). A group chat has no
// threads: the chat's deep link, `https://teams.microsoft.com/l/chat/<chatId>/conversations`. A
// personal chat gets none: the bot sees it under a Bot Framework id (`a:…`), not the chat id a deep
// link needs, and its posts land in that same chat anyway. Undefined, too, without a conversation id.
// Mirrors slack/schedules/schedule-source-link.ts.
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { conversationTypeOf, threadConversationIdOf } from '../inbound/teams-thread.js';

const TEAMS_DEEP_LINK_ORIGIN = 'https://teams.microsoft.com';

/** A channel thread's conversation id: `<channelId>;messageid=<root post id>`. */
const CHANNEL_THREAD_PATTERN = /^([^;]+);messageid=([^;]+)$/;

export function scheduleSourceLink(activity: InboundActivity): string | undefined {
  const conversationId = threadConversationIdOf(activity);
  if (conversationId === '') return undefined;
  const tenantId = activity.conversation?.tenantId ?? activity.channelData?.tenant?.id;
  const conversationType = conversationTypeOf(activity);
  if (conversationType === 'personal') return undefined;
  if (conversationType === 'groupChat') {
    const query = new URLSearchParams({ ...(tenantId ? { tenantId } : {}), context: JSON.stringify({ contextType: 'chat' }) });
    return `${TEAMS_DEEP_LINK_ORIGIN}/l/chat/${encodeURIComponent(conversationId)}/conversations?${query.toString()}`;
  }
  const thread = CHANNEL_THREAD_PATTERN.exec(conversationId);
  if (!thread) return undefined;
  const [, channelId = '', rootId = ''] = thread;
  const groupId = activity.channelData?.team?.aadGroupId;
  const query = new URLSearchParams({ ...(tenantId ? { tenantId } : {}), ...(groupId ? { groupId } : {}), parentMessageId: rootId });
  return `${TEAMS_DEEP_LINK_ORIGIN}/l/message/${encodeURIComponent(channelId)}/${encodeURIComponent(rootId)}?${query.toString()}`;
}
