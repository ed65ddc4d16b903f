// `datathread check --access USER`: who USER is (a Slack user id, a Teams / Entra object id or an
// e-mail address), which groups they are in (named groups from the config; Slack user groups
// when SLACK_BOT_TOKEN is set; Entra ID groups from Microsoft Graph when the Teams app's
// credentials are set) and what that gives them (access-report.ts).
import type { INetworkModule } from '@azure/msal-node';
import { readSlackUserGroupsWithToken } from '../channels/slack/groups/slack-user-groups.js';
import { readEntraGroups } from '../channels/teams/groups/entra-groups.js';
import { graphMemberGroupsFrom } from '../identity/graph-from-environment.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import { personEntriesOf } from '../config/person-entries.js';
import type { AccessSubject } from '../conversations/access-rules.js';
import { GroupMembership } from '../conversations/group-membership.js';
import { silentLogger, type Logger } from '../logging/logger.js';
import { systemClock } from '../support/clock-and-ids.js';
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
  const { config, environment } = started;
  const subject = subjectFor(user);
  const notes: string[] = [];
  const logger = notingLogger(notes);
  const membership = new GroupMembership({ namedGroups: config.groups, clock: systemClock, logger });
  const slackGroupIds = groupIdsWithPrefix(personEntriesOf(config), SLACK_GROUP_PREFIX);
  if (subject.platform === 'slack' && slackGroupIds.length > 0) {
    if (environment.slack.botToken && subject.email === undefined) {
      readSlackUserGroupsWithToken(environment.slack.botToken, environment.slack.apiUrl, { membership, userGroupIds: slackGroupIds });
    } else notes.push(subject.email ? 'Slack user groups are checked for a Slack user id, not an e-mail address' : 'Slack user groups are not checked: SLACK_BOT_TOKEN is not set');
  }
  const entraGroupIds = groupIdsWithPrefix(personEntriesOf(config), ENTRA_GROUP_PREFIX);
  if (subject.platform === 'teams' && entraGroupIds.length > 0) {
    const checkMemberGroups = graphMemberGroupsFrom(environment, { logger, ...(options.entraNetworkClient ? { networkClient: options.entraNetworkClient } : {}) });
    // Always Graph here: a sign-in token's groups claim is only as fresh as the token.
    if (checkMemberGroups) readEntraGroups({ membership, groupIds: entraGroupIds, checkMemberGroups });
    else notes.push('Entra ID groups are not checked: set clientId, clientSecret and tenantId (the Teams app, granted GroupMember.Read.All)');
  }
  if (subject.email) notes.push('an e-mail address is checked as a Slack asker; rules limited to Teams by platforms: do not apply');
  output.write(renderAccessReport(config, await membership.withGroups(subject), notes));
  return 0;
}
