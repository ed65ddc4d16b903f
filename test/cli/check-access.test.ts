// `datathread check --access USER` on a real config: the databases and features a person gets and
// the rule or list entry that gives them, for a Slack id (user groups read from the local Slack
// API with the bot token), an e-mail address (looked up as a Slack user with users.lookupByEmail
// and as an Entra user principal name in Graph, whose object id is then read) and a Teams object id
// (Entra ID groups read from a local Microsoft Graph with the Teams app's credentials).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCheckCommand } from '../../src/cli/access-check.js';
import { runCli } from '../../src/cli/main.js';
import { bootstrap } from '../../src/config/bootstrap.js';
import { startFakeEntra } from '../fakes/entra-server.js';
import { startFakeGraph } from '../fakes/graph-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../fakes/slack-api-server.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

const TEAMS_OBJECT_ID = '7d1c2b3a-0000-4000-8000-00000000abcd';
const PAYROLL_GROUP = '5e6f7a8b-0000-4000-8000-0000000000aa';
const CONFIG = {
  databases: [
    { name: 'sales', type: 'duckdb', path: 'shop.duckdb' },
    { name: 'ledger', type: 'duckdb', path: 'shop.duckdb' },
    { name: 'hr', type: 'duckdb', path: 'shop.duckdb' },
    { name: 'payroll', type: 'duckdb', path: 'shop.duckdb' },
  ],
  groups: { finance: ['ana@example.com', 'slack-group:SFIN'], auditors: [TEAMS_OBJECT_ID] },
  access: {
    rules: [
      { databases: ['sales'], channels: ['CSALES'] },
      { databases: ['ledger'], groups: ['finance'] },
      { databases: ['hr'], users: ['group:auditors'] },
      { databases: ['payroll'], groups: [`entra-group:${PAYROLL_GROUP}`] },
    ],
  },
  verification: { verifiers: ['group:finance'] },
  admins: ['UADMIN'],
};

const BOT_TOKEN = 'xoxb-check-access';

let workspace: E2eWorkspace;
let slack: FakeSlackApi;

beforeAll(async () => {
  slack = await startFakeSlackApi({ botToken: BOT_TOKEN });
  slack.setUserGroup('SFIN', ['UANA', 'UBEN']);
  slack.addUser({ id: 'UBEN', name: 'ben', email: 'ben@example.com' });
  workspace = await createE2eWorkspace({ prefix: 'check-access', config: CONFIG, duckdb: ['CREATE TABLE t (x INTEGER)'] });
});

afterAll(async () => {
  await workspace.close();
  await slack.close();
});

async function check(user: string, withSlack = true, botToken = BOT_TOKEN): Promise<{ code: number; text: string }> {
  const captured = captureOutput();
  const variables = { ...workspace.variables, ...(withSlack ? { SLACK_BOT_TOKEN: botToken, SLACK_API_URL: slack.apiUrl } : {}) };
  const code = await runCli(['check', '--access', user], { variables, output: captured.output, errors: captured.output });
  return { code, text: captured.text() };
}

