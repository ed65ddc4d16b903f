// Federated queries from Teams, end to end. Activity JSON posted to /api/messages
// (local mode), the real engine and identity service of the federated fixture (fake Entra ID,
// real PostgreSQL with row-level security behind an Entra-style login check, SQLite store), the
// fake Bot Framework connector recording what the bot posts, and a fake Bot Framework token
// service standing in for the Azure Bot OAuth connection.
import { storySourceOf } from '../../../src/channels/story-source.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { attachTeamsChannel, type TeamsChannel } from '../../../src/channels/teams/index.js';
import { PENDING_SIGN_INS_KEY, pendingSignInOwner } from '../../../src/channels/teams/sign-in/pending-sign-ins.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createHttpServer, type HttpServer } from '../../../src/server/http-server.js';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import { startFakeBotTokenService, type FakeBotTokenService } from '../../fakes/bot-token-service.js';
import { ALICE, BOB, createFederatedFixture, storeFileBytes, type FederatedFixture } from '../../identity/support/federated-fixture.js';
import { adaptiveCardProblems } from './adaptive-card-validation.js';
import { ALICE_TEAMS, BOB_TEAMS, PERSONAL_CHAT_ID, channelThreadConversation, personalConversation, personalMessageFrom, signInInvoke } from './sign-in-activities.js';
import { CHANNEL_ID, channelMention, postActivity } from './teams-activities.js';

const WHO_AND_ROWS = 'SELECT current_user AS who, owner, region, amount FROM sales ORDER BY amount';
const OAUTH_CARD = 'application/vnd.microsoft.card.oauth';
const ADAPTIVE_CARD = 'application/vnd.microsoft.card.adaptive';

interface Attachment {
  contentType: string;
  content: Record<string, unknown>;
}

let fixture: FederatedFixture;
let connector: FakeBotConnector;
let tokenService: FakeBotTokenService;
let bot: { server: HttpServer; channel: TeamsChannel; baseUrl: string } | undefined;
const everyConnectorCall: RecordedConnectorCall[] = [];
const invokeResponseBodies: string[] = [];

async function startBot() {
  const logger = createLogger({ level: 'debug', write: (line) => void fixture.logLines.push(line) });
  const server = createHttpServer();
  const store = fixture.store;
  const channel = await attachTeamsChannel({
    app: server.app,
    handler: fixture.engine,
    auth: {},
    logger,
    typingIntervalMs: 200,
    // The answers are checked as card messages; streaming has its own test file.
    streamPersonalChats: false,
    store: storySourceOf(store),
    storyCardValues: { get: (threadId, key) => store.getThreadValue(threadId, key), set: (threadId, key, value) => store.setThreadValue(threadId, key, value, new Date()) },
    signIn: { identity: fixture.identity, oauthConnectionName: tokenService.connectionName, tokenServiceUrl: tokenService.url },
  });
  const port = await server.listen(0, '127.0.0.1');
  bot = { server, channel, baseUrl: `http://127.0.0.1:${port}` };
  return bot;
}

async function stopBot() {
  if (!bot) return;
  await bot.channel.stop();
  await bot.server.close();
  bot = undefined;
}

