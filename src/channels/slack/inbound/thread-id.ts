// Platform-prefixed thread ids: `slack:<team>:<channel>:<thread root ts>`. The root ts is the ts of
// the message that started the thread, so every reply of a thread maps to the same conversation.

export interface SlackThreadAddress {
  teamId: string;
  channelId: string;
  /** The ts of the thread's root message. */
  threadTs: string;
}

const THREAD_ID_PREFIX = 'slack:';

export function buildSlackThreadId(address: SlackThreadAddress): string {
  return `${THREAD_ID_PREFIX}${address.teamId}:${address.channelId}:${address.threadTs}`;
}

/** Returns undefined for ids that are not Slack thread ids (a Teams or console id, a typo). */
export function parseSlackThreadId(threadId: string): SlackThreadAddress | undefined {
  if (!threadId.startsWith(THREAD_ID_PREFIX)) return undefined;
  const [teamId, channelId, threadTs, ...rest] = threadId.slice(THREAD_ID_PREFIX.length).split(':');
  if (!teamId || !channelId || !threadTs || rest.length > 0) return undefined;
  return { teamId, channelId, threadTs };
}
