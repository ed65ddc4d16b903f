// `app_mention` and `message` events → turns. Bolt has acked the HTTP request before a listener
// runs; the listener only hands the work to the background and returns. A mention starts (or
// joins) a thread, a DM always counts, and other thread replies count when the bot is in them.
// With federated identity, an addressed `unlink` forgets the sender's Microsoft account instead.
import type { App } from '@slack/bolt';
import { answerUnlinkCommand, isUnlinkCommand } from '../sign-in/account-linking-listeners.js';
import { sectionBlock } from '../render/answer-blocks.js';
import { eventKeyForDelivery, eventKeyForPost, outboxFor, type ChannelContext } from '../channel-context.js';
import { buildSlackTurnRequest } from './turn-request.js';
import { readInboundMessage, type InboundMessage, type SlackMessageEvent } from './inbound-message.js';
import { runSlackTurn } from '../turns/run-slack-turn.js';

export const EMPTY_MENTION_TEXT = 'Hi! Ask me a question about your data in this thread, for example: _How many orders did we ship last week?_';

interface EventEnvelope {
  event_id?: string;
  team_id?: string;
}

export function registerEventListeners(app: App, context: ChannelContext): void {
  app.event('app_mention', async ({ event, body }) => {
    receive(context, event as unknown as SlackMessageEvent, body as EventEnvelope);
  });
  app.event('message', async ({ event, body }) => {
    receive(context, event as unknown as SlackMessageEvent, body as EventEnvelope);
  });
}

function receive(context: ChannelContext, event: SlackMessageEvent, envelope: EventEnvelope): void {
  const teamId = envelope.team_id ?? context.bot.teamId;
  const reading = readInboundMessage(event, teamId, context.bot);
  if (reading.kind === 'ignored') return;
  const { message } = reading;
  const eventKey = eventKeyForDelivery(envelope.event_id ?? `${event.channel}:${event.ts}:${event.type}`);
  context.tasks.run('message', () => answer(context, message, eventKey));
}

async function answer(context: ChannelContext, message: InboundMessage, eventKey: string): Promise<void> {
  const { target } = message;
  const postKey = eventKeyForPost(target.channelId, message.messageTs);
  const addressed = message.mentioned || target.isDirectMessage || (message.isThreadReply && (await context.handler.isKnownThread(target.threadId)));
  if (!addressed) return;
  if (context.identity && isUnlinkCommand(message.text)) {
    await answerUnlinkCommand(context, message, [eventKey, postKey]);
    return;
  }
  if (message.text === '') {
    // Nothing to ask the model; still record both keys so the twin event stays quiet.
    const firstDelivery = await context.handler.markEventProcessed(eventKey, postKey);
    if (firstDelivery) await outboxFor(context, target).post({ text: EMPTY_MENTION_TEXT, blocks: [sectionBlock(EMPTY_MENTION_TEXT)] });
    return;
  }
  const actor = await context.users.lookUp(message.userId);
  await runSlackTurn(context, buildSlackTurnRequest({ target, actor, text: message.text, kind: 'message', eventKey, extraEventKeys: [postKey] }), target);
}
