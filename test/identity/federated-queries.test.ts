// Federated identity end to end: fake Entra ID (msal-node over https, nothing leaves the machine),
// a real PostgreSQL with row-level security behind an Entra-style token check, the real engine.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UserCredentialRequiredError } from '../../src/databases/errors.js';
import { SIGN_IN_COOKIE } from '../../src/server/sign-in-routes.js';
import { slackUserKey } from '../../src/identity/user-keys.js';
import { toolResultTexts } from '../support/scripted-model.js';
import { ALICE, BOB, CONFIGURED_PASSWORD, createFederatedFixture, slackRequest, storeFileBytes, teamsRequest, type FederatedFixture } from './support/federated-fixture.js';

const WHO_AND_ROWS = 'SELECT current_user AS who, owner, region, amount FROM sales ORDER BY amount';
const ALICE_OID = '11111111-1111-4111-8111-111111111111';
const BOB_OID = '22222222-2222-4222-8222-222222222222';

let fixture: FederatedFixture;

/** The whole secret and three 24-character pieces of its random part (a truncated copy still leaks). */
function tokenFragments(secret: string): string[] {
  const random = secret.split('.').at(-1)!.replace(/^fake-refresh-/, '');
  if (random.length < 48) return [secret];
  const middle = Math.floor(random.length / 2);
  return [secret, random.slice(0, 24), random.slice(middle - 12, middle + 12), random.slice(-24)];
}
const outcomeTexts: string[] = [];
const pageBodies: string[] = [];

beforeAll(async () => {
  fixture = await createFederatedFixture();
});

afterAll(async () => {
  await fixture?.close();
});

async function ask(request: Parameters<FederatedFixture['engine']['handle']>[0]) {
  const result = await fixture.engine.handle(request);
  if (result.kind !== 'completed') throw new Error(`turn was ${result.kind}`);
  outcomeTexts.push(JSON.stringify(result.outcome));
  return result.outcome;
}

function cookieFrom(setCookie: string[]): string {
  const pair = setCookie.map((line) => line.split(';')[0]!).find((part) => part.startsWith(`${SIGN_IN_COOKIE}=`));
  if (!pair) throw new Error('no sign-in cookie was set');
  return pair;
}

