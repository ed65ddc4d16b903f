// Translating what happened in Slack (a message, a button click, a finished sign-in) into the
// core's neutral TurnRequest: who asks, where (team, channel, DM or not), which thread, and the
// dedupe keys that make a redelivered event run nothing.
import type { TurnKind, TurnRequest } from '../../../conversations/types.js';
import type { Actor } from '../../../store/types.js';
import type { ReplyTarget } from '../types.js';

export interface SlackTurnInput {
  target: ReplyTarget;
  actor: Actor;
  text: string;
  kind: TurnKind;
  eventKey: string;
  /** Further keys of the same post (app_mention + message of one post run once). */
  extraEventKeys?: string[];
}

export function buildSlackTurnRequest(input: SlackTurnInput): TurnRequest {
  const { target } = input;
  return {
    threadId: target.threadId,
    platform: 'slack',
    actor: input.actor,
    text: input.text,
    kind: input.kind,
    place: { channelId: target.channelId, teamId: target.teamId, isDirectMessage: target.isDirectMessage },
    eventKey: input.eventKey,
    ...(input.extraEventKeys ? { extraEventKeys: input.extraEventKeys } : {}),
    interactive: true,
  };
}
