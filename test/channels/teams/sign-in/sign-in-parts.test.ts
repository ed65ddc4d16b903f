// The pieces of Teams sign-in on their own: the waiting-question list, the OAuth card, and the
// invoke answers (with a recording stand-in for the SDK's UserTokenClient).
import { describe, expect, it } from 'vitest';
import type { TurnRequest } from '../../../../src/conversations/types.js';
import { PENDING_SIGN_INS_PER_USER, PENDING_SIGN_IN_TTL_MS, PendingSignIns } from '../../../../src/channels/teams/sign-in/pending-sign-ins.js';
import { buildSignInCard } from '../../../../src/channels/teams/sign-in/sign-in-card.js';
import { answerSignInInvoke, type TeamsUserTokenClient } from '../../../../src/channels/teams/sign-in/sso-token-exchange.js';
import { createTeamsSignIn } from '../../../../src/channels/teams/sign-in/teams-sign-in.js';
import { createMemoryThreadValues } from '../../../../src/channels/teams/stories/story-card-ledger.js';
import type { ReplyTarget } from '../../../../src/channels/teams/types.js';

const OID = '11111111-1111-4111-8111-111111111111';
const parties: ReplyTarget = {
  channelId: 'msteams',
  serviceUrl: 'https://smba.example/',
  conversation: { id: 'a:1chat', conversationType: 'personal' },
  bot: { id: '28:bot' },
  user: { id: '29:alice', aadObjectId: OID },
};

function request(threadId: string): TurnRequest {
  return {
    threadId,
    platform: 'teams',
    actor: { platform: 'teams', userId: OID },
    text: 'q',
    kind: 'message',
    place: { isDirectMessage: true },
    interactive: true,
    eventKey: 'teams-activity:1',
  };
}

