// A button's value names the thread it acts on; the click must come from that thread's channel.
// A forged or copied value naming another channel's thread would otherwise run with that thread's
// history and stored results, so such a click is acknowledged, refused with a sentence to the
// clicker, logged, and goes no further. readButtonClick refuses the same clicks as a second line.
import type { App } from '@slack/bolt';
import type { ChannelContext } from '../channel-context.js';
import { parseSlackThreadId } from '../inbound/thread-id.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import { decodeButtonValue } from './action-ids.js';

export const FOREIGN_THREAD_TEXT = 'This button belongs to a conversation in another channel, so I did not run it. Ask your question here and I will answer in this channel.';

interface ClickBody {
  type?: unknown;
  user?: { id?: string };
  channel?: { id?: string };
  container?: { channel_id?: string; thread_ts?: string; message_ts?: string };
  actions?: Array<{ value?: string; action_id?: string }>;
}

/** The channel of the thread the button names, when it differs from the channel the click came from. */
export function foreignThreadChannel(body: ClickBody): string | undefined {
  if (body.type !== 'block_actions') return undefined;
  const value = decodeButtonValue(body.actions?.[0]?.value);
  const address = value ? parseSlackThreadId(value.thread) : undefined;
  const clickedIn = body.channel?.id ?? body.container?.channel_id;
  if (!address || !clickedIn || address.channelId === clickedIn) return undefined;
  return address.channelId;
}

export function registerForeignThreadGuard(app: App, context: ChannelContext): void {
  app.use(async (args) => {
    const body = args.body as ClickBody;
    const namedChannel = foreignThreadChannel(body);
    if (namedChannel === undefined) return args.next();
    const ack = (args as { ack?: () => Promise<void> }).ack;
    await ack?.();
    const userId = body.user?.id;
    const channelId = body.channel?.id ?? body.container?.channel_id;
    context.logger.warn('Refused a button click whose value names a thread of another channel.', { userId, clickedIn: channelId, namedChannel, actionId: body.actions?.[0]?.action_id });
    if (!userId || !channelId) return;
    const threadTs = body.container?.thread_ts;
    await context.client.chat
      .postEphemeral({ channel: channelId, user: userId, text: FOREIGN_THREAD_TEXT, ...(threadTs ? { thread_ts: threadTs } : {}) })
      .catch((error: unknown) => context.logger.warn(explainSlackError('refuse a button from another channel', error)));
  });
}
