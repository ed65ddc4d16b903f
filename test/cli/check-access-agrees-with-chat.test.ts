// `datathread check --access` agrees with chat: for every person × database of a
// config that uses every kind of entry (a Slack user id, a Teams object id, an e-mail address,
// `group:`, `slack-group:`, `entra-group:`, a channel rule and a team rule), the check's answer for
// the person, named by their Slack id, Teams object id or e-mail address, is what a real turn of
// the engine decides for that person asking in Slack or Teams: the actor built as each channel
// builds it (Slack: users.info's profile e-mail; Teams: the activity's user principal name), groups
// read as the channels read them (Slack user groups with the bot token from the local Slack Web
// API, Entra ID groups from the local Microsoft Graph with the app's credentials), and the
// databases read from the system prompt the model was given. Both fakes check credentials.
import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCheckCommand } from '../../src/cli/access-check.js';
import { buildSlackTurnRequest } from '../../src/channels/slack/inbound/turn-request.js';
import { createUserDirectory } from '../../src/channels/slack/inbound/user-directory.js';
import { readSlackUserGroups } from '../../src/channels/slack/groups/slack-user-groups.js';
import { readEntraGroups } from '../../src/channels/teams/groups/entra-groups.js';
import { buildTeamsTurnRequest } from '../../src/channels/teams/inbound/turn-request.js';
import { bootstrap } from '../../src/config/bootstrap.js';
import { ConversationEngine } from '../../src/conversations/conversation-engine.js';
import { GroupMembership } from '../../src/access/group-membership.js';
import type { TurnRequest } from '../../src/conversations/types.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { createGraphMemberGroups } from '../../src/identity/graph-member-groups.js';
import { silentLogger } from '../../src/logging/logger.js';
import { initStatementGate } from '../../src/sql/statement-gate.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { randomIdFactory } from '../../src/support/clock-and-ids.js';
import { startFakeEntra, type FakeEntra } from '../fakes/entra-server.js';
import { startFakeGraph, type FakeGraph } from '../fakes/graph-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../fakes/slack-api-server.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';
import { settingsForTest } from '../support/engine-harness.js';
import { createScriptedModel } from '../support/scripted-model.js';

const BOT_TOKEN = 'xoxb-agree-with-chat';
const OBJECT = {
  ana: 'aaaaaaaa-0000-4000-8000-00000000000a',
  olu: 'bbbbbbbb-0000-4000-8000-00000000000b',
  cara: 'cccccccc-0000-4000-8000-00000000000c',
  dev: 'dddddddd-0000-4000-8000-00000000000d',
};
const ENTRA_GROUP = 'eeeeeeee-0000-4000-8000-0000000000ee';

const DATABASE_NAMES = ['by_slack_id', 'by_object_id', 'by_email', 'by_named_group', 'by_users_group', 'by_slack_group', 'by_entra_group', 'by_channel', 'by_team'];
const RULES = [
  { databases: ['by_slack_id'], users: ['UADA'] },
  { databases: ['by_object_id'], users: [OBJECT.olu] },
  { databases: ['by_email'], users: ['Ana@Example.com'] },
  { databases: ['by_named_group'], groups: ['finance'] },
  { databases: ['by_users_group'], users: ['group:auditors'] },
  { databases: ['by_slack_group'], groups: ['slack-group:SOPS'] },
  { databases: ['by_entra_group'], groups: [`entra-group:${ENTRA_GROUP}`] },
  { databases: ['by_channel'], channels: ['CSALES', '19:sales@thread.tacv2'] },
  { databases: ['by_team'], teams: ['TSALES', '19:team-sales@thread.tacv2'] },
];
const CONFIG = {
  databases: DATABASE_NAMES.map((name) => ({ name, type: 'duckdb', path: 'shop.duckdb' })),
  groups: { finance: ['cara@example.com', 'UBEN', OBJECT.dev], auditors: ['slack-group:SOPS', `entra-group:${ENTRA_GROUP}`, 'dev@example.com'] },
  access: { rules: RULES },
};

/** Slack people: id and profile e-mail (UADA shows none). */
const SLACK_PEOPLE = [
  { id: 'UANA', email: 'ana@example.com' },
  { id: 'UBEN', email: 'ben@example.com' },
  { id: 'UCARA', email: 'cara@example.com' },
  { id: 'UADA', email: undefined },
  { id: 'UOPS', email: 'ops@example.com' },
];
/** Teams people: object id and user principal name. */
const TEAMS_PEOPLE = [
  { id: OBJECT.ana, upn: 'ana@example.com' },
  { id: OBJECT.olu, upn: 'olu@example.com' },
  { id: OBJECT.cara, upn: 'cara@example.com' },
  { id: OBJECT.dev, upn: 'dev@example.com' },
];

