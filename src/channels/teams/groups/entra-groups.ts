// Entra ID groups (`entra-group:<object id>` in the config) of a Teams asker. The groups claim of
// the person's SSO token is used while it is younger than the refresh period (it lists the groups
// as of when Entra issued it); otherwise, and when the token has no claim or too many groups
// (overage), Microsoft Graph's checkMemberGroups is asked with the group ids the config names.
// Answers are cached per person for the refresh period (membership-cache.ts), so a change in Entra
// applies within that time; a failed read keeps the last answer and never grants more.
import type { GroupMembership } from '../../../access/group-membership.js';
import { GROUP_MEMBERSHIP_REFRESH_MS } from '../../../access/membership-cache.js';
import type { MemberGroupsCheck } from '../../../identity/graph-member-groups.js';
import type { TokenGroupsClaim } from '../../../identity/teams-sso.js';
import { systemClock, type Clock } from '../../../support/clock-and-ids.js';
import { ENTRA_GROUP_PREFIX } from '../../../support/group-entries.js';

export interface EntraGroupOptions {
  membership: GroupMembership;
  /** The Entra group object ids the config names (none: nothing is read). */
  groupIds?: readonly string[] | undefined;
  /** Microsoft Graph with the Teams app's credentials; undefined when they are not set. */
  checkMemberGroups?: MemberGroupsCheck | undefined;
  /** The SSO token's groups claim (`application.identity.teams`); undefined when no database is federated. */
  tokens?: { groupsClaim(aadObjectId: string): Promise<TokenGroupsClaim | undefined> } | undefined;
  /** Default: the system clock (tests move it past the refresh period). */
  clock?: Clock | undefined;
  /** Default GROUP_MEMBERSHIP_REFRESH_MS (5 minutes). */
  refreshMs?: number | undefined;
}

export function readEntraGroups(options: EntraGroupOptions): void {
  const groupIds = options.groupIds ?? [];
  const clock = options.clock ?? systemClock;
  const refreshMs = options.refreshMs ?? GROUP_MEMBERSHIP_REFRESH_MS;
  // Object ids are GUIDs, compared without case; the config's spelling is what rules match on.
  const configSpelling = new Map(groupIds.map((groupId) => [groupId.toLowerCase(), groupId]));
  const asConfigured = (found: readonly string[]) => found.map((groupId) => configSpelling.get(groupId.toLowerCase())).filter((groupId): groupId is string => groupId !== undefined);
  const groupsOf = async (aadObjectId: string): Promise<readonly string[]> => asConfigured(await readGroups(aadObjectId));
  const readGroups = async (aadObjectId: string): Promise<readonly string[]> => {
    const claim = await options.tokens?.groupsClaim(aadObjectId);
    const fresh = claim !== undefined && clock().getTime() - claim.issuedAt.getTime() < refreshMs;
    if (claim && (fresh || !options.checkMemberGroups)) return claim.groupIds;
    if (!options.checkMemberGroups) return [];
    return options.checkMemberGroups(aadObjectId, groupIds);
  };
  options.membership.addPersonGroupReader('teams', ENTRA_GROUP_PREFIX, groupIds, groupsOf, refreshMs);
}
