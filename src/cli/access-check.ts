// `datathread check --access USER`: who USER is (a Slack user id, a Teams / Entra object id or an
// e-mail address), which groups they are in (named groups from the config; Slack user groups
// when SLACK_BOT_TOKEN is set) and what that gives them (access-report.ts).
import { webApi } from '@slack/bolt';
import { readSlackUserGroups } from '../channels/slack/groups/slack-user-groups.js';
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
const DEFAULT_SLACK_API_URL = 'https://slack.com/api/';

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

export async function accessCheckCommand(user: string, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const { config, environment } = started;
  const subject = subjectFor(user);
  const notes: string[] = [];
  const logger = notingLogger(notes);
  const membership = new GroupMembership({ namedGroups: config.groups, clock: systemClock, logger });
  const slackGroupIds = groupIdsWithPrefix(personEntriesOf(config), SLACK_GROUP_PREFIX);
  if (subject.platform === 'slack' && slackGroupIds.length > 0) {
    if (environment.slack.botToken && subject.email === undefined) {
      const client = new webApi.WebClient(environment.slack.botToken, { slackApiUrl: environment.slack.apiUrl ?? DEFAULT_SLACK_API_URL, retryConfig: { retries: 0 } });
      readSlackUserGroups(client, { membership, userGroupIds: slackGroupIds });
    } else notes.push(subject.email ? 'Slack user groups are checked for a Slack user id, not an e-mail address' : 'Slack user groups are not checked: SLACK_BOT_TOKEN is not set');
  }
  if (subject.platform === 'teams' && personEntriesOf(config).some((entry) => entry.startsWith(ENTRA_GROUP_PREFIX))) {
    notes.push('Entra ID groups are not checked by this command; in Teams they come from the sign-in token');
  }
  if (subject.email) notes.push('an e-mail address is checked as a Slack asker; rules limited to Teams by platforms: do not apply');
  output.write(renderAccessReport(config, await membership.withGroups(subject), notes));
  return 0;
}