let workspace: E2eWorkspace;
let slack: FakeSlackApi;
let entra: FakeEntra;
let graph: FakeGraph;
let store: Store;
let databases: DatabaseAdapter[];
let engine: ConversationEngine;
let engineModel: ReturnType<typeof createScriptedModel>;

beforeAll(async () => {
  await initStatementGate();
  slack = await startFakeSlackApi({ botToken: BOT_TOKEN });
  for (const person of SLACK_PEOPLE) slack.addUser({ id: person.id, name: person.id.toLowerCase(), ...(person.email ? { email: person.email } : {}) });
  slack.setUserGroup('SOPS', ['UOPS', 'UBEN']);
  entra = await startFakeEntra();
  graph = await startFakeGraph(entra, Object.fromEntries(TEAMS_PEOPLE.map((person) => [person.id, person.id === OBJECT.cara ? [ENTRA_GROUP] : []])));
  for (const person of TEAMS_PEOPLE) graph.setUserPrincipalName(person.id, person.upn);
  workspace = await createE2eWorkspace({ prefix: 'agree-with-chat', config: CONFIG, duckdb: ['CREATE TABLE t (x INTEGER)'] });
  store = await openStore(workspace.variables.DATATHREAD_STATE!);
  databases = await Promise.all(
    DATABASE_NAMES.map((name) => createDatabaseAdapter({ name, type: 'duckdb', path: `${workspace.directory}/shop.duckdb`, auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false })),
  );
  // Groups read as the channels read them when they attach: Slack with the bot's client, Entra through Graph with the app's credentials.
  const membership = new GroupMembership({ namedGroups: CONFIG.groups, clock: () => new Date(), logger: silentLogger });
  readSlackUserGroups(new webApi.WebClient(BOT_TOKEN, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } }), { membership, userGroupIds: ['SOPS'] });
  readEntraGroups({
    membership,
    groupIds: [ENTRA_GROUP],
    checkMemberGroups: createGraphMemberGroups({ entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient }, graphUrl: graph.url }),
  });
  engineModel = createScriptedModel();
  engine = new ConversationEngine({
    store,
    databases,
    settings: settingsForTest(),
    accessRules: bootstrap(workspace.variables).config.accessRules,
    model: engineModel.model,
    logger: silentLogger,
    clock: () => new Date(),
    createId: randomIdFactory,
    groupMembership: membership,
  });
});

afterAll(async () => {
  await Promise.all((databases ?? []).map((database) => database.close()));
  await store?.close();
  await workspace?.close();
  await graph?.close();
  await entra?.close();
  await slack?.close();
});

type Place = 'rule place' | 'elsewhere';
let turn = 0;

/** The databases chat gives this request: those the system prompt of its turn lists. */
async function chatDatabases(request: TurnRequest): Promise<string[]> {
  const before = engineModel.prompts.length;
  engineModel.push({ text: 'ok' });
  await engine.handle(request);
  const system = JSON.stringify(engineModel.prompts[before]?.[0] ?? '');
  return DATABASE_NAMES.filter((name) => system.includes(`### ${name} (`));
}

async function slackChat(userId: string, place: Place): Promise<string[]> {
  const directory = createUserDirectory({ client: new webApi.WebClient(BOT_TOKEN, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } }), logger: silentLogger, now: () => new Date() });
  const [teamId, channelId] = place === 'rule place' ? ['TSALES', 'CSALES'] : ['TOTHER', 'COTHER'];
  turn += 1;
  const ts = `1700000000.${String(turn).padStart(6, '0')}`;
  return chatDatabases(buildSlackTurnRequest({ target: { threadId: `slack:${teamId}:${channelId}:${ts}`, teamId, channelId, threadTs: ts, isDirectMessage: false }, actor: await directory.lookUp(userId), text: 'Which databases?', kind: 'message', eventKey: `slack-event:${ts}` }));
}

async function teamsChat(person: { id: string; upn: string }, place: Place): Promise<string[]> {
  const [team, channel] = place === 'rule place' ? ['19:team-sales@thread.tacv2', '19:sales@thread.tacv2'] : ['19:team-other@thread.tacv2', '19:other@thread.tacv2'];
  turn += 1;
  return chatDatabases(
    buildTeamsTurnRequest(
      {
        type: 'message',
        id: `activity-${turn}`,
        text: 'Which databases?',
        from: { id: `29:${person.id}`, aadObjectId: person.id, userPrincipalName: person.upn, name: person.upn },
        conversation: { id: `${channel};messageid=${turn}`, conversationType: 'channel', tenantId: entra.tenantId },
        channelData: { tenant: { id: entra.tenantId }, team: { id: team }, channel: { id: channel } },
      },
      'Which databases?',
    ),
  );
}

interface CheckAnswer {
  platform: 'slack' | 'teams';
  /** Databases granted wherever the person asks. */
  anywhere: string[];
  /** Databases granted only in the place a channel or team rule names. */
  onlyInRulePlace: string[];
  text: string;
}

