// `datathread check --access USER`: who USER is (a Slack user id, a Teams / Entra object id or an
// e-mail address), which groups they are in (named groups from the config; Slack user groups
// when SLACK_BOT_TOKEN is set; Entra ID groups from Microsoft Graph when the Teams app's
// credentials are set) and what that gives them (access-report.ts). An e-mail address is looked
// up on both platforms: Slack's users.lookupByEmail gives the Slack user whose user groups count,
// and Graph finds the Entra user by that address as their user principal name.
import type { INetworkModule } from '@azure/msal-node';
import { readSlackUserGroupsWithToken, slackUserIdByEmailWithToken } from '../channels/slack/groups/slack-user-groups.js';
import { readEntraGroups } from '../channels/teams/groups/entra-groups.js';
import { graphMemberGroupsFrom } from '../identity/graph-from-environment.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import { personEntriesOf } from '../config/person-entries.js';
import type { AccessSubject } from '../access/access-rules.js';
import { GroupMembership } from '../access/group-membership.js';
import { silentLogger, type Logger } from '../logging/logger.js';
import { systemClock } from '../support/clock-and-ids.js';
import { errorMessage } from '../support/errors.js';
import { ENTRA_GROUP_PREFIX, groupIdsWithPrefix, SLACK_GROUP_PREFIX } from '../support/group-entries.js';
import { UsageError } from './arguments.js';
import { renderAccessReport } from './access-report.js';
import type { TerminalOutput } from './render-reply.js';

const SLACK_USER_ID = /^[UW][A-Z0-9]{2,}$/;
const OBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function subjectFor(user: string): AccessSubject {
  if (SLACK_USER_ID.test(user)) return { platform: 'slack', userId: user };
  if (OBJECT_ID.test(user)) return { platform: 'teams', userId: user.toLowerCase() };
  if (user.includes('@')) return { platform: 'slack', userId: user, email: user };
  throw new UsageError(`--access needs a Slack user id (U012AB3CD), a Teams object id or an e-mail address; "${user}" is none of these`);
}

/** A group that cannot be read is said in the report, not only logged. */
function notingLogger(notes: string[]): Logger {
  return {
    ...silentLogger,
    warn: (message, fields) => {
      const error = fields?.error instanceof Error ? ` (${fields.error.message})` : '';
      notes.push(`${message}${fields?.group ? ` ${String(fields.group)}` : ''}${error}`);
    },
  };
}

export interface AccessCheckOptions {
  /** msal-node's HTTP client for the Graph app token (private CAs, tests). */
  entraNetworkClient?: INetworkModule;
}

export async function accessCheckCommand(user: string, started: Bootstrapped, output: TerminalOutput, options: AccessCheckOptions = {}): Promise<number> {
  const named = subjectFor(user);
  const notes: string[] = [];
  const logger = notingLogger(notes);
  const membership = new GroupMembership({ namedGroups: started.config.groups, clock: systemClock, logger });
  // The same person as each platform knows them: a Slack user id, a Teams object id or, by e-mail, both.
  const asSlack = await slackSubjectOf(named, started, membership, notes);
  const asTeams = teamsSubjectOf(named, started, membership, { logger, notes, ...options });
  if (named.email) notes.push('an e-mail address is checked as a Slack asker; rules limited to Teams by platforms: do not apply');
  const platformSubjects = [asSlack, asTeams].filter((subject): subject is AccessSubject => subject !== undefined);
  const groups = new Set<string>();
  for (const subject of platformSubjects.length > 0 ? platformSubjects : [named]) for (const entry of (await membership.withGroups(subject)).groups ?? []) groups.add(entry);
  const reported: AccessSubject = { ...named, userId: asSlack?.userId ?? named.userId, groups: [...groups] };
  output.write(renderAccessReport(started.config, reported, notes));
  return 0;
}

/** The Slack side of the person: their own id, or the one Slack has for their e-mail address; Slack user groups read when the config names any. */
async function slackSubjectOf(named: AccessSubject, started: Bootstrapped, membership: GroupMembership, notes: string[]): Promise<AccessSubject | undefined> {
  const { config, environment } = started;
  const slackGroupIds = groupIdsWithPrefix(personEntriesOf(config), SLACK_GROUP_PREFIX);
  if (named.platform !== 'slack' || slackGroupIds.length === 0) return undefined;
  const botToken = environment.slack.botToken;
  if (!botToken) {
    notes.push('Slack user groups are not checked: SLACK_BOT_TOKEN is not set');
    return undefined;
  }
  let userId = named.userId;
  if (named.email) {
    try {
      const found = await slackUserIdByEmailWithToken(botToken, environment.slack.apiUrl, named.email);
      if (!found) {
        notes.push('Slack has no user with this e-mail address: no Slack user groups apply');
        return undefined;
      }
      userId = found;
      notes.push(`Slack user ${found} has this e-mail address (users.lookupByEmail)`);
    } catch (error) {
      const reason = errorMessage(error);
      const fix = reason.includes('missing_scope') ? '; add the users:read.email scope to the Slack app' : '';
      notes.push(`Slack user groups are not checked: looking the e-mail address up failed (${reason})${fix}`);
      return undefined;
    }
  }
  readSlackUserGroupsWithToken(botToken, environment.slack.apiUrl, { membership, userGroupIds: slackGroupIds });
  return { ...named, platform: 'slack', userId };
}

/** The Teams side of the person: their object id, or their e-mail address as Graph's user principal name; Entra ID groups read when the config names any. */
function teamsSubjectOf(named: AccessSubject, started: Bootstrapped, membership: GroupMembership, options: AccessCheckOptions & { logger: Logger; notes: string[] }): AccessSubject | undefined {
  const { config, environment } = started;
  const entraGroupIds = groupIdsWithPrefix(personEntriesOf(config), ENTRA_GROUP_PREFIX);
  if ((named.platform !== 'teams' && named.email === undefined) || entraGroupIds.length === 0) return undefined;
  const checkMemberGroups = graphMemberGroupsFrom(environment, { logger: options.logger, ...(options.entraNetworkClient ? { networkClient: options.entraNetworkClient } : {}) });
  if (!checkMemberGroups) {
    options.notes.push('Entra ID groups are not checked: set clientId, clientSecret and tenantId (the Teams app, granted GroupMember.Read.All)');
    return undefined;
  }
  // Always Graph here: a sign-in token's groups claim is only as fresh as the token.
  readEntraGroups({ membership, groupIds: entraGroupIds, checkMemberGroups });
  return { ...named, platform: 'teams', userId: named.email ?? named.userId };
}
