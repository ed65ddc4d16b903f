// Posts to one Teams conversation through the Bot Framework connector: cards, typing indicators,
// and updates of an earlier card. Every post goes to the thread's conversation id with
// sendToConversation (POST /v3/conversations/{id}/activities) — in a channel that id carries
// `;messageid=<root>`, which is what threads the reply.
import { CardFactory, MessageFactory, type ConnectorClient, type TurnContext } from '@microsoft/agents-hosting';
import { markAsAiAnswer, type AnswerMarks } from '../render/ai-answer.js';
import type { AdaptiveCard, CardElement } from '../render/adaptive-card-types.js';
import type { ReplyTarget } from '../types.js';

export type OutgoingActivity = TurnContext['activity'];

/** What notifications and the chat list show for a message that holds only a card. */
const SUMMARY_CHARACTERS = 120;
/** A Bot Framework attachment (an OAuthCard, a sign-in card…), as CardFactory builds it. */
export type TeamsAttachment = ReturnType<typeof CardFactory.oauthCard>;

export class TeamsOutbox {
  constructor(
    private readonly connector: ConnectorClient,
    private readonly parties: ReplyTarget,
  ) {}

  /** Posts a card; `marks` makes it an AI answer (label, query citations, feedback loop). */
  async post(card: AdaptiveCard, marks?: AnswerMarks): Promise<string | undefined> {
    const activity = this.address(MessageFactory.attachment(CardFactory.adaptiveCard(card)));
    const summary = cardSummary(card.body);
    if (summary) activity.summary = summary;
    if (marks) markAsAiAnswer(activity, marks);
    const response = await this.connector.sendToConversation(this.parties.conversation.id, activity);
    return response?.id || undefined;
  }

  /** A card that is not an Adaptive Card (the OAuth sign-in card). */
  async postAttachment(attachment: TeamsAttachment): Promise<string | undefined> {
    const activity = this.address(MessageFactory.attachment(attachment));
    const response = await this.connector.sendToConversation(this.parties.conversation.id, activity);
    return response?.id || undefined;
  }

  async sendTyping(): Promise<void> {
    const activity = this.address(MessageFactory.text(''));
    activity.type = 'typing';
    delete activity.text;
    await this.connector.sendToConversation(this.parties.conversation.id, activity);
  }

  async update(activityId: string, card: AdaptiveCard): Promise<void> {
    const activity = this.address(MessageFactory.attachment(CardFactory.adaptiveCard(card)));
    activity.id = activityId;
    await this.connector.updateActivity(this.parties.conversation.id, activityId, activity);
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