/** `check --access USER`, one answer per platform report it printed. */
async function check(user: string): Promise<CheckAnswer[]> {
  const variables = { ...workspace.variables, SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_API_URL: slack.apiUrl, clientId: entra.clientId, clientSecret: entra.clientSecret, tenantId: entra.tenantId, DATATHREAD_ENTRA_AUTHORITY: entra.authority, GRAPH_API_URL: graph.url };
  const captured = captureOutput();
  expect(await accessCheckCommand(user, bootstrap(variables), captured.output, { entraNetworkClient: entra.networkClient })).toBe(0);
  return captured
    .text()
    .split(/^(?=Access for )/m)
    .map((section) => {
      const platform = / on (slack|teams)\n/.exec(section)![1] as 'slack' | 'teams';
      const answer: CheckAnswer = { platform, anywhere: [], onlyInRulePlace: [], text: section };
      for (const name of DATABASE_NAMES) {
        const line = new RegExp(`^  ${name} — (.*)$`, 'm').exec(section)![1]!;
        if (!line.startsWith('granted by ')) continue;
        const reasons = line.slice('granted by '.length).split('; or ');
        (reasons.every((reason) => reason.includes(' — only in ')) ? answer.onlyInRulePlace : answer.anywhere).push(name);
      }
      return answer;
    });
}

function expectAgreement(answer: CheckAnswer, inRulePlace: string[], elsewhere: string[], who: string): void {
  expect({ who, inRulePlace, elsewhere }).toEqual({ who, inRulePlace: DATABASE_NAMES.filter((name) => answer.anywhere.includes(name) || answer.onlyInRulePlace.includes(name)), elsewhere: answer.anywhere });
}

describe('check --access agrees with chat for every person × database', () => {
  it('Slack people named by their Slack user id, with the identity each rule matched', async () => {
    for (const person of SLACK_PEOPLE) {
      const answers = await check(person.id);
      expect(answers.map((answer) => answer.platform)).toEqual(['slack']);
      expectAgreement(answers[0]!, await slackChat(person.id, 'rule place'), await slackChat(person.id, 'elsewhere'), person.id);
    }
    // Chat's own answers, so the comparison above is not between two empty lists.
    expect(await slackChat('UANA', 'rule place')).toEqual(['by_email', 'by_channel', 'by_team']);
    expect(await slackChat('UBEN', 'elsewhere')).toEqual(['by_named_group', 'by_users_group', 'by_slack_group']);
    expect(await slackChat('UADA', 'elsewhere')).toEqual(['by_slack_id']);
    // The rule names Ana's e-mail address; the check, given her Slack id, says that is what matched.
    expect((await check('UANA'))[0]!.text).toContain('  by_email — granted by access.rules[2] (users: Ana@Example.com) — matched the e-mail address Ana@Example.com');
  });

  it('Teams people named by their object id', async () => {
    for (const person of TEAMS_PEOPLE) {
      const answers = await check(person.id);
      expect(answers.map((answer) => answer.platform)).toEqual(['teams']);
      expectAgreement(answers[0]!, await teamsChat(person, 'rule place'), await teamsChat(person, 'elsewhere'), person.id);
    }
    expect(await teamsChat(TEAMS_PEOPLE[2]!, 'elsewhere')).toEqual(['by_named_group', 'by_users_group', 'by_entra_group']);
    expect(await teamsChat(TEAMS_PEOPLE[0]!, 'rule place')).toEqual(['by_email', 'by_channel', 'by_team']);
    expect((await check(OBJECT.olu))[0]!.text).toContain(`  by_object_id — granted by access.rules[1] (users: ${OBJECT.olu}) — matched the Teams object id ${OBJECT.olu}`);
    expect((await check(OBJECT.cara))[0]!.text).toContain(`  by_entra_group — granted by access.rules[6] (groups: entra-group:${ENTRA_GROUP}) — matched the group entra-group:${ENTRA_GROUP}`);
  });

  it('people named by e-mail address: one report per platform that knows them, each as that platform’s chat decides', async () => {
    for (const email of ['ana@example.com', 'cara@example.com', 'ben@example.com', 'olu@example.com', 'dev@example.com']) {
      const answers = await check(email);
      const slackPerson = SLACK_PEOPLE.find((person) => person.email === email);
      const teamsPerson = TEAMS_PEOPLE.find((person) => person.upn === email);
      expect(answers.map((answer) => answer.platform)).toEqual([...(slackPerson ? ['slack'] : []), ...(teamsPerson ? ['teams'] : [])]);
      for (const answer of answers) {
        if (answer.platform === 'slack') expectAgreement(answer, await slackChat(slackPerson!.id, 'rule place'), await slackChat(slackPerson!.id, 'elsewhere'), `${email} on Slack`);
        else expectAgreement(answer, await teamsChat(teamsPerson!, 'rule place'), await teamsChat(teamsPerson!, 'elsewhere'), `${email} on Teams`);
      }
    }
  });
});
