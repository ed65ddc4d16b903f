// Federated queries through the Slack channel: real Bolt over signed HTTP, the real ConversationEngine
// driven by the local OpenAI-compatible fake, the federated fixture (fake Entra ID over https for
// msal-node, PostgreSQL with row-level security behind the Entra login check, the identity service
// and its /auth/microsoft routes). Alice asks, gets the Connect button, links through the two
// routes, her question resumes as her, `unlink`, and the next question asks to connect again.
import { storySourceOf } from '../../../src/channels/story-source.js';
import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { ConversationEngine } from '../../../src/conversations/conversation-engine.js';
import { SIGN_IN_COOKIE } from '../../../src/server/sign-in-routes.js';
import { slackUserKey } from '../../../src/identity/user-keys.js';
import { createLogger } from '../../../src/logging/logger.js';
import { randomIdFactory } from '../../../src/support/clock-and-ids.js';
import { startFakeOpenAI, toolResultsIn, type FakeOpenAI } from '../../fakes/openai-server.js';
import { startFakeSlackApi, type FakeEphemeralMessage, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { ALICE, BOB, createFederatedFixture, type FederatedFixture } from '../../identity/support/federated-fixture.js';
import { settingsForTest } from '../../support/engine-harness.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { findButton } from './support/slack-requests.js';
import { startViewsApi, type ViewsApi } from './support/views-api.js';

const WHO_AND_ROWS = 'SELECT current_user AS who, owner, region, amount FROM sales ORDER BY amount';

let fixture: FederatedFixture;
let model: FakeOpenAI;
let slack: FakeSlackApi;
let views: ViewsApi;
let harness: SlackHarness;
let engine: ConversationEngine;
const engineLogLines: string[] = [];
const pageBodies: string[] = [];

beforeAll(async () => {
  fixture = await createFederatedFixture();
  model = await startFakeOpenAI();
  engine = new ConversationEngine({
    store: fixture.store,
    databases: [fixture.database],
    settings: settingsForTest(),
    accessRules: [],
    model: createOpenAI({ baseURL: model.url, apiKey: 'sk-test-secret-key' }).chat('scripted-model'),
    logger: createLogger({ level: 'debug', write: (line) => engineLogLines.push(line) }),
    clock: () => new Date(),
    createId: randomIdFactory,
    credentialFor: fixture.identity.credentialFor,
  });
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UALICE', name: 'alice', realName: 'Alice Example', email: ALICE });
  views = await startViewsApi(slack);
  harness = await startSlackHarness({
    handler: engine,
    slack,
    slackApiUrl: views.apiUrl,
    // Exactly what attach-channels.ts passes: the application's identity service.
    identity: fixture.identity satisfies Application['identity'],
    getQueryResult: (threadId, queryId) => fixture.store.getQueryResult(threadId, queryId),
    stories: storySourceOf(fixture.store),
  });
});

afterAll(async () => {
  await harness?.close();
  await views?.close();
  await slack?.close();
  await model?.close();
  await fixture?.close();
});

/** The whole secret and three 24-character pieces of its random part (a truncated copy still leaks). */
function tokenFragments(secret: string): string[] {
  const random = secret.split('.').at(-1)!.replace(/^fake-refresh-/, '');
  if (random.length < 48) return [secret];
  const middle = Math.floor(random.length / 2);
  return [secret, random.slice(0, 24), random.slice(middle - 12, middle + 12), random.slice(-24)];
}

function connectUrlOf(message: FakeEphemeralMessage): string | undefined {
  return (findButton(message.blocks ?? [], 'datathread_connect_account') as { url?: string } | undefined)?.url;
}

function scriptFederatedQuery(closingText: string): void {
  model.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: WHO_AND_ROWS, database_id: 'warehouse' } }] }, { text: closingText });
}

function userTexts(index: number): string[] {
  return model.requests.at(index)!.messages.filter((message) => message.role === 'user').map((message) => String(message.content));
}