/** The "browser": start link -> fake authorize page -> callback, following each redirect by hand. */
async function linkSlackAccount(signInUrl: string, options: { cookie?: boolean } = {}) {
  const start = await fetch(signInUrl, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const authorizeUrl = start.headers.get('location')!;
  expect(authorizeUrl.startsWith(fixture.entra.authority)).toBe(true);
  const cookie = cookieFrom(start.headers.getSetCookie());
  const authorize = await fixture.entra.browserGet(authorizeUrl);
  expect(authorize.status).toBe(302);
  const callbackUrl = authorize.location!;
  expect(callbackUrl.startsWith(`${fixture.publicUrl}/auth/microsoft/callback?`)).toBe(true);
  const callback = await fetch(callbackUrl, { redirect: 'manual', headers: options.cookie === false ? {} : { cookie } });
  const body = await callback.text();
  pageBodies.push(body);
  return { authorizeUrl, callbackUrl, cookie, status: callback.status, body };
}

describe('1. Teams: single sign-on token -> on-behalf-of -> the query runs as the person', () => {
  test('Alice sees only her rows, as herself; Bob only his', async () => {
    expect(await fixture.identity.teams.saveSsoToken(ALICE_OID, fixture.entra.issueUserToken(ALICE))).toBe(true);
    fixture.scriptQuery(WHO_AND_ROWS);
    const alice = await ask(teamsRequest(ALICE_OID, 'What are my sales?', 'alice'));
    expect(alice.tables[0]?.rows).toEqual([
      [ALICE, ALICE, 'North', 100],
      [ALICE, ALICE, 'South', 150],
    ]);

    expect(await fixture.identity.teams.saveSsoToken(BOB_OID, fixture.entra.issueUserToken(BOB))).toBe(true);
    fixture.scriptQuery(WHO_AND_ROWS);
    const bob = await ask(teamsRequest(BOB_OID, 'What are my sales?', 'bob'));
    expect(bob.tables[0]?.rows).toEqual([[BOB, BOB, 'North', 900]]);

    // The on-behalf-of grant carried the person's own token, for the database's scope.
    const oboRequests = fixture.entra.requests.filter((request) => request.form.grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(oboRequests.map((request) => request.form.scope?.split(' ').includes('https://ossrdbms-aad.database.windows.net/.default'))).toEqual([true, true]);
    expect(oboRequests.map((request) => request.status)).toEqual([200, 200]);
    // The database saw each person log in with a token issued for them (checked like Azure does).
    expect(fixture.proxy.connections.filter((connection) => connection.accepted).map((connection) => connection.user)).toEqual([ALICE, BOB]);
    // The audit records who each query ran as.
    const audit = await fixture.store.listQueryAudit();
    expect(audit.map((record) => [record.actor.userId, record.ranAs])).toEqual([
      [ALICE_OID, ALICE],
      [BOB_OID, BOB],
    ]);
    // msal-node only ever talked to the local authority.
    expect(fixture.msalUrls.length).toBeGreaterThan(0);
    expect(fixture.msalUrls.every((url) => url.startsWith(fixture.entra.authority))).toBe(true);
  });

  test('the exchanged token is reused until shortly before it expires: no second exchange for the same person', async () => {
    const before = fixture.entra.requests.length;
    fixture.scriptQuery('SELECT count(*) AS n FROM sales');
    const again = await ask(teamsRequest(ALICE_OID, 'How many rows?', 'alice'));
    expect(again.tables[0]?.rows).toEqual([[2]]);
    expect(fixture.entra.requests.length).toBe(before);
  });

  test('a token that no longer works (revoked) leads to a sign-in prompt, and is forgotten', async () => {
    await fixture.identity.teams.signOut(BOB_OID);
    fixture.entra.revoke(BOB);
    await fixture.identity.teams.saveSsoToken(BOB_OID, fixture.entra.issueUserToken(BOB));
    const connectionsBefore = fixture.proxy.connections.length;
    fixture.scriptQuery(WHO_AND_ROWS, '');
    const outcome = await ask(teamsRequest(BOB_OID, 'What are my sales?', 'bob-revoked'));
    expect(outcome.text).toMatch(/sign in/i);
    expect(outcome.tables).toEqual([]);
    expect(await fixture.identity.teams.hasSsoToken(BOB_OID)).toBe(false);
    expect(fixture.proxy.connections.length).toBe(connectionsBefore);
  });

  test('an SSO token that has already expired is not stored', async () => {
    expect(await fixture.identity.teams.saveSsoToken(ALICE_OID, fixture.entra.issueUserToken(ALICE, { expiresInSeconds: -10 }))).toBe(false);
  });
});

describe('3. Slack: account linking through /auth/microsoft/start and /callback, then a federated query', () => {
  const aliceSlack = slackUserKey('U_ALICE');

  test('a Slack user without a linked account is asked to connect, and nothing runs', async () => {
    const connectionsBefore = fixture.proxy.connections.length;
    fixture.scriptQuery(WHO_AND_ROWS, '');
    const outcome = await ask(slackRequest('U_ALICE', 'What are my sales?', '000100'));
    expect(outcome.text).toMatch(/sign in/i);
    // The model was told why, and not to retry.
    expect(toolResultTexts(fixture.model.prompts.at(-1)!).join('\n')).toMatch(/need to sign in/);
    expect(fixture.proxy.connections.length).toBe(connectionsBefore);
  });

  test('linking end to end (PKCE, signed state), the pending thread is handed back, then the query runs as the linked person', async () => {
    const linked: Array<[string, string | undefined]> = [];
    const stop = fixture.identity.slack!.onLinked((userKey, threadId) => {
      linked.push([userKey, threadId]);
    });
    fixture.entra.signInAs(ALICE);
    const signInUrl = fixture.identity.slack!.createSignInUrl(aliceSlack, 'slack:T1:C1:1700000000.000100');
    expect(signInUrl.startsWith(`${fixture.publicUrl}/auth/microsoft/start?state=`)).toBe(true);
    const flow = await linkSlackAccount(signInUrl);
    stop();
    expect(flow.status).toBe(200);
    expect(flow.body).toContain('Connected');
    expect(flow.body).toContain('go back to Slack');
    expect(linked).toEqual([[aliceSlack, 'slack:T1:C1:1700000000.000100']]);

    // PKCE: the authorize request carried an S256 challenge, the token request the matching verifier.
    const authorize = new URL(flow.authorizeUrl);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const codeGrant = fixture.entra.requests.find((request) => request.form.grant_type === 'authorization_code');
    expect(codeGrant?.status).toBe(200);
    expect(codeGrant?.form.code_verifier).toBeTruthy();
    expect(await fixture.identity.slack!.linkedAccount(aliceSlack)).toEqual({ upn: ALICE, objectId: ALICE_OID });

    fixture.scriptQuery(WHO_AND_ROWS);
    const outcome = await ask(slackRequest('U_ALICE', 'What are my sales?', '000100'));
    expect(outcome.tables[0]?.rows).toEqual([
      [ALICE, ALICE, 'North', 100],
      [ALICE, ALICE, 'South', 150],
    ]);
    const audit = await fixture.store.listQueryAudit({ threadId: 'slack:T1:C1:1700000000.000100' });
    expect(audit.at(-1)?.ranAs).toBe(ALICE);
  });

  test('a replayed callback is refused (400) and links nothing', async () => {
    fixture.entra.signInAs(ALICE);
    const signInUrl = fixture.identity.slack!.createSignInUrl(slackUserKey('U_REPLAY'), undefined);
    const flow = await linkSlackAccount(signInUrl);
    expect(flow.status).toBe(200);
    const replay = await fetch(flow.callbackUrl, { redirect: 'manual', headers: { cookie: flow.cookie } });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('already used');
    const restart = await fetch(signInUrl, { redirect: 'manual' });
    expect(restart.status).toBe(400);
    await fixture.identity.slack!.unlinkUser(slackUserKey('U_REPLAY'));
  });

  test('a forged state is refused with 400 and a plain message', async () => {
    const signInUrl = new URL(fixture.identity.slack!.createSignInUrl(slackUserKey('U_MALLORY'), undefined));
    const [body, signature] = signInUrl.searchParams.get('state')!.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, u: aliceSlack }), 'utf8').toString('base64url');
    signInUrl.searchParams.set('state', `${forgedBody}.${signature}`);
    const response = await fetch(signInUrl, { redirect: 'manual' });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('not issued by datathread');
    expect(response.headers.get('location')).toBeNull();

    const garbage = await fetch(`${fixture.publicUrl}/auth/microsoft/callback?code=x&state=nonsense`, { redirect: 'manual' });
    expect(garbage.status).toBe(400);
  });

  test('an expired state is refused with 400, at the start and at the callback', async () => {
    const signInUrl = fixture.identity.slack!.createSignInUrl(slackUserKey('U_LATE'), undefined);
    const start = await fetch(signInUrl, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const authorize = await fixture.entra.browserGet(start.headers.get('location')!);
    fixture.advanceClock(11 * 60_000);
    try {
      const callback = await fetch(authorize.location!, { redirect: 'manual', headers: { cookie: cookieFrom(start.headers.getSetCookie()) } });
      expect(callback.status).toBe(400);
      expect(await callback.text()).toContain('expired');
      const restart = await fetch(signInUrl, { redirect: 'manual' });
      expect(restart.status).toBe(400);
    } finally {
      fixture.advanceClock(-11 * 60_000);
    }
    expect(await fixture.identity.slack!.isLinked(slackUserKey('U_LATE'))).toBe(false);
  });

  test('a callback in a browser that did not start the sign-in is refused', async () => {
    const flow = await linkSlackAccount(fixture.identity.slack!.createSignInUrl(slackUserKey('U_OTHER_BROWSER'), undefined), { cookie: false });
    expect(flow.status).toBe(400);
    expect(await fixture.identity.slack!.isLinked(slackUserKey('U_OTHER_BROWSER'))).toBe(false);
  });

  test('after unlinking, the next question asks to connect again', async () => {
    await fixture.identity.slack!.unlinkUser(aliceSlack);
    expect(await fixture.identity.slack!.isLinked(aliceSlack)).toBe(false);
    fixture.scriptQuery(WHO_AND_ROWS, '');
    const outcome = await ask(slackRequest('U_ALICE', 'What are my sales?', '000200'));
    expect(outcome.text).toMatch(/sign in/i);
    expect(outcome.tables).toEqual([]);
  });
});

