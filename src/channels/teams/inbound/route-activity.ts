// Decides whether an inbound activity starts a turn. Personal chats always do; group chats and
// channel posts need the bot's mention; a reply in a channel thread the bot already takes part in
// continues without one (Teams delivers those when the RSC permission ChannelMessage.Read.Group
// is granted). Button clicks on our cards always do; everything else is ignored.
import type { TurnHandler, TurnRequest } from '../../../conversations/types.js';
import type { CardActionData } from '../render/adaptive-card-types.js';
import { readCardAction } from '../actions/card-actions.js';
import type { InboundActivity } from './inbound-activity.js';
import { mentionsBot, stripBotMention } from './strip-bot-mention.js';
import { conversationTypeOf } from './teams-thread.js';
import { buildTurnRequest } from './turn-request.js';

export type RoutingDecision =
  | { kind: 'ignore'; reason: string }
  | { kind: 'turn'; request: TurnRequest; action?: CardActionData };

export async function routeActivity(activity: InboundActivity, handler: Pick<TurnHandler, 'isKnownThread'>): Promise<RoutingDecision> {
  if (activity.type !== 'message') return { kind: 'ignore', reason: `activity type ${activity.type ?? 'missing'}` };
  if (!activity.id) return { kind: 'ignore', reason: 'activity without id' };

  if (activity.value !== undefined && activity.value !== null) {
    const action = readCardAction(activity.value);
    if (!action || !activity.replyToId) return { kind: 'ignore', reason: 'card action that is not ours' };
    return { kind: 'turn', request: buildTurnRequest(activity, action.text, action), action };
  }

  const text = stripBotMention(activity);
  if (text === '') return { kind: 'ignore', reason: 'empty message' };
  const request = buildTurnRequest(activity, text);
  const conversationType = conversationTypeOf(activity);
  if (conversationType === 'personal' || mentionsBot(activity)) return { kind: 'turn', request };
  if (conversationType === 'channel' && (await handler.isKnownThread(request.threadId))) return { kind: 'turn', request };
  return { kind: 'ignore', reason: 'not addressed to the bot' };
}
