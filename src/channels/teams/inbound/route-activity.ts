// Decides whether an inbound activity starts a turn. Personal chats always do; group chats and
// channel posts need the bot's mention; a reply in a channel thread the bot already takes part in
// continues without one (Teams delivers those when the RSC permission ChannelMessage.Read.Group
// is granted). Button clicks on our cards always do; everything else is ignored.
import type { TurnHandler, TurnRequest } from '../../../conversations/types.js';
import type { CardActionData } from '../render/adaptive-card-types.js';
import { readCardAction } from '../actions/card-actions.js';
import { readThreadCommand, type ThreadCommand } from '../actions/thread-commands.js';
import type { InboundActivity } from './inbound-activity.js';
import { mentionsBot, stripBotMention } from './strip-bot-mention.js';
import { conversationTypeOf } from './teams-thread.js';
import { buildTeamsTurnRequest } from './turn-request.js';

export type RoutingDecision =
  | { kind: 'ignore'; reason: string }
  | { kind: 'turn'; request: TurnRequest; action?: CardActionData }
  /** `stop` / `sign out`, or the Sign out card action: acts on the thread, runs no turn. */
  | { kind: 'command'; command: ThreadCommand; threadId: string };

export async function routeActivity(activity: InboundActivity, handler: Pick<TurnHandler, 'isKnownThread'>): Promise<RoutingDecision> {
  if (activity.type !== 'message') return { kind: 'ignore', reason: `activity type ${activity.type ?? 'missing'}` };
  if (!activity.id) return { kind: 'ignore', reason: 'activity without id' };

  if (activity.value !== undefined && activity.value !== null) {
    if (isSignOutAction(activity.value)) return { kind: 'command', command: 'sign_out', threadId: buildTeamsTurnRequest(activity, '').threadId };
    const action = readCardAction(activity.value);
    if (!action || !activity.replyToId) return { kind: 'ignore', reason: 'card action that is not ours' };
    return { kind: 'turn', request: buildTeamsTurnRequest(activity, action.text, action), action };
  }

  const text = stripBotMention(activity);
  if (text === '') return { kind: 'ignore', reason: 'empty message' };
  const request = buildTeamsTurnRequest(activity, text);
  const conversationType = conversationTypeOf(activity);
  const addressed = conversationType === 'personal' || mentionsBot(activity) || (conversationType === 'channel' && (await handler.isKnownThread(request.threadId)));
  if (!addressed) return { kind: 'ignore', reason: 'not addressed to the bot' };
  const command = readThreadCommand(text);
  return command ? { kind: 'command', command, threadId: request.threadId } : { kind: 'turn', request };
}

function isSignOutAction(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { datathread?: unknown }).datathread === 'sign_out';
}
