// When parts of a reply could not be posted after every retry, the asker hears about it: first in
// the thread, and when Slack refuses that too, in a direct message. The operator reads each failure
// in the log (SlackOutbox logged it when it happened).
import { explainSlackError } from '../outbox/slack-api-errors.js';
import type { SlackOutbox } from '../outbox/slack-outbox.js';
import { retrySlackCall } from '../outbox/post-retry.js';
import { sectionBlock } from '../render/answer-blocks.js';

export function undeliveredSentence(parts: readonly string[], channelId: string | undefined): string {
  const where = channelId ? ` in <#${channelId}>` : '';
  return `:warning: Slack kept refusing my posts${where}, so ${parts.join(', ')} could not be delivered. Ask me again in a minute to get the full answer.`;
}

export async function reportUndelivered(outbox: SlackOutbox, askerUserId: string | undefined): Promise<void> {
  const parts = [...new Set(outbox.undelivered)];
  if (parts.length === 0) return;
  const threadText = undeliveredSentence(parts, undefined);
  try {
    await outbox.postAs({ text: threadText, blocks: [sectionBlock(threadText)] });
    return;
  } catch (error) {
    outbox.logger.error(explainSlackError('tell the asker that parts of the answer were not delivered', error), { threadId: outbox.target.threadId });
  }
  if (!askerUserId || outbox.target.isDirectMessage) return;
  const directText = undeliveredSentence(parts, outbox.target.channelId);
  try {
    await retrySlackCall(() => outbox.client.chat.postMessage({ channel: askerUserId, text: directText, blocks: [sectionBlock(directText)] }), outbox.retryPolicy, outbox.logger, 'send a direct message');
  } catch (error) {
    outbox.logger.error(explainSlackError('tell the asker by direct message that parts of the answer were not delivered', error), { threadId: outbox.target.threadId });
  }
}
