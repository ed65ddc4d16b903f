// Access by Slack user group through real Bolt over HTTP: the ledger database is granted to the
// members of the user group SFIN (usergroups.users.list on the local Slack API, bot token).
// A member's question queries it; a non-member's does not reach it; after Slack's membership
// changes, the new member gets it once the refresh period has passed on the injected clock, and
// not before. A Show SQL click checks the clicker's groups the same way.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../../src/application.js';
import { readEnvironment } from '../../../src/config/environment.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { GROUP_MEMBERSHIP_REFRESH_MS } from '../../../src/access/membership-cache.js';
import { createResultReadCheck } from '../../../src/access/result-access.js';
import { createLogger } from '../../../src/logging/logger.js';
import { toolResultsIn } from '../../fakes/openai-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { SCRIPTED_MODEL } from '../../support/e2e-workspace.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { findButton } from './support/slack-requests.js';

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
const CONFIG = {
  databases: [{ name: 'ledger', type: 'duckdb', path: 'shop.duckdb' }],
  agent: { model: SCRIPTED_MODEL },
  access: { rules: [{ databases: ['ledger'], groups: ['slack-group:SFIN'] }] },
};

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;
let nowMs: number;

beforeAll(async () => {
  fixture = await startEngineFixture(CONFIG);
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  nowMs = Date.parse('2026-12-03T09:00:00Z');
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  slack.addUser({ id: 'UBOB', name: 'bob', email: 'bob@example.com' });
  slack.setUserGroup('SFIN', ['UANA']);
  const environment = readEnvironment(fixture.variables);
  application = await createApplication({ environment, config: loadConfig(environment), logger: createLogger({ level: 'error', write: () => undefined }), clock: () => new Date(nowMs) });
  harness = await startSlackHarness({
    handler: application.engine,
    slack,
    getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId),
    mayReadResult: createResultReadCheck(application.config.accessRules, ['ledger']),
    groups: { membership: application.groupMembership, userGroupIds: ['SFIN'] },
  });
});

afterEach(async () => {
  await harness.close();
  await application.close();
  await slack.close();
});

/** Asks for sales by region; returns what the execute_sql tool answered the model. */
async function ask(userId: string, ts: string): Promise<string> {
  const before = fixture.model.requests.length;
  fixture.model.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL, database_id: 'ledger' } }] }, { text: `Answer for ${userId}.` });
  await harness.sendEvent({ user: userId, text: '<@UBOT> sales by region?', channel: 'C1', ts });
  await slack.waitFor(() => slack.threadMessages('C1', ts).find((message) => message.text.includes(`Answer for ${userId}.`)));
  const second = fixture.model.requests[before + 1];
  if (!second) throw new Error('the model was not called a second time');
  return toolResultsIn(second).join('\n');
}

describe('access by Slack user group', () => {
  it('a member of the user group gets the database; a non-member does not', async () => {
    expect(await ask('UANA', '100.1')).toContain('North');
    expect(await ask('UBOB', '100.2')).toContain('No database is available to this user in this place');
    expect(slack.callsOf('usergroups.users.list').map((call) => call.args.usergroup)).toEqual(['SFIN']);
  });

  it('a membership change in Slack takes effect after the refresh period, without a restart', async () => {
    expect(await ask('UANA', '200.1')).toContain('North');
    slack.setUserGroup('SFIN', ['UBOB']);
    nowMs += GROUP_MEMBERSHIP_REFRESH_MS - 1_000;
    expect(await ask('UBOB', '200.2')).toContain('No database is available');
    nowMs += 1_000;
    expect(await ask('UBOB', '200.3')).toContain('North');
    expect(await ask('UANA', '200.4')).toContain('No database is available');
    expect(slack.callsOf('usergroups.users.list')).toHaveLength(2);
  });

  it("a non-member's Show SQL click on a member's answer is refused; the member's is not", async () => {
    await ask('UANA', '300.1');
    const controls = await slack.waitFor(() => slack.threadMessages('C1', '300.1').find((message) => findButton(message.blocks ?? [], 'datathread_show_sql_0')));
    await harness.click(controls, 'datathread_show_sql_0', 'UBOB');
    const refusal = await slack.waitFor(() => slack.ephemerals.find((message) => message.recipient === 'UBOB'));
    expect(refusal.text).toContain('comes from the database "ledger", which you have no access to here');
    await harness.click(controls, 'datathread_show_sql_0', 'UANA');
    const shown = await slack.waitFor(() => slack.ephemerals.find((message) => message.recipient === 'UANA'));
    expect(JSON.stringify(shown)).toContain('SUM(amount)');
  });

  it('without the usergroups:read scope nobody is a member of a Slack user group', async () => {
    slack.setUserGroupScope(false);
    expect(await ask('UANA', '400.1')).toContain('No database is available');
    expect(slack.calls.some((call) => call.method === 'usergroups.users.list' && call.failedWith === 'missing_scope')).toBe(true);
  });
});
