// The keys tokens are stored under. One function per platform so the channel adapters and the
// credential provider always agree on them.
import type { Actor } from '../store/types.js';

/** `slack:<user id>`: Slack user ids (U…/W…) are unique across an Enterprise Grid org. */
export function slackUserKey(slackUserId: string): string {
  return `slack:${slackUserId}`;
}

/** `teams:<Entra object id>`: `activity.from.aadObjectId`, which the Teams channel puts in actor.userId. */
export function teamsUserKey(aadObjectId: string): string {
  return `teams:${aadObjectId}`;
}

/** The key for a turn's asker, or undefined for platforms without federated sign-in (terminal, MCP). */
export function userKeyForActor(actor: Actor): string | undefined {
  if (actor.platform === 'slack') return slackUserKey(actor.userId);
  if (actor.platform === 'teams') return teamsUserKey(actor.userId);
  return undefined;
}
