// Posts to one Teams conversation through the Bot Framework connector: cards, typing indicators,
// and updates of an earlier card. Every post goes to the thread's conversation id with
// sendToConversation (POST /v3/conversations/{id}/activities) — in a channel that id carries
// `;messageid=<root>`, which is what threads the reply. Throttling (429), 5xx and broken
// connections are retried with backoff (post-retry.ts); what still fails is thrown to the caller,
// which records it in `undelivered` so the turn can tell the thread.
import { deliverOnce } from '../../../store/deliver-once.js';
import { ledgerDeliveryRecord, turnDeliveryKey } from '../../../conversations/ledger-delivery.js';
import { CardFactory, MessageFactory, type ConnectorClient, type TurnContext } from '@microsoft/agents-hosting';
import type { ConversationParameters } from '@microsoft/agents-activity';
import { markAsAiAnswer, type AnswerMarks } from './ai-answer.js';
import type { AdaptiveCard, CardElement } from '../render/adaptive-card-types.js';
import type { ReplyTarget } from '../types.js';
import type { ChannelLogger } from '../../channel-logger.js';
import { DEFAULT_POST_RETRY, type PostRetryPolicy } from '../../retry-transient.js';
import { retryTeamsCall } from './post-retry.js';
import type { PostLedger } from '../../../conversations/turn-jobs.js';

export type OutgoingActivity = TurnContext['activity'];

/** What notifications and the chat list show for a message that holds only a card. */
const SUMMARY_CHARACTERS = 120;
/** A Bot Framework attachment (an OAuthCard, a sign-in card…), as CardFactory builds it. */
export type TeamsAttachment = ReturnType<typeof CardFactory.oauthCard>;

export class TeamsOutbox {
  /** What could not be delivered after every retry ("a part of the answer"), in order. */
  readonly undelivered: string[] = [];
  private postCount = 0;

  /**
   * With a turn job's `ledger`, every card posted has a stable key (`post:<n>`): a rerun of the
   * job updates the cards the interrupted run posted instead of posting them again.
   */
  constructor(
    private readonly connector: ConnectorClient,
    private readonly parties: ReplyTarget,
    private readonly ledger?: PostLedger,
    private readonly retryPolicy: PostRetryPolicy = DEFAULT_POST_RETRY,
    private readonly logger?: ChannelLogger,
  ) {}

  /** Posts a card; `marks` makes it an AI answer (label, query citations, feedback loop). */
  async post(card: AdaptiveCard, marks?: AnswerMarks): Promise<string | undefined> {
    const postKey = `post:${this.postCount++}`;
    const ledger = this.ledger;
    if (!ledger) return this.sendCard(card, marks);
    // The one delivery rule (deliver-once.ts), without a search: the connector cannot read an
    // activity back, so the recorded id is what a rerun knows (it updates that card).
    const delivered = await deliverOnce(turnDeliveryKey(ledger, postKey), ledgerDeliveryRecord(ledger, postKey, async () => undefined), {
      post: async () => (await this.sendCard(card, marks)) ?? '',
    });
    if (delivered.how !== 'posted') await this.update(delivered.messageId, card, marks);
    return delivered.messageId || undefined;
  }

  private async sendCard(card: AdaptiveCard, marks: AnswerMarks | undefined): Promise<string | undefined> {
    const response = await this.send('post a card', this.cardActivity(card, marks));
    return response?.id || undefined;
  }

  /** A card that is not an Adaptive Card (the OAuth sign-in card). */
  async postAttachment(attachment: TeamsAttachment): Promise<string | undefined> {
    const activity = this.address(MessageFactory.attachment(attachment));
    const response = await this.send('post a card', activity);
    return response?.id || undefined;
  }

