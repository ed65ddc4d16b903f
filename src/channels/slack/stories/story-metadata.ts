// Which message of a thread shows which story version, kept on the messages themselves: every part
// of a posted story carries message metadata (`datathread_story`: slug, version, part), and a
// superseded part also says by which version. Reading the thread back (conversations.replies with
// metadata) recovers that after a restart, with no extra table in the store.
import { explainSlackError } from '../outbox/slack-api-errors.js';
import type { MessageMetadata, SlackOutbox } from '../outbox/slack-outbox.js';

export const STORY_EVENT_TYPE = 'datathread_story';
const REPLIES_PAGE_SIZE = 200;
/** A thread has at most a few thousand replies; stop paging well after that. */
const MAX_REPLY_PAGES = 25;

export interface StoryMessageTag {
  slug: string;
  version: number;
  /** 1 for the message with the header; continuation messages count on. */
  part: number;
  supersededBy?: number;
}

export interface TaggedStoryMessage extends StoryMessageTag {
  ts: string;
}

export function storyMetadata(tag: StoryMessageTag): MessageMetadata {
  const payload: Record<string, string | number> = { slug: tag.slug, version: tag.version, part: tag.part };
  if (tag.supersededBy !== undefined) payload.superseded_by = tag.supersededBy;
  return { event_type: STORY_EVENT_TYPE, event_payload: payload };
}

export function readStoryTag(metadata: unknown): StoryMessageTag | undefined {
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const { event_type: eventType, event_payload: payload } = metadata as { event_type?: unknown; event_payload?: Record<string, unknown> };
  if (eventType !== STORY_EVENT_TYPE || typeof payload !== 'object' || payload === null) return undefined;
  const { slug, version, part, superseded_by: supersededBy } = payload;
  if (typeof slug !== 'string' || typeof version !== 'number') return undefined;
  return { slug, version, part: typeof part === 'number' ? part : 1, ...(typeof supersededBy === 'number' ? { supersededBy } : {}) };
}

/** Story messages of the thread, oldest first. A failed read is logged and yields what was read. */
export async function findStoryMessages(outbox: SlackOutbox): Promise<TaggedStoryMessage[]> {
  const { client, target, logger } = outbox;
  const found: TaggedStoryMessage[] = [];
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MAX_REPLY_PAGES; page += 1) {
      const response = await client.conversations.replies({
        channel: target.channelId,
        ts: target.threadTs,
        include_all_metadata: true,
        limit: REPLIES_PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      });
      for (const message of response.messages ?? []) {
        const tag = readStoryTag(message.metadata);
        if (tag && message.ts) found.push({ ...tag, ts: message.ts });
      }
      cursor = response.response_metadata?.next_cursor || undefined;
      if (!response.has_more || !cursor) break;
    }
  } catch (error) {
    logger.warn(explainSlackError('read the thread to find earlier story messages', error), { threadId: target.threadId });
  }
  return found;
}
