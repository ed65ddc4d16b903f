// When cards of a reply could not be posted after every retry, the thread hears about it in one
// failure card; the operator reads each failure in the log. When Teams refuses that card too, the
// log line is all that is left (the connector offers no other way to reach the asker).
import type { ChannelLogger } from '../../channel-logger.js';
import type { TeamsOutbox } from '../outbox/teams-outbox.js';
import { buildFailureCard } from '../render/status-cards.js';

export function undeliveredSentence(parts: readonly string[]): string {
  return `Teams kept refusing my posts, so ${parts.join(', ')} could not be delivered. Ask me again in a minute to get the full answer.`;
}

export async function reportUndelivered(outbox: TeamsOutbox, logger: ChannelLogger, threadId: string): Promise<void> {
  const parts = [...new Set(outbox.undelivered)];
  if (parts.length === 0) return;
  try {
    await outbox.post(buildFailureCard({ kind: 'internal', message: undeliveredSentence(parts), retryable: false }));
  } catch (error) {
    logger.error('Teams refused the card telling the thread that parts of the answer were not delivered.', { threadId, error });
  }
}
