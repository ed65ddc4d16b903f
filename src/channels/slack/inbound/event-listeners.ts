// `app_mention` and `message` events → turn jobs. Slack is answered when the listener returns, after
// the job is persisted (turn-queue.ts): the turn itself runs later, in any replica. A mention starts (or
// joins) a thread, a DM always counts, and other thread replies count when the bot is in them.
// With federated identity, an addressed `unlink` forgets the sender's Microsoft account instead.
// An event that cannot be stored is not acknowledged (Slack gets a 500 and delivers it again), except
// on Slack's last retry, or in Socket Mode where Bolt acknowledged it before the listener ran: then
// nothing would ever answer, so the thread is told to ask again.
import type { App } from '@slack/bolt';
import { answerUnlinkCommand, isUnlinkCommand } from '../sign-in/account-linking-listeners.js';
import { sectionBlock } from '../render/answer-blocks.js';
import { eventKeyForDelivery, eventKeyForPost, outboxFor, type ChannelContext } from '../channel-context.js';
import { buildSlackTurnRequest } from './turn-request.js';
import { readInboundMessage, type InboundMessage, type SlackMessageEvent } from './inbound-message.js';
import { titleAssistantThread } from './assistant-listeners.js';
import type { SlackTurnReply } from '../turns/slack-turn-jobs.js';
import { TURN_SENTENCES } from '../../../conversations/standard-sentences.js';
import { EventNotAcceptedError } from '../../event-not-accepted.js';
import { RecentKeys } from '../../recent-keys.js';
import { errorMessage } from '../../../support/errors.js';

export const EMPTY_MENTION_TEXT = 'Hi! Ask me a question about your data in this thread, for example: _How many orders did we ship last week?_';

/** Slack retries a failed event three times (x-slack-retry-num 1, 2, 3); after the third it stops. */
export const SLACK_LAST_RETRY_NUM = 3;

/** A question told "not taken" is not told again by its twin event (app_mention + message). */
const NOT_TAKEN_MEMORY = 1_000;

interface EventEnvelope {
  event_id?: string;
  team_id?: string;
  /** The workspace(s) that installed the app and receive this event. */
  authorizations?: Array<{ team_id?: string }>;
}

interface Intake {
  /** Socket Mode: Bolt acknowledged the event before the listener ran, so Slack will not redeliver it. */
  acknowledgedEarly: boolean;
  toldNotTaken: RecentKeys;
}

export function registerEventListeners(app: App, context: ChannelContext, options: { socketMode: boolean }): void {
  const intake: Intake = { acknowledgedEarly: options.socketMode, toldNotTaken: new RecentKeys(NOT_TAKEN_MEMORY) };
  app.event('app_mention', async ({ event, body, context: delivery }) => {
    await receive(context, event as unknown as SlackMessageEvent, body as EventEnvelope, delivery.retryNum, intake);
  });
  app.event('message', async ({ event, body, context: delivery }) => {
    await receive(context, event as unknown as SlackMessageEvent, body as EventEnvelope, delivery.retryNum, intake);
  });
}

async function receive(context: ChannelContext, event: SlackMessageEvent, envelope: EventEnvelope, retryNum: number | undefined, intake: Intake): Promise<void> {
  // Threads are keyed by the installing workspace. In a Slack Connect channel the envelope's team_id
  // is the workspace of whoever wrote, so the same thread would get another id per organisation.
  const teamId = envelope.authorizations?.[0]?.team_id ?? context.bot.teamId;
  const reading = readInboundMessage(event, teamId, context.bot);
  if (reading.kind === 'ignored') return;
  const { message } = reading;
  const eventKey = eventKeyForDelivery(envelope.event_id ?? `${event.channel}:${event.ts}:${event.type}`);
  try {
    await accept(context, message, eventKey);
  } catch (error) {
    if (!intake.acknowledgedEarly && (retryNum ?? 0) < SLACK_LAST_RETRY_NUM) {
      // Bolt answers 500 for this error (attach-slack-channel.ts): Slack delivers the event again.
      throw new EventNotAcceptedError(`A Slack event could not be stored as a turn job; Slack is answered with an error and delivers it again. ${errorMessage(error)}`, { cause: error });
    }
    context.logger.error('A Slack event could not be stored on its last delivery; the thread is told to ask again.', { threadId: message.target.threadId, error });
    if (!intake.toldNotTaken.add(eventKeyForPost(message.target.channelId, message.messageTs))) return;
    const text = `:warning: ${TURN_SENTENCES.notTaken}`;
    context.tasks.run('not-taken notice', async () => void (await outboxFor(context, message.target).post({ text, blocks: [sectionBlock(text)] })));
  }
}

async function accept(context: ChannelContext, message: InboundMessage, eventKey: string): Promise<void> {
  const { target } = message;
  const postKey = eventKeyForPost(target.channelId, message.messageTs);
  const addressed = message.mentioned || target.isDirectMessage || (message.isThreadReply && (await context.handler.isKnownThread(target.threadId)));
  if (!addressed) return;
  if (context.identity && isUnlinkCommand(message.text)) {
    context.tasks.run('unlink', () => answerUnlinkCommand(context, message, [eventKey, postKey]));
    return;
  }
  if (message.text === '') {
    // Nothing to ask the model; still record both keys so the twin event stays quiet.
    const firstDelivery = await context.handler.markEventProcessed(eventKey, postKey);
    if (firstDelivery) context.tasks.run('empty mention', async () => void (await outboxFor(context, target).post({ text: EMPTY_MENTION_TEXT, blocks: [sectionBlock(EMPTY_MENTION_TEXT)] })));
    return;
  }
  // The first question of a DM thread names it: in the assistant experience a reply under the pane's
  // assistant_app_thread root, in the agent experience the person's own message, which is the root.
  const namesThread = target.isDirectMessage && context.assistantStatus.available && !(await context.handler.isKnownThread(target.threadId));
  // The profile is looked up when the job runs: the ack must not wait for users.info.
  const actor = { platform: 'slack' as const, userId: message.userId };
  const reply: SlackTurnReply = { target };
  await context.turns.submit(buildSlackTurnRequest({ target, actor, text: message.text, kind: 'message', eventKey, extraEventKeys: [postKey] }), reply);
  if (namesThread) context.tasks.run('assistant thread title', () => titleAssistantThread(context, target.channelId, target.threadTs, message.text));
}