/** The "browser": the Connect URL -> the fake authorize page -> the callback, redirects by hand. */
async function followSignInLink(signInUrl: string) {
  const start = await fetch(signInUrl, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const authorizeUrl = start.headers.get('location')!;
  expect(authorizeUrl.startsWith(fixture.entra.authority)).toBe(true);
  const cookie = start.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SIGN_IN_COOKIE}=`))!;
  const authorize = await fixture.entra.browserGet(authorizeUrl);
  expect(authorize.status).toBe(302);
  const callbackUrl = authorize.location!;
  expect(callbackUrl.startsWith(`${fixture.publicUrl}/auth/microsoft/callback?`)).toBe(true);
  const callback = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie } });
  const body = await callback.text();
  pageBodies.push(body);
  return { status: callback.status, body };
}

describe('Slack: account linking end to end, then the federated question as the linked person', () => {
  const thread = 'slack:T1:C1:500.1';

  it('1. Alice asks about the federated database: nothing runs as anyone, and she alone gets the Connect button', async () => {
    const connectionsBefore = fixture.proxy.connections.length;
    scriptFederatedQuery('');
    await harness.sendEvent({ user: 'UALICE', text: '<@UBOT> What are my sales?', channel: 'C1', ts: '500.1' });
    const prompt = await slack.waitFor(() => slack.ephemerals.find((message) => message.thread_ts === '500.1' && connectUrlOf(message)));

    expect(prompt).toMatchObject({ channel: 'C1', recipient: 'UALICE' });
    expect(connectUrlOf(prompt)!.startsWith(`${fixture.publicUrl}/auth/microsoft/start?state=`)).toBe(true);
    const answer = slack.threadMessages('C1', '500.1').find((message) => /sign in/i.test(message.text));
    expect(answer?.text).toContain('warehouse');
    // The database saw no login at all, and the audit says the query ran as nobody.
    expect(fixture.proxy.connections.length).toBe(connectionsBefore);
    const audit = await fixture.store.listQueryAudit({ threadId: thread });
    expect(audit.map((record) => [record.actor.userId, record.ranAs, /sign in/i.test(record.detail ?? '')])).toEqual([['UALICE', null, true]]);
    expect(await fixture.identity.slack!.isLinked(slackUserKey('UALICE'))).toBe(false);
  });

  it('2. she links her account through /auth/microsoft/start and /callback; the question resumes in the thread, as her', async () => {
    const prompt = slack.ephemerals.find((message) => message.thread_ts === '500.1' && connectUrlOf(message))!;
    scriptFederatedQuery('Here are your sales.');
    fixture.entra.signInAs(ALICE);
    const flow = await followSignInLink(connectUrlOf(prompt)!);
    expect(flow.status).toBe(200);
    expect(flow.body).toContain('your question is being answered there');

    const answer = await slack.waitFor(() => slack.threadMessages('C1', '500.1').find((message) => message.text.includes('Here are your sales.')));
    const threadTexts = slack.threadMessages('C1', '500.1').map((message) => message.text);
    expect(threadTexts).toContain('<@UALICE> connected their Microsoft account; answering the question again.');
    // The same question was asked again (retry), and the model saw only Alice's rows.
    expect(userTexts(-2).at(-1)).toBe('What are my sales?');
    const toolOutput = toolResultsIn(model.requests.at(-1)!).join('\n');
    expect(toolOutput).toContain(ALICE);
    expect(toolOutput).not.toContain(BOB);
    // The table in the thread: Alice's two rows, nobody else's.
    const posted = JSON.stringify(slack.threadMessages('C1', '500.1').map((message) => message.blocks));
    expect(JSON.stringify(answer.blocks)).toContain('Here are your sales.');
    expect(posted).toContain('"text":"South"');
    expect(posted).toContain('"text":"150.00"');
    expect(posted).not.toContain('900');
    expect(posted).not.toContain(BOB);
    // Logged in as Alice with her token; the audit records her.
    expect(fixture.proxy.connections.filter((connection) => connection.accepted).map((connection) => connection.user)).toEqual([ALICE]);
    const audit = await fixture.store.listQueryAudit({ threadId: thread });
    expect(audit.map((record) => record.ranAs)).toEqual([null, ALICE]);
    expect(await fixture.identity.slack!.linkedAccount(slackUserKey('UALICE'))).toMatchObject({ upn: ALICE });
  });

  it('3. the App Home tab shows the connected account', async () => {
    await harness.sendEnvelope({
      token: 'legacy-verification-token',
      team_id: 'T1',
      api_app_id: 'A1',
      type: 'event_callback',
      event_id: 'EvHomeAlice',
      event_time: Math.floor(Date.now() / 1000),
      event: { type: 'app_home_opened', user: 'UALICE', channel: 'D0HOME', tab: 'home', event_ts: `${Date.now() / 1000}` },
    });
    const home = await slack.waitFor(() => views.homeViews.get('UALICE'));
    expect(JSON.stringify(home.blocks)).toContain(`Connected as *${ALICE}*`);
    expect(findButton(home.blocks, 'datathread_disconnect_account')).toBeDefined();
  });

  it('4. `unlink` forgets the account; the next question asks to connect again and runs nothing', async () => {
    await harness.sendEvent({ user: 'UALICE', text: '<@UBOT> unlink', channel: 'C1', ts: '500.3', thread_ts: '500.1' });
    const confirmation = await slack.waitFor(() => slack.ephemerals.find((message) => message.text.includes('is disconnected')));
    expect(confirmation).toMatchObject({ recipient: 'UALICE', thread_ts: '500.1' });
    expect(confirmation.text).toContain(ALICE);
    expect(await fixture.identity.slack!.isLinked(slackUserKey('UALICE'))).toBe(false);

    const connectionsBefore = fixture.proxy.connections.length;
    const promptsBefore = slack.ephemerals.filter((message) => connectUrlOf(message)).length;
    scriptFederatedQuery('');
    await harness.sendEvent({ user: 'UALICE', text: '<@UBOT> What are my sales now?', channel: 'C1', ts: '600.1' });
    const again = await slack.waitFor(() => slack.ephemerals.find((message) => message.thread_ts === '600.1' && connectUrlOf(message)));
    expect(connectUrlOf(again)!.startsWith(`${fixture.publicUrl}/auth/microsoft/start?state=`)).toBe(true);
    expect(slack.ephemerals.filter((message) => connectUrlOf(message))).toHaveLength(promptsBefore + 1);
    expect(fixture.proxy.connections.length).toBe(connectionsBefore);
    const audit = await fixture.store.listQueryAudit({ threadId: 'slack:T1:C1:600.1' });
    expect(audit.map((record) => record.ranAs)).toEqual([null]);
  });

  it('5. every Slack call is valid Block Kit, and no token appears in any Slack call, log line, page or model input', async () => {
    expect(problemsInCalls(slack.calls)).toEqual([]);
    expect(model.pending()).toBe(0);
    const secrets = [
      ...fixture.entra.userTokens,
      ...fixture.entra.issued.flatMap((issued) => [issued.accessToken, issued.refreshToken]),
      fixture.entra.clientSecret,
    ];
    expect(fixture.entra.issued.some((issued) => issued.upn === ALICE)).toBe(true);
    const haystacks: Array<[string, string]> = [
      ['Slack calls', JSON.stringify(slack.calls)],
      ['Slack adapter log', JSON.stringify(harness.logs)],
      ['engine log', engineLogLines.join('\n')],
      ['identity log', fixture.logLines.join('\n')],
      ['model requests', JSON.stringify(model.requests)],
      ['sign-in pages', pageBodies.join('\n')],
    ];
    const leaks: string[] = [];
    for (const [where, haystack] of haystacks) {
      for (const secret of secrets) {
        if (tokenFragments(secret).some((fragment) => haystack.includes(fragment))) leaks.push(`${where}: ${secret.slice(0, 12)}…`);
      }
    }
    expect(leaks).toEqual([]);
    // The scans looked at real material: the calls hold the sign-in links and Alice's rows.
    expect(haystacks[0]![1]).toContain('/auth/microsoft/start?state=');
    expect(haystacks[0]![1]).toContain(ALICE);
    expect(fixture.logLines.join('\n')).toContain('Slack user linked a Microsoft account');
  });
});