/** Posts an invoke and returns Teams' view of the answer (status and JSON body). */
async function invoke(activity: unknown) {
  const response = await postActivity(bot!.baseUrl, activity);
  const text = await response.text();
  invokeResponseBodies.push(text);
  await bot!.channel.idle();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

function attachmentsOf(call: RecordedConnectorCall | undefined): Attachment[] {
  return (call?.activity.attachments as Attachment[] | undefined) ?? [];
}

function collectCalls() {
  everyConnectorCall.push(...connector.calls);
  connector.clear();
}

async function auditRanAs(threadId: string) {
  return (await fixture.store.listQueryAudit({ threadId })).map((record) => record.ranAs);
}

/** The whole secret and three 24-character pieces of its signature (a truncated copy still leaks). */
function tokenFragments(secret: string): string[] {
  const random = secret.split('.').at(-1)!.replace(/^fake-refresh-/, '');
  if (random.length < 48) return [secret];
  const middle = Math.floor(random.length / 2);
  return [secret, random.slice(0, 24), random.slice(middle - 12, middle + 12), random.slice(-24)];
}

beforeAll(async () => {
  fixture = await createFederatedFixture();
  connector = await startFakeBotConnector();
  tokenService = await startFakeBotTokenService();
});

afterAll(async () => {
  await stopBot();
  await connector?.close();
  await tokenService?.close();
  await fixture?.close();
});

describe('a Teams channel question about a federated database', () => {
  const rootId = 'sign-in-root-1';
  const threadConversationId = `${CHANNEL_ID};messageid=${rootId}`;
  const threadId = `teams:72f988bf-86f1-41af-91ab-2d7cd011db47:${threadConversationId}`;

  test('without sign-in: an answer that asks to sign in plus an OAuth sign-in card, and nothing runs on the database', async () => {
    await startBot();
    const connectionsBefore = fixture.proxy.connections.length;
    fixture.scriptQuery(WHO_AND_ROWS, '');
    expect((await postActivity(bot!.baseUrl, channelMention(connector.url, rootId, 'what are my sales?', ALICE_TEAMS))).status).toBe(200);
    await bot!.channel.idle();

    const messages = connector.messages();
    expect(messages).toHaveLength(2);
    expect(connector.calls.every((call) => call.conversationId === threadConversationId)).toBe(true);
    // 1. The answer (an Adaptive Card, valid for 1.5) says why nothing was answered.
    const [answer] = attachmentsOf(messages[0]);
    expect(answer?.contentType).toBe(ADAPTIVE_CARD);
    expect(await adaptiveCardProblems(answer?.content)).toEqual([]);
    expect(JSON.stringify(answer?.content)).toMatch(/sign in/i);
    // 2. The OAuth card of the Azure Bot connection: a Sign in button with the token service's
    //    link; no single sign-on resource in a channel (Teams channels have none).
    const [card] = attachmentsOf(messages[1]);
    expect(card?.contentType).toBe(OAUTH_CARD);
    const resource = tokenService.signInResources.at(-1)!;
    expect(card?.content).toMatchObject({
      connectionName: tokenService.connectionName,
      buttons: [{ type: 'signin', title: 'Sign in', value: resource.signInLink }],
    });
    expect(card?.content.tokenExchangeResource).toBeUndefined();
    expect(card?.content.text).toContain('Alice Example');
    expect(card?.content.text).toContain('warehouse');
    // The sign-in state names this bot's connection and the thread the card was posted in.
    expect(resource.state).toMatchObject({ connectionName: tokenService.connectionName, conversation: { conversation: { id: threadConversationId } } });

    // Nothing ran, as anyone: no login reached the database, the audit has no person.
    expect(fixture.proxy.connections.length).toBe(connectionsBefore);
    expect(await auditRanAs(threadId)).toEqual([null]);
    // The waiting question is remembered in the store (thread and person; no question text needed).
    const pending = await fixture.store.getThreadValue(pendingSignInOwner(ALICE_TEAMS.aadObjectId), PENDING_SIGN_INS_KEY);
    expect(JSON.parse(pending!)).toEqual([expect.objectContaining({ threadId, request: expect.objectContaining({ actor: expect.objectContaining({ userId: ALICE_TEAMS.aadObjectId }) }) })]);
    collectCalls();
  });

  test('someone else signing in through that card runs nothing for the asker', async () => {
    await stopBot(); // the waiting question must survive a restart
    await startBot();
    const connectionsBefore = fixture.proxy.connections.length;
    const code = tokenService.completeSignIn(BOB_TEAMS.id, fixture.entra.issueUserToken(BOB));
    const answer = await invoke(signInInvoke(connector.url, 'bob-verify-1', 'signin/verifyState', { state: code }, channelThreadConversation(rootId), BOB_TEAMS));
    expect(answer.status).toBe(200);
    expect(connector.messages()).toHaveLength(0);
    expect(fixture.proxy.connections.length).toBe(connectionsBefore);
    expect(await fixture.identity.teams.hasSsoToken(BOB_TEAMS.aadObjectId)).toBe(true);
    expect(await fixture.store.getThreadValue(pendingSignInOwner(ALICE_TEAMS.aadObjectId), PENDING_SIGN_INS_KEY)).toContain(threadId);
    collectCalls();
  });

  test('after Alice signs in (signin/verifyState), the question resumes and the answer, her rows only, is posted in the thread', async () => {
    const token = fixture.entra.issueUserToken(ALICE);
    const code = tokenService.completeSignIn(ALICE_TEAMS.id, token);
    fixture.scriptQuery(WHO_AND_ROWS, 'Here are your sales.');
    const answer = await invoke(signInInvoke(connector.url, 'alice-verify-1', 'signin/verifyState', { state: code }, channelThreadConversation(rootId), ALICE_TEAMS));
    expect(answer.status).toBe(200);

    // The model was asked the thread's question again.
    expect(JSON.stringify(fixture.model.prompts.at(-1))).toContain('what are my sales?');
    const messages = connector.messages();
    expect(messages).toHaveLength(1);
    expect(connector.calls.every((call) => call.conversationId === threadConversationId)).toBe(true);
    const [card] = attachmentsOf(messages[0]);
    expect(card?.contentType).toBe(ADAPTIVE_CARD);
    expect(await adaptiveCardProblems(card?.content)).toEqual([]);
    const shown = JSON.stringify(card?.content);
    expect(shown).toContain('Here are your sales.');
    expect(shown).toContain(ALICE);
    expect(shown).toContain('150');
    expect(shown).not.toContain(BOB);
    expect(shown).not.toContain('900');
    // It ran as Alice: SELECT current_user is Alice, and the audit says so.
    expect(await auditRanAs(threadId)).toEqual([null, ALICE]);
    expect(fixture.proxy.connections.filter((connection) => connection.accepted).at(-1)?.user).toBe(ALICE);
    expect(await fixture.store.getThreadValue(pendingSignInOwner(ALICE_TEAMS.aadObjectId), PENDING_SIGN_INS_KEY)).toBe('[]');
    collectCalls();
  });

  test('a replayed sign-in code or a second invoke resumes nothing', async () => {
    const connectionsBefore = fixture.proxy.connections.length;
    const replay = await invoke(signInInvoke(connector.url, 'alice-verify-2', 'signin/verifyState', { state: '000000' }, channelThreadConversation(rootId), ALICE_TEAMS));
    expect(replay.status).toBe(404);
    expect(connector.messages()).toHaveLength(0);
    expect(fixture.proxy.connections.length).toBe(connectionsBefore);
    collectCalls();
  });
});

describe('Teams personal chat: single sign-on', () => {
  test('a token the token service already holds is saved before the turn: the query runs as Alice, no card', async () => {
    await fixture.identity.teams.signOut(ALICE_TEAMS.aadObjectId);
    tokenService.holdToken(ALICE_TEAMS.id, fixture.entra.issueUserToken(ALICE));
    fixture.scriptQuery(WHO_AND_ROWS, 'Your sales.');
    await postActivity(bot!.baseUrl, personalMessageFrom(connector.url, 'personal-1', 'what are my sales?', ALICE_TEAMS));
    await bot!.channel.idle();

    const messages = connector.messages();
    expect(messages.map((message) => attachmentsOf(message)[0]?.contentType)).toEqual([ADAPTIVE_CARD]);
    expect(connector.calls.every((call) => call.conversationId === PERSONAL_CHAT_ID)).toBe(true);
    const shown = JSON.stringify(attachmentsOf(messages[0])[0]?.content);
    expect(shown).toContain(ALICE);
    expect(shown).not.toContain(BOB);
    expect(tokenService.calls.some((call) => call.path === '/api/usertoken/GetToken' && call.query.userId === ALICE_TEAMS.id && !call.query.code)).toBe(true);
    const audit = await fixture.store.listQueryAudit();
    expect(audit.at(-1)?.ranAs).toBe(ALICE);
    collectCalls();
  });

  test('without any token: an SSO OAuth card; the signin/tokenExchange is answered 200, saved, and the question resumes as Alice', async () => {
    await fixture.identity.teams.signOut(ALICE_TEAMS.aadObjectId);
    tokenService.forget(ALICE_TEAMS.id);
    const connectionsBefore = fixture.proxy.connections.length;
    fixture.scriptQuery(WHO_AND_ROWS, '');
    await postActivity(bot!.baseUrl, personalMessageFrom(connector.url, 'personal-2', 'and my sales by region?', ALICE_TEAMS));
    await bot!.channel.idle();

    const [answer, signIn] = connector.messages();
    expect(await adaptiveCardProblems(attachmentsOf(answer)[0]?.content)).toEqual([]);
    const card = attachmentsOf(signIn)[0];
    expect(card?.contentType).toBe(OAUTH_CARD);
    const resource = tokenService.signInResources.at(-1)!;
    // In a chat the card carries the exchange resource: Teams tries single sign-on silently first.
    expect(card?.content.tokenExchangeResource).toMatchObject({ id: resource.tokenExchangeResourceId });
    expect(fixture.proxy.connections.length).toBe(connectionsBefore);
    collectCalls();

    // A token the token service refuses: 412, so Teams shows the Sign in button; nothing runs.
    const refused = await invoke(
      signInInvoke(connector.url, 'exchange-1', 'signin/tokenExchange', { id: resource.tokenExchangeResourceId, connectionName: tokenService.connectionName, token: fixture.entra.issueUserToken(ALICE) }, personalConversation(), ALICE_TEAMS),
    );
    expect(refused.status).toBe(412);
    expect(refused.body).toMatchObject({ id: resource.tokenExchangeResourceId, connectionName: tokenService.connectionName });
    expect(refused.body?.failureDetail).toEqual(expect.any(String));
    expect(connector.messages()).toHaveLength(0);
    expect(await fixture.identity.teams.hasSsoToken(ALICE_TEAMS.aadObjectId)).toBe(false);

    // Teams' SSO token, exchanged by the token service for the connection's token.
    const ssoToken = fixture.entra.issueUserToken(ALICE);
    tokenService.acceptExchange(ALICE_TEAMS.id, ssoToken, fixture.entra.issueUserToken(ALICE));
    fixture.scriptQuery(WHO_AND_ROWS, 'Your sales by region.');
    const exchanged = await invoke(
      signInInvoke(connector.url, 'exchange-2', 'signin/tokenExchange', { id: resource.tokenExchangeResourceId, connectionName: tokenService.connectionName, token: ssoToken }, personalConversation(), ALICE_TEAMS),
    );
    expect(exchanged).toEqual({ status: 200, body: { id: resource.tokenExchangeResourceId, connectionName: tokenService.connectionName } });
    const messages = connector.messages();
    expect(messages).toHaveLength(1);
    const shown = JSON.stringify(attachmentsOf(messages[0])[0]?.content);
    expect(shown).toContain('Your sales by region.');
    expect(shown).toContain(ALICE);
    expect(shown).not.toContain(BOB);
    expect(connector.calls.every((call) => call.conversationId === PERSONAL_CHAT_ID)).toBe(true);
    expect(JSON.stringify(fixture.model.prompts.at(-1))).toContain('and my sales by region?');
    expect((await fixture.store.listQueryAudit()).at(-1)?.ranAs).toBe(ALICE);
    collectCalls();
  });

  test('a token exchange for another connection is refused (400)', async () => {
    const answer = await invoke(signInInvoke(connector.url, 'exchange-3', 'signin/tokenExchange', { id: 'x', connectionName: 'someone-elses', token: fixture.entra.issueUserToken(ALICE) }, personalConversation(), ALICE_TEAMS));
    expect(answer.status).toBe(400);
    collectCalls();
  });
});

describe('Teams: no token anywhere it must not be', () => {
  test('no token string in what the bot posted, answered, logged or stored in clear', async () => {
    await stopBot();
    collectCalls();
    const secrets = [...fixture.entra.userTokens, ...fixture.entra.issued.flatMap((issued) => [issued.accessToken, issued.refreshToken])];
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    const posted = JSON.stringify(everyConnectorCall);
    const logs = fixture.logLines.join('\n');
    const responses = invokeResponseBodies.join('\n');
    const stored = (await storeFileBytes(fixture.storeDirectory)).toString('latin1');
    expect(everyConnectorCall.length).toBeGreaterThan(0);
    expect(logs).toContain('Teams sign-in completed');
    for (const secret of secrets) {
      for (const fragment of tokenFragments(secret)) {
        expect(posted.includes(fragment)).toBe(false);
        expect(logs.includes(fragment)).toBe(false);
        expect(responses.includes(fragment)).toBe(false);
        expect(stored.includes(fragment)).toBe(false);
      }
    }
  });
});