describe('5. no token: never the configured password', () => {
  test('the adapter refuses, and nobody logs in as the configured user', async () => {
    const before = fixture.proxy.connections.length;
    await expect(fixture.database.runQuery('SELECT 1', { rowCap: 10, timeoutMs: 5_000 })).rejects.toBeInstanceOf(UserCredentialRequiredError);
    fixture.scriptQuery(WHO_AND_ROWS, '');
    const outcome = await ask(teamsRequest('33333333-3333-4333-8333-333333333333', 'What are my sales?', 'nobody'));
    expect(outcome.text).toMatch(/sign in/i);
    expect(fixture.proxy.connections.length).toBe(before);
    expect(fixture.proxy.connections.some((connection) => connection.user === fixture.sharedRole)).toBe(false);
    const sessions = await fixture.asAdmin<{ count: string }>('SELECT count(*) FROM pg_stat_activity WHERE usename = $1', [fixture.sharedRole]);
    expect(Number(sessions.rows[0]!.count)).toBe(0);
    const audit = await fixture.store.listQueryAudit({ threadId: 'teams:contoso:19:chat-nobody' });
    expect(audit.map((record) => [record.ranAs, /sign in/i.test(record.detail ?? '')])).toEqual([[null, true]]);
  });

  test('the token check is real: a token for someone else, or no token, does not open a session', async () => {
    const aliceToken = fixture.entra.issued.filter((issued) => issued.upn === ALICE).at(-1)!.accessToken;
    const results = await Promise.allSettled([
      fixture.database.runQuery('SELECT 1', { rowCap: 10, timeoutMs: 5_000, credential: { userName: BOB, accessToken: aliceToken } }),
      fixture.database.runQuery('SELECT 1', { rowCap: 10, timeoutMs: 5_000, credential: { userName: BOB, accessToken: CONFIGURED_PASSWORD } }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(fixture.proxy.connections.slice(-2).map((connection) => connection.accepted)).toEqual([false, false]);
  });
});

describe('4. no token in any log line, message, page or stored column', () => {
  test('scans everything that was written', async () => {
    const secrets = [
      ...fixture.entra.userTokens,
      ...fixture.entra.issued.flatMap((issued) => [issued.accessToken, issued.refreshToken]),
      fixture.entra.clientSecret,
    ];
    expect(fixture.entra.issued.length).toBeGreaterThanOrEqual(3);
    // Tokens are stored (encrypted): the scan below is not trivially empty.
    const stored = await fixture.store.getUserToken(slackUserKey('U_REPLAY'), 'entra:linked-account');
    expect(stored).toBeUndefined();
    const teamsToken = await fixture.store.getUserToken(`teams:${ALICE_OID}`, 'entra:teams-sso');
    expect(teamsToken?.ciphertext.length).toBeGreaterThan(100);

    const storeBytes = await storeFileBytes(fixture.storeDirectory);
    const storedMessages = JSON.stringify(
      await Promise.all(
        ['teams:contoso:19:chat-alice', 'teams:contoso:19:chat-bob', 'slack:T1:C1:1700000000.000100'].map((threadId) => fixture.store.listMessages(threadId)),
      ),
    );
    const modelInputs = JSON.stringify(fixture.model.prompts);
    const haystacks: Array<[string, string | Buffer]> = [
      ['log lines', fixture.logLines.join('\n')],
      ['turn outcomes', outcomeTexts.join('\n')],
      ['stored messages', storedMessages],
      ['model prompts', modelInputs],
      ['sign-in pages', pageBodies.join('\n')],
      ['store files', storeBytes],
    ];
    const leaks: string[] = [];
    for (const [where, haystack] of haystacks) {
      for (const secret of secrets) {
        if (tokenFragments(secret).some((fragment) => haystack.includes(fragment))) leaks.push(`${where}: ${secret.slice(0, 12)}…`);
      }
    }
    expect(leaks).toEqual([]);
    // The scan does find a token, or a piece of one, where one is.
    const tail = fixture.entra.issued[0]!.accessToken.slice(-30);
    expect(tokenFragments(fixture.entra.issued[0]!.accessToken).some((fragment) => `logged: ${tail}`.includes(fragment))).toBe(true);
    // And the model did see the query results (so the prompt scan covered real tool output).
    expect(fixture.model.prompts.flatMap((prompt) => toolResultTexts(prompt)).join('\n')).toContain(ALICE);
    expect(fixture.logLines.length).toBeGreaterThan(0);
    expect(CONFIGURED_PASSWORD).not.toBe('');
  });
});
