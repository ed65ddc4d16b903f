// Slack user groups (`slack-group:S…` in the config) read with usergroups.users.list and the bot
// token (scope usergroups:read). Only the groups the config names are read, each at most once per
// refresh period (membership-cache.ts), so a change in Slack applies within that time.
import type { webApi } from '@slack/bolt';
import type { GroupMembership } from '../../../conversations/group-membership.js';
import { SLACK_GROUP_PREFIX } from '../../../support/group-entries.js';

export interface SlackUserGroupOptions {
  membership: GroupMembership;
  /** The user group ids the config names (`S0123ABC`). */
  userGroupIds: readonly string[];
  /** Default GROUP_MEMBERSHIP_REFRESH_MS (5 minutes). */
  refreshMs?: number | undefined;
}

export function readSlackUserGroups(client: webApi.WebClient, options: SlackUserGroupOptions): void {
  options.membership.addMemberListReader(
    'slack',
    SLACK_GROUP_PREFIX,
    options.userGroupIds,
    async (userGroupId) => (await client.usergroups.users.list({ usergroup: userGroupId })).users ?? [],
    options.refreshMs,
  );
}