describe('datathread check --access', () => {
  it('a Slack id in a Slack user group: the group, the database it grants and the verifier role, with the rule', async () => {
    const { code, text } = await check('UANA');
    expect(code).toBe(0);
    expect(text).toContain('Groups: slack-group:SFIN, group:finance');
    expect(text).toContain('  sales — granted by access.rules[0] (channels: CSALES) — only in channel CSALES');
    expect(text).toContain('  ledger — granted by access.rules[1] (groups: finance)');
    expect(text).toContain('  hr — no access: no rule matches');
    expect(text).toContain('  verifier — yes: verification.verifiers lists group:finance');
    expect(text).toContain('  admin — no');
    expect(slack.callsOf('usergroups.users.list').map((call) => call.args.usergroup)).toEqual(['SFIN']);
  });

  it('an e-mail address named in a group, and a Teams object id', async () => {
    const byEmail = await check('Ana@Example.com');
    expect(byEmail.text).toContain('Groups: group:finance');
    expect(byEmail.text).toContain('  ledger — granted by access.rules[1]');
    const teams = await check(TEAMS_OBJECT_ID);
    expect(teams.text).toContain('on teams');
    expect(teams.text).toContain('Groups: group:auditors');
    expect(teams.text).toContain('  hr — granted by access.rules[2] (users: group:auditors)');
    expect(teams.text).toContain('  ledger — no access');
  });

  it('an e-mail address of a Slack user: the Slack user found by e-mail and their Slack user groups', async () => {
    const { code, text } = await check('Ben@Example.com');
    expect(code).toBe(0);
    expect(text).toContain('Access for UBEN (Ben@Example.com) on slack');
    expect(text).toContain('note: Slack user UBEN has this e-mail address (users.lookupByEmail)');
    expect(text).toContain('Groups: slack-group:SFIN, group:finance');
    expect(text).toContain('  ledger — granted by access.rules[1] (groups: finance)');
    expect(slack.callsOf('users.lookupByEmail').at(-1)?.args.email).toBe('Ben@Example.com');
    // Someone Slack does not know by that address gets no Slack group, and the report says so.
    const unknown = await check('nobody@example.com');
    expect(unknown.text).toContain('Slack has no user with this e-mail address');
    expect(unknown.text).toContain('Groups: none');
  });

  it('a bot token Slack refuses, or one without users:read.email, reads no Slack group and says why', async () => {
    const revoked = await check('ben@example.com', true, 'xoxb-revoked');
    expect(revoked.text).toContain('Slack user groups are not checked: looking the e-mail address up failed');
    expect(revoked.text).toContain('invalid_auth');
    expect(revoked.text).not.toContain('users:read.email');
    expect(revoked.text).toContain('  ledger — no access');
    slack.setEmailScope(false);
    try {
      const withoutScope = await check('ben@example.com');
      expect(withoutScope.text).toContain('missing_scope');
      expect(withoutScope.text).toContain('add the users:read.email scope to the Slack app');
      expect(withoutScope.text).toContain('Groups: none');
    } finally {
      slack.setEmailScope(true);
    }
  });

  it('without a bot token the Slack user groups are not read, and the report says so', async () => {
    const { text } = await check('UANA', false);
    expect(text).toContain('Slack user groups are not checked: SLACK_BOT_TOKEN is not set');
    expect(text).toContain('  ledger — no access');
  });

  it('a Teams object id in an Entra ID group: the group read from Microsoft Graph with the Teams app credentials', async () => {
    const entra = await startFakeEntra();
    const graph = await startFakeGraph(entra, { [TEAMS_OBJECT_ID]: [PAYROLL_GROUP] });
    try {
      const variables = { ...workspace.variables, clientId: entra.clientId, clientSecret: entra.clientSecret, tenantId: entra.tenantId, DATATHREAD_ENTRA_AUTHORITY: entra.authority, GRAPH_API_URL: graph.url };
      const captured = captureOutput();
      const code = await accessCheckCommand(TEAMS_OBJECT_ID, bootstrap(variables), captured.output, { entraNetworkClient: entra.networkClient });
      expect(code).toBe(0);
      expect(captured.text()).toContain(`Groups: entra-group:${PAYROLL_GROUP}, group:auditors`);
      expect(captured.text()).toContain(`  payroll — granted by access.rules[3] (groups: entra-group:${PAYROLL_GROUP})`);
      expect(captured.text()).toContain(`note: Entra user ${TEAMS_OBJECT_ID} has the user principal name ${TEAMS_OBJECT_ID}@fake-tenant.onmicrosoft.com (Microsoft Graph)`);
      expect(graph.requests.filter((request) => request.path.endsWith('/checkMemberGroups')).map((request) => request.groupIds)).toEqual([[PAYROLL_GROUP]]);
      // Without the credentials the report says why the Entra groups were not read.
      const without = await check(TEAMS_OBJECT_ID, false);
      expect(without.text).toContain('Entra ID groups are not checked: set clientId, clientSecret and tenantId');
      expect(without.text).toContain('  payroll — no access');
    } finally {
      await graph.close();
      await entra.close();
    }
  });

  it('an e-mail address of an Entra user: their Entra ID groups read from Graph by user principal name', async () => {
    const entra = await startFakeEntra();
    const graph = await startFakeGraph(entra, { [TEAMS_OBJECT_ID]: [PAYROLL_GROUP] });
    graph.setUserPrincipalName(TEAMS_OBJECT_ID, 'olu@example.com');
    try {
      const variables = { ...workspace.variables, clientId: entra.clientId, clientSecret: entra.clientSecret, tenantId: entra.tenantId, DATATHREAD_ENTRA_AUTHORITY: entra.authority, GRAPH_API_URL: graph.url };
      const captured = captureOutput();
      expect(await accessCheckCommand('Olu@Example.com', bootstrap(variables), captured.output, { entraNetworkClient: entra.networkClient })).toBe(0);
      expect(captured.text()).toContain(`Groups: entra-group:${PAYROLL_GROUP}`);
      expect(captured.text()).toContain(`  payroll — granted by access.rules[3] (groups: entra-group:${PAYROLL_GROUP})`);
      // As chat in Teams knows them: the object id Graph has for that user principal name, whose groups are read.
      expect(graph.requests.map((request) => [request.path, request.status])).toEqual([
        ['/v1.0/users/Olu%40Example.com', 200],
        [`/v1.0/users/${TEAMS_OBJECT_ID}/checkMemberGroups`, 200],
      ]);
      // An address Entra does not know: Graph answers 404, no group, and the report says so.
      const stranger = captureOutput();
      await accessCheckCommand('stranger@example.com', bootstrap(variables), stranger.output, { entraNetworkClient: entra.networkClient });
      expect(stranger.text()).toContain('Microsoft Entra ID has no user with this e-mail address as user principal name');
      expect(stranger.text()).toContain('  payroll — no access');
    } finally {
      await graph.close();
      await entra.close();
    }
  });

  it('lists the context hidden from the person: database folders and files naming a database they may not use', async () => {
    const context = join(workspace.directory, 'context');
    await mkdir(join(context, 'databases', 'hr', 'main'), { recursive: true });
    await mkdir(join(context, 'verified'), { recursive: true });
    await mkdir(join(context, 'notes'), { recursive: true });
    await writeFile(join(context, 'databases', 'hr', 'main', 'salaries.md'), '# main.salaries\n');
    await writeFile(join(context, 'verified', 'hr.yaml'), 'question: Median salary?\nsql: SELECT MEDIAN(salary) FROM salaries\ndatabase: hr\n');
    await writeFile(join(context, 'verified', 'ledger.yaml'), 'question: Ledger total?\nsql: SELECT SUM(amount) FROM ledger\ndatabase: ledger\n');
    await writeFile(join(context, 'notes', 'pay.md'), '---\ndatabase: hr\n---\n# Pay bands\n');
    const ana = await check('UANA');
    expect(ana.text).toContain('Context hidden from this person:\n  databases/hr/ (1 file)\n  notes/pay.md (names hr)\n  verified/hr.yaml (names hr)\n');
    expect(ana.text).not.toContain('verified/ledger.yaml');
    const auditor = await check(TEAMS_OBJECT_ID, false);
    expect(auditor.text).toContain('Context hidden from this person:\n  verified/ledger.yaml (names ledger)\n');
  });

  it('refuses something that is not a person', async () => {
    const { code, text } = await check('finance');
    expect(code).toBe(2);
    expect(text).toContain('--access needs a Slack user id');
  });
});
