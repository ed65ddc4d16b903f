// Slack user groups (`slack-group:S…` in the config) read with usergroups.users.list and the bot
// token (scope usergroups:read). Only the groups the config names are read, each at most once per
// refresh period (membership-cache.ts), so a change in Slack applies within that time.
import { webApi } from '@slack/bolt';
import type { GroupMembership } from '../../../access/group-membership.js';
import { SLACK_GROUP_PREFIX } from '../../../support/group-entries.js';
import { slackErrorCode } from '../outbox/slack-api-errors.js';

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

const DEFAULT_SLACK_API_URL = 'https://slack.com/api/';

function clientWithToken(botToken: string, apiUrl: string | undefined): webApi.WebClient {
  return new webApi.WebClient(botToken, { slackApiUrl: apiUrl ?? DEFAULT_SLACK_API_URL, retryConfig: { retries: 0 } });
}

/** The same reader on a client of its own, for a command that has a bot token but no running Slack app; one attempt per read. */
export function readSlackUserGroupsWithToken(botToken: string, apiUrl: string | undefined, options: SlackUserGroupOptions): void {
  readSlackUserGroups(clientWithToken(botToken, apiUrl), options);
}

/**
 * The Slack user id behind an e-mail address (users.lookupByEmail, scope users:read.email), so a
 * person named by e-mail gets their Slack user groups too; undefined when the workspace has no
 * such user. Any other failure (missing scope, bad token) is thrown for the caller to report.
 */
export async function slackUserIdByEmailWithToken(botToken: string, apiUrl: string | undefined, email: string): Promise<string | undefined> {
  try {
    return (await clientWithToken(botToken, apiUrl).users.lookupByEmail({ email })).user?.id;
  } catch (error) {
    if (slackErrorCode(error) === 'users_not_found') return undefined;
    throw error;
  }
}

/**
 * The e-mail address of a Slack user's profile (users.info, scopes users:read and users:read.email),
 * as chat reads it for every asker, so rules naming the address apply to the person named by id;
 * undefined when the workspace has no such user or the profile shows no address. Any other
 * failure is thrown for the caller to report.
 */
export async function slackUserEmailWithToken(botToken: string, apiUrl: string | undefined, userId: string): Promise<string | undefined> {
  try {
    return (await clientWithToken(botToken, apiUrl).users.info({ user: userId })).user?.profile?.email || undefined;
  } catch (error) {
    if (slackErrorCode(error) === 'user_not_found') return undefined;
    throw error;
  }
}
