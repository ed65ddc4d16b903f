// Marks earlier messages of a story as outdated once a newer version is in the thread: each part
// becomes one short line ("… — Superseded by v3 ↓") and its metadata records by which version, so
// it is not touched again (also after a restart).
import { explainSlackError } from '../outbox/slack-api-errors.js';
import { storyMetadata, type TaggedStoryMessage } from './story-metadata.js';
import { supersededMessage } from './story-messages.js';
import type { SlackOutbox } from '../outbox/slack-outbox.js';

/** Messages of `slug` older than `version` that still show their full content. */
export function outdatedStoryMessages(messages: readonly TaggedStoryMessage[], slug: string, version: number): TaggedStoryMessage[] {
  return messages.filter((message) => message.slug === slug && message.version < version && message.supersededBy === undefined);
}

export async function supersedeStoryMessages(outbox: SlackOutbox, outdated: readonly TaggedStoryMessage[], latest: { title: string; version: number }): Promise<void> {
  for (const message of outdated) {
    const replacement = supersededMessage(latest.title, message.version, latest.version);
    await outbox
      .update(message.ts, replacement, storyMetadata({ slug: message.slug, version: message.version, part: message.part, supersededBy: latest.version }))
      .catch((error: unknown) => outbox.logger.warn(explainSlackError('mark an earlier story message as superseded', error), { threadId: outbox.target.threadId, ts: message.ts }));
  }
}