/** An unsigned JWT-shaped token with the given claims (the channel only reads claims). */
function tokenFor(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.signature-part-of-a-fake-token-for-tests`;
}

function logger() {
  const lines: string[] = [];
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push(JSON.stringify({ level, message, ...fields }));
  return { lines, info: write('info'), warn: write('warn'), error: write('error') };
}

describe('PendingSignIns', () => {
  it('keeps one entry per thread, drops dedupe keys, empties on take, and forgets stale entries', async () => {
    let now = new Date('2026-03-02T10:00:00Z');
    let next = 0;
    const pending = new PendingSignIns(createMemoryThreadValues(), () => now, () => `id-${++next}`);
    await pending.remember(OID, request('teams:t:a'), parties);
    await pending.remember(OID, request('teams:t:a'), parties);
    await pending.remember(OID, request('teams:t:b'), parties);
    const taken = await pending.take(OID);
    expect(taken.map((entry) => [entry.id, entry.threadId])).toEqual([
      ['id-2', 'teams:t:a'],
      ['id-3', 'teams:t:b'],
    ]);
    expect(taken[0]?.request.eventKey).toBeUndefined();
    expect(await pending.take(OID)).toEqual([]);

    await pending.remember(OID, request('teams:t:c'), parties);
    now = new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS);
    expect(await pending.take(OID)).toEqual([]);
  });

  it('keeps at most a few questions per person, the newest', async () => {
    const pending = new PendingSignIns(createMemoryThreadValues(), () => new Date());
    await Promise.all(Array.from({ length: PENDING_SIGN_INS_PER_USER + 3 }, (_, index) => pending.remember(OID, request(`teams:t:${index}`), parties)));
    const taken = await pending.take(OID);
    expect(taken).toHaveLength(PENDING_SIGN_INS_PER_USER);
    expect(taken.at(-1)?.threadId).toBe(`teams:t:${PENDING_SIGN_INS_PER_USER + 2}`);
  });
});

describe('buildSignInCard', () => {
  const resource = { signInLink: 'https://token.example/sign-in?x', tokenExchangeResource: { id: 'exchange-1', uri: 'api://botid-app' }, tokenPostResource: { sasUrl: 'https://token.example/post' } };

  it('offers single sign-on in chats and only the button in channels', () => {
    const chat = buildSignInCard({ connectionName: 'entra', resource, databases: ['warehouse'], askerName: 'Alice', singleSignOn: true });
    expect(chat.contentType).toBe('application/vnd.microsoft.card.oauth');
    expect(chat.content).toMatchObject({ connectionName: 'entra', tokenExchangeResource: { id: 'exchange-1' }, buttons: [{ type: 'signin', value: resource.signInLink }] });
    expect((chat.content as { text: string }).text).toBe('Alice, to query warehouse I need to act as you. Sign in with your Microsoft account and I will answer your question here.');
    const channel = buildSignInCard({ connectionName: 'entra', resource, databases: ['warehouse'], singleSignOn: false });
    expect((channel.content as { tokenExchangeResource?: unknown }).tokenExchangeResource).toBeUndefined();
  });
});

describe('answerSignInInvoke', () => {
  const from = { id: '29:alice', aadObjectId: OID };
  const future = Math.floor(Date.now() / 1000) + 3600;

  function client(answers: Partial<Record<'exchange' | 'getUserToken', string | Error>>) {
    const calls: unknown[][] = [];
    const answer = async (value: string | Error | undefined) => {
      if (value instanceof Error) throw value;
      return { token: value };
    };
    const fake: TeamsUserTokenClient = {
      exchangeTokenAsync: async (...args) => {
        calls.push(['exchange', ...args]);
        return answer(answers.exchange);
      },
      getUserToken: async (...args) => {
        calls.push(['getUserToken', ...args]);
        return answer(answers.getUserToken);
      },
      getSignInResource: async () => {
        throw new Error('not used');
      },
    };
    return { fake, calls };
  }

  function tokens() {
    const saved: Array<[string, string]> = [];
    return { saved, saveSsoToken: async (id: string, token: string) => saved.push([id, token]) > 0, hasSsoToken: async () => false };
  }

  it('exchanges the SSO token through the token service and saves the result for the sender', async () => {
    const exchanged = tokenFor({ oid: OID, exp: future });
    const { fake, calls } = client({ exchange: exchanged });
    const store = tokens();
    const result = await answerSignInInvoke(
      { type: 'invoke', name: 'signin/tokenExchange', channelId: 'msteams', from, value: { id: 'x1', connectionName: 'entra', token: 'teams-sso-token' } },
      { client: fake, connectionName: 'entra', tokens: store, logger: logger() },
    );
    expect(result).toEqual({ response: { status: 200, body: { id: 'x1', connectionName: 'entra' } }, signedIn: { aadObjectId: OID } });
    expect(calls).toEqual([['exchange', '29:alice', 'entra', 'msteams', { token: 'teams-sso-token' }]]);
    expect(store.saved).toEqual([[OID, exchanged]]);
  });

  it('answers 412 when the token service refuses, and logs no token', async () => {
    const { fake } = client({ exchange: new Error('Request failed with status 400: {"token":"teams-sso-token"}') });
    const log = logger();
    const result = await answerSignInInvoke(
      { type: 'invoke', name: 'signin/tokenExchange', channelId: 'msteams', from, value: { id: 'x2', connectionName: 'entra', token: 'teams-sso-token' } },
      { client: fake, connectionName: 'entra', tokens: tokens(), logger: log },
    );
    expect(result.response.status).toBe(412);
    expect(result.signedIn).toBeUndefined();
    expect(log.lines.join('\n')).not.toContain('teams-sso-token');
  });

  it("refuses a token issued to someone else (oid differs from the sender's aadObjectId)", async () => {
    const { fake } = client({ getUserToken: tokenFor({ oid: '22222222-2222-4222-8222-222222222222', exp: future }) });
    const store = tokens();
    const result = await answerSignInInvoke(
      { type: 'invoke', name: 'signin/verifyState', channelId: 'msteams', from, value: { state: '123456' } },
      { client: fake, connectionName: 'entra', tokens: store, logger: logger() },
    );
    expect(result.response.status).toBe(404);
    expect(store.saved).toEqual([]);
  });

  it('treats a cancelled sign-in as nothing to do', async () => {
    const { fake, calls } = client({});
    const result = await answerSignInInvoke(
      { type: 'invoke', name: 'signin/verifyState', channelId: 'msteams', from, value: { state: 'CancelledByUser' } },
      { client: fake, connectionName: 'entra', tokens: tokens(), logger: logger() },
    );
    expect(result).toEqual({ response: { status: 200 } });
    expect(calls).toEqual([]);
  });
});

describe('TeamsSignIn.signOut', () => {
  function setUp(connectionName: string | undefined) {
    const forgotten: string[] = [];
    const tokenServiceCalls: unknown[][] = [];
    const identity = { teams: { saveSsoToken: async () => true, hasSsoToken: async () => true, signOut: async (id: string) => void forgotten.push(id) } };
    const signIn = createTeamsSignIn({ options: { identity, ...(connectionName ? { oauthConnectionName: connectionName } : {}) }, values: createMemoryThreadValues(), appId: 'app', logger: logger(), now: () => new Date() });
    const client = { signOut: async (...args: unknown[]) => void tokenServiceCalls.push(args) };
    return { forgotten, tokenServiceCalls, signIn, client };
  }

  it('forgets the tokens here and signs the person out at the token service', async () => {
    const { forgotten, tokenServiceCalls, signIn, client } = setUp('entra');
    expect(await signIn.signOut(client as never, parties)).toBe('signed_out');
    expect(forgotten).toEqual([parties.user.aadObjectId]);
    expect(tokenServiceCalls).toEqual([[parties.user.id, 'entra', parties.channelId]]);
  });

  it('still forgets the tokens here when the token service fails, and refuses a person without an Entra object id', async () => {
    const { forgotten, signIn } = setUp('entra');
    const failing = { signOut: async () => Promise.reject(new Error('token service down')) };
    expect(await signIn.signOut(failing as never, parties)).toBe('signed_out');
    expect(forgotten).toEqual([parties.user.aadObjectId]);
    expect(await signIn.signOut(failing as never, { ...parties, user: { id: '29:someone' } })).toBe('unknown_user');
    expect(forgotten).toHaveLength(1);
  });
});
