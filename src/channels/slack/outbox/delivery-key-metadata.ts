// The delivery key (store/deliver-once.ts) on a Slack message, as message metadata, and
// the search for it: conversations.replies in a thread, conversations.history in a channel, both
// with include_all_metadata (Slack leaves metadata out otherwise). History comes newest first: the
// post a rerun looks for was made shortly before it, within the first pages.
import type { SlackWebClient } from '../types.js';

/** Slack message metadata (story messages carry their slug and version in it; posts their delivery key). */
export interface MessageMetadata {
  event_type: string;
  event_payload: Record<string, string | number | boolean>;
}

export const DELIVERY_KEY_EVENT_TYPE = 'datathread_delivery';
const PAGE_SIZE = 200;
/** Enough for any thread, and for far more channel messages than appear between a post and its rerun. */
const MAX_PAGES = 10;

export function deliveryKeyMetadata(deliveryKey: string): MessageMetadata {
  return { event_type: DELIVERY_KEY_EVENT_TYPE, event_payload: { delivery_key: deliveryKey } };
}

/** `metadata` (a story's, say) with the delivery key added to its payload; the key's own metadata when there is none. */
export function withDeliveryKey(metadata: MessageMetadata | undefined, deliveryKey: string): MessageMetadata {
  if (!metadata) return deliveryKeyMetadata(deliveryKey);
  return { event_type: metadata.event_type, event_payload: { ...metadata.event_payload, delivery_key: deliveryKey } };
}

export function deliveryKeyOf(metadata: unknown): string | undefined {
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const payload = (metadata as { event_payload?: unknown }).event_payload;
  if (typeof payload !== 'object' || payload === null) return undefined;
  const key = (payload as Record<string, unknown>).delivery_key;
  return typeof key === 'string' ? key : undefined;
}

export interface DeliveryKeySearch {
  channelId: string;
  /** Search this thread's replies; absent: the channel's own messages. */
  threadTs?: string | undefined;
  deliveryKey: string;
}

/** The ts of the message carrying the key; undefined when none does. Slack's errors are thrown. */
export async function findMessageWithDeliveryKey(client: SlackWebClient, search: DeliveryKeySearch): Promise<string | undefined> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const common = { channel: search.channelId, include_all_metadata: true, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) };
    const response = search.threadTs ? await client.conversations.replies({ ...common, ts: search.threadTs }) : await client.conversations.history(common);
    const found = (response.messages ?? []).find((message) => deliveryKeyOf(message.metadata) === search.deliveryKey);
    if (found?.ts) return found.ts;
    cursor = response.response_metadata?.next_cursor || undefined;
    if (!response.has_more || !cursor) return undefined;
  }
  return undefined;
}
