// Translating an inbound Teams activity into the core's neutral TurnRequest: who asks (Entra
// object id, name, UPN when present), where (tenant, team, channel, one-to-one or not), which
// thread, and the dedupe keys (Teams redelivers activities; a click is keyed by card and button
// so a second click on the same button runs nothing).
import type { TurnKind, TurnRequest } from '../../../conversations/types.js';
import type { CardActionData } from '../render/adaptive-card-types.js';
import type { InboundActivity } from './inbound-activity.js';
import { conversationTypeOf, teamsThreadId, tenantIdOf, threadConversationIdOf } from './teams-thread.js';

const ACTION_KINDS: Record<CardActionData['datathread'], TurnKind> = {
  follow_up: 'follow_up',
  clarification_answer: 'clarification_answer',
  retry: 'retry',
};

export function activityEventKey(activity: InboundActivity): string {
  return `teams-activity:${activity.id ?? ''}`;
}

export function buildTeamsTurnRequest(activity: InboundActivity, text: string, action?: CardActionData): TurnRequest {
  const tenantId = tenantIdOf(activity);
  const from = activity.from ?? {};
  const channelData = activity.channelData ?? {};
  const conversationType = conversationTypeOf(activity);
  const email = from.userPrincipalName ?? from.email;
  const request: TurnRequest = {
    threadId: teamsThreadId(tenantId, threadConversationIdOf(activity)),
    platform: 'teams',
    actor: {
      platform: 'teams',
      userId: from.aadObjectId ?? from.id ?? 'unknown-user',
      ...(from.name ? { displayName: from.name } : {}),
      ...(email ? { email } : {}),
      // The sender's own zone: a schedule they ask for runs on their clock unless they name another.
      ...(activity.localTimezone ? { timeZone: activity.localTimezone } : {}),
      // The `29:` account id a proactive message to this person needs (a schedule's owner notices).
      ...(from.id ? { address: { id: from.id, ...(from.name ? { name: from.name } : {}), ...(from.aadObjectId ? { aadObjectId: from.aadObjectId } : {}) } } : {}),
    },
    text: action ? action.text : text,
    kind: action ? ACTION_KINDS[action.datathread] : 'message',
    place: {
      tenantId,
      isDirectMessage: conversationType === 'personal',
      ...(conversationType === 'channel'
        ? { channelId: channelData.channel?.id ?? channelData.teamsChannelId ?? (activity.conversation?.id ?? '').split(';')[0] }
        : { channelId: activity.conversation?.id ?? '' }),
      ...(channelData.team?.id || channelData.teamsTeamId ? { teamId: channelData.team?.id ?? channelData.teamsTeamId } : {}),
    },
    interactive: true,
  };
  if (action) {
    request.eventKey = `teams-action:${activity.replyToId ?? ''}:${action.index}`;
    request.extraEventKeys = [activityEventKey(activity)];
  } else {
    request.eventKey = activityEventKey(activity);
  }
  return request;
}
