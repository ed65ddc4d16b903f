// `datathread check --access USER`: who USER is (a Slack user id, a Teams / Entra object id or an
// e-mail address), as each platform's chat would see them, which groups they are in (named groups
// from the config; Slack user groups when SLACK_BOT_TOKEN is set; Entra ID groups from Microsoft
// Graph when the Teams app's credentials are set) and what that gives them (access-report.ts).
// Chat knows a Slack asker by their user id and their profile e-mail (users.info), and a Teams
// asker by their object id and user principal name: the check completes the name it is given the
// same way (users.info / users.lookupByEmail on Slack; Graph's user read on Teams), so a rule that
// names the other half of the person matches here as it does in chat. A person found on both
// platforms gets one report per platform, since chat decides per platform.
import type { INetworkModule } from '@azure/msal-node';
import { readSlackUserGroupsWithToken, slackUserEmailWithToken, slackUserIdByEmailWithToken } from '../channels/slack/groups/slack-user-groups.js';
import { readEntraGroups } from '../channels/teams/groups/entra-groups.js';
import { graphMemberGroupsFrom, graphUserLookupFrom } from '../identity/graph-from-environment.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import { personEntriesOf } from '../config/person-entries.js';
import type { AccessSubject } from '../access/access-rules.js';
import { GroupMembership } from '../access/group-membership.js';
import { silentLogger, type Logger } from '../logging/logger.js';
import { systemClock } from '../support/clock-and-ids.js';
import { errorMessage } from '../support/errors.js';
import { ENTRA_GROUP_PREFIX, groupIdsWithPrefix, SLACK_GROUP_PREFIX } from '../support/group-entries.js';
import { UsageError } from './arguments.js';
import { databasesGrantedAnywhere, renderAccessReport } from './access-report.js';
import { hiddenContextLines } from './hidden-context.js';
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

interface Resolution {
  membership: GroupMembership;
  notes: string[];
  logger: Logger;
  options: AccessCheckOptions;
}

export async function accessCheckCommand(user: string, started: Bootstrapped, output: TerminalOutput, options: AccessCheckOptions = {}): Promise<number> {
  const named = subjectFor(user);
  const notes: string[] = [];
  const logger = notingLogger(notes);
  const resolution: Resolution = { membership: new GroupMembership({ namedGroups: started.config.groups, clock: systemClock, logger }), notes, logger, options };
  // The same person as each platform's chat knows them: a Slack user, a Teams user or, by e-mail, both.
  const asSlack = await slackSubjectOf(named, started, resolution);
  const asTeams = await teamsSubjectOf(named, started, resolution);
  const platformSubjects = [asSlack, asTeams].filter((subject): subject is AccessSubject => subject !== undefined);
  const subjects: AccessSubject[] = [];
  for (const subject of platformSubjects.length > 0 ? platformSubjects : [named]) subjects.push(await resolution.membership.withGroups(subject));
  const reports: string[] = [];
  for (const [index, subject] of subjects.entries()) {
    const hidden = await hiddenContextLines(started.config.context.path, databasesGrantedAnywhere(started.config, subject)).catch((error: unknown) => [`(the context folder could not be read: ${errorMessage(error)})`]);
    reports.push(renderAccessReport(started.config, subject, index === 0 ? notes : [], hidden));
  }
  output.write(reports.join('\n'));
  return 0;
}

/** The Slack side of the person: their own id with their profile e-mail, or the Slack user an e-mail address belongs to; Slack user groups read when the config names any. */
async function slackSubjectOf(named: AccessSubject, started: Bootstrapped, { membership, notes }: Resolution): Promise<AccessSubject | undefined> {
  const { config, environment } = started;
  if (named.platform !== 'slack') return undefined;
  const slackGroupIds = groupIdsWithPrefix(personEntriesOf(config), SLACK_GROUP_PREFIX);
  const botToken = environment.slack.botToken;
  if (!botToken) {
    if (slackGroupIds.length > 0) notes.push('Slack user groups are not checked: SLACK_BOT_TOKEN is not set');
    if (named.email !== undefined) return undefined;
    notes.push("the Slack profile's e-mail address is not read (SLACK_BOT_TOKEN is not set): rules naming this person's e-mail address are not matched");
    return named;
  }
  const subject = named.email === undefined ? await withProfileEmail(named, botToken, environment.slack.apiUrl, notes) : await slackUserByEmail(named, botToken, environment.slack.apiUrl, notes);
  if (subject && slackGroupIds.length > 0) readSlackUserGroupsWithToken(botToken, environment.slack.apiUrl, { membership, userGroupIds: slackGroupIds });
  return subject;
}