  /**
   * Posts a card only the person this outbox answers sees. In a one-to-one chat that is here; in a
   * channel or group chat it goes to the one-to-one chat between the bot and that person, which the
   * connector creates or finds (POST /v3/conversations). Teams refuses (403) when the person has
   * not got the app as a personal app or blocked it: the refusal is thrown to the caller.
   */
  async postPrivately(card: AdaptiveCard): Promise<string | undefined> {
    if (this.isPersonalChat()) return this.post(card);
    const tenantId = this.parties.conversation.tenantId;
    // The REST API names the bot `bot`; the SDK's ConversationParameters type calls it `agent`.
    const parameters = {
      isGroup: false,
      bot: this.parties.bot,
      members: [{ id: this.parties.user.id ?? '' }],
      ...(tenantId ? { tenantId, channelData: { tenant: { id: tenantId } } } : { channelData: {} }),
    } as unknown as ConversationParameters;
    const created = await retryTeamsCall(() => this.connector.createConversation(parameters), this.retryPolicy, this.logger, 'open a one-to-one chat');
    const conversation = { id: created.id, conversationType: 'personal', ...(tenantId ? { tenantId } : {}) };
    const activity = this.cardActivity(card, undefined);
    activity.conversation = conversation;
    const response = await retryTeamsCall(() => this.connector.sendToConversation(created.id, activity), this.retryPolicy, this.logger, 'post a private card');
    return response?.id || undefined;
  }

  /** One-to-one chats are where Teams streams answers; channels and group chats get one message. */
  isPersonalChat(): boolean {
    return this.parties.conversation.conversationType === 'personal';
  }

  /**
   * Sends one activity of a streamed answer (streaming/answer-stream.ts builds it) and returns the id
   * the connector gave it: the first one's id is the stream's id. Throttling is retried like any
   * post; a refusal (Teams answers 400/403 for a stream it does not accept) is thrown.
   */
  async sendStreamActivity(activity: OutgoingActivity, marks?: AnswerMarks): Promise<string | undefined> {
    const addressed = this.address(activity);
    if (marks) markAsAiAnswer(addressed, marks);
    const response = await this.send('stream the answer', addressed);
    return response?.id || undefined;
  }

  async sendTyping(): Promise<void> {
    const activity = this.address(MessageFactory.text(''));
    activity.type = 'typing';
    delete activity.text;
    // A missed typing indicator is harmless and the next one follows in seconds: no retry.
    await this.connector.sendToConversation(this.parties.conversation.id, activity);
  }

  async update(activityId: string, card: AdaptiveCard, marks?: AnswerMarks): Promise<void> {
    const activity = this.cardActivity(card, marks);
    activity.id = activityId;
    await retryTeamsCall(() => this.connector.updateActivity(this.parties.conversation.id, activityId, activity), this.retryPolicy, this.logger, 'update a card');
  }

  private send(action: string, activity: OutgoingActivity): ReturnType<ConnectorClient['sendToConversation']> {
    return retryTeamsCall(() => this.connector.sendToConversation(this.parties.conversation.id, activity), this.retryPolicy, this.logger, action);
  }

  private cardActivity(card: AdaptiveCard, marks: AnswerMarks | undefined): OutgoingActivity {
    const activity = this.address(MessageFactory.attachment(CardFactory.adaptiveCard(asSent(card))));
    const summary = cardSummary(card.body);
    if (summary) activity.summary = summary;
    if (marks) markAsAiAnswer(activity, marks);
    return activity;
  }

  private address(activity: OutgoingActivity): OutgoingActivity {
    activity.channelId = this.parties.channelId;
    activity.serviceUrl = this.parties.serviceUrl;
    activity.conversation = this.parties.conversation;
    activity.from = this.parties.bot;
    activity.recipient = this.parties.user;
    return activity;
  }
}

/**
 * The card as Teams receives it. A card of buttons alone (Retry after the stream said why the turn
 * failed) has no body: the Adaptive Cards parser reads an empty body as its default and leaves it
 * out, so it is not sent.
 */
function asSent(card: AdaptiveCard): AdaptiveCard | Omit<AdaptiveCard, 'body'> {
  if (card.body.length > 0) return card;
  const { body: _empty, ...withoutBody } = card;
  return withoutBody;
}

/** The card's first line of text, for the notification and chat list (a card alone has no text). */
function cardSummary(elements: CardElement[]): string | undefined {
  for (const element of elements) {
    const text = element.type === 'TextBlock' ? element.text : element.type === 'Container' ? cardSummary(element.items) : undefined;
    if (text && text.trim() !== '') {
      const oneLine = text.replace(/\s+/g, ' ').trim();
      return oneLine.length <= SUMMARY_CHARACTERS ? oneLine : `${oneLine.slice(0, SUMMARY_CHARACTERS - 1)}…`;
    }
  }
  return undefined;
}