/** A Slack user id with the e-mail address chat reads from their profile (users.info). */
async function withProfileEmail(named: AccessSubject, botToken: string, apiUrl: string | undefined, notes: string[]): Promise<AccessSubject> {
  try {
    const email = await slackUserEmailWithToken(botToken, apiUrl, named.userId);
    notes.push(email ? `Slack user ${named.userId} has the e-mail address ${email} (users.info)` : `Slack shows no e-mail address for ${named.userId} (users.info): rules naming an e-mail address do not match them, in chat either`);
    return email ? { ...named, email } : named;
  } catch (error) {
    notes.push(`the Slack profile's e-mail address could not be read (users.info: ${errorMessage(error)}); add the users:read and users:read.email scopes to the Slack app`);
    return named;
  }
}

async function slackUserByEmail(named: AccessSubject, botToken: string, apiUrl: string | undefined, notes: string[]): Promise<AccessSubject | undefined> {
  try {
    const found = await slackUserIdByEmailWithToken(botToken, apiUrl, named.email!);
    if (!found) {
      notes.push('Slack has no user with this e-mail address: no Slack user groups apply');
      return undefined;
    }
    notes.push(`Slack user ${found} has this e-mail address (users.lookupByEmail)`);
    return { ...named, platform: 'slack', userId: found };
  } catch (error) {
    const reason = errorMessage(error);
    const fix = reason.includes('missing_scope') ? '; add the users:read.email scope to the Slack app' : '';
    notes.push(`Slack user groups are not checked: looking the e-mail address up failed (${reason})${fix}`);
    return undefined;
  }
}

/** The Teams side of the person: their object id with their user principal name (Microsoft Graph), however they were named; Entra ID groups read when the config names any. */
async function teamsSubjectOf(named: AccessSubject, started: Bootstrapped, { membership, notes, logger, options }: Resolution): Promise<AccessSubject | undefined> {
  const { config, environment } = started;
  if (named.platform !== 'teams' && named.email === undefined) return undefined;
  const entraGroupIds = groupIdsWithPrefix(personEntriesOf(config), ENTRA_GROUP_PREFIX);
  const graphOptions = { logger, ...(options.entraNetworkClient ? { networkClient: options.entraNetworkClient } : {}) };
  const lookUp = graphUserLookupFrom(environment, graphOptions);
  if (!lookUp) {
    if (entraGroupIds.length > 0) notes.push('Entra ID groups are not checked: set clientId, clientSecret and tenantId (the Teams app, granted GroupMember.Read.All)');
    if (named.platform !== 'teams') return undefined;
    notes.push("the user principal name is not read from Microsoft Graph (the Teams app's credentials are not set): rules naming this person's e-mail address are not matched");
    return named;
  }
  let subject: AccessSubject | undefined;
  try {
    const user = await lookUp(named.platform === 'teams' ? named.userId : named.email!);
    if (!user) notes.push(named.platform === 'teams' ? 'Microsoft Entra ID has no user with this object id' : 'Microsoft Entra ID has no user with this e-mail address as user principal name: no Teams identity applies');
    else notes.push(`Entra user ${user.objectId} has the user principal name ${user.userPrincipalName} (Microsoft Graph)`);
    if (user) subject = { platform: 'teams', userId: user.objectId, email: named.email ?? user.userPrincipalName };
    else if (named.platform === 'teams') subject = named;
  } catch (error) {
    notes.push(`the Entra user could not be read from Microsoft Graph (${errorMessage(error)})`);
    if (named.platform === 'teams') subject = named;
  }
  if (!subject || entraGroupIds.length === 0) return subject;
  const checkMemberGroups = graphMemberGroupsFrom(environment, graphOptions);
  // Always Graph here: a sign-in token's groups claim is only as fresh as the token.
  readEntraGroups({ membership, groupIds: entraGroupIds, checkMemberGroups });
  return subject;
}
