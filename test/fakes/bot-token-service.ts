// A local server speaking the slice of the Bot Framework token service (api.botframework.com) that
// the Agents SDK's UserTokenClient calls for user sign-in through an Azure Bot OAuth connection:
//   GET    /api/usertoken/GetToken?connectionName&channelId&userId[&code]   -> { token } | 404
//   GET    /api/botsignin/GetSignInResource?state=<base64 JSON>            -> sign-in link + exchange resource
//   POST   /api/usertoken/exchange?userId&connectionName&channelId  {token} -> { token } | 400
//   DELETE /api/usertoken/SignOut?userId&connectionName&channelId
// The test decides what happens: `completeSignIn` plays a person finishing the sign-in page (the
// magic code Teams then sends in signin/verifyState), `acceptExchange` says which SSO token the
// service exchanges for which user token. It records every request.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface RecordedTokenServiceCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  status: number;
}

export interface FakeBotTokenService {
  url: string;
  connectionName: string;
  calls: RecordedTokenServiceCall[];
  /** Every sign-in resource handed out (the decoded `state` the bot sent with it). */
  signInResources: Array<{ signInLink: string; tokenExchangeResourceId: string; state: Record<string, unknown> }>;
  /** The person (Teams user id, `29:…`) finished the sign-in page: returns the magic code for verifyState. */
  completeSignIn(teamsUserId: string, token: string): string;
  /** The service already holds a token for this person (they signed in earlier). */
  holdToken(teamsUserId: string, token: string): void;
  /** A signin/tokenExchange with `ssoToken` from this person is exchanged for `token`. */
  acceptExchange(teamsUserId: string, ssoToken: string, token: string): void;
  /** Forgets the token the service holds for this person (as a sign-out would). */
  forget(teamsUserId: string): void;
  close(): Promise<void>;
}

export async function startFakeBotTokenService(options: { connectionName?: string } = {}): Promise<FakeBotTokenService> {
  const connectionName = options.connectionName ?? 'datathread-entra';
  const calls: RecordedTokenServiceCall[] = [];
  const signInResources: FakeBotTokenService['signInResources'] = [];
  const held = new Map<string, string>();
  const codes = new Map<string, { teamsUserId: string; token: string }>();
  const exchanges = new Map<string, { teamsUserId: string; token: string }>();
  let baseUrl = '';

  const server: Server = createServer((request, response) => {
    readBody(request)
      .then((body) => {
        const url = new URL(request.url ?? '/', 'http://token.local');
        const query = Object.fromEntries(url.searchParams.entries());
        const answer = (status: number, payload?: unknown) => {
          calls.push({ method: request.method ?? '', path: url.pathname, query, body, status });
          response.writeHead(status, { 'content-type': 'application/json' }).end(payload === undefined ? '' : JSON.stringify(payload));
        };
        const wrongConnection = query.connectionName !== undefined && query.connectionName !== connectionName;
        if (request.method === 'GET' && url.pathname === '/api/usertoken/GetToken') {
          if (wrongConnection) return answer(404);
          const userId = query.userId ?? '';
          if (query.code) {
            const signedIn = codes.get(query.code);
            codes.delete(query.code);
            if (!signedIn || signedIn.teamsUserId !== userId) return answer(404);
            held.set(userId, signedIn.token);
          }
          const token = held.get(userId);
          return token ? answer(200, { channelId: query.channelId, connectionName, token, expiration: new Date(Date.now() + 3600_000).toISOString() }) : answer(404);
        }
        if (request.method === 'GET' && url.pathname === '/api/botsignin/GetSignInResource') {
          const state = JSON.parse(Buffer.from(query.state ?? '', 'base64').toString('utf8')) as Record<string, unknown>;
          if (state.connectionName !== connectionName) return answer(400, { error: { code: 'ServiceError', message: 'unknown connection' } });
          const resource = {
            signInLink: `${baseUrl}/sign-in?state=${randomBytes(12).toString('hex')}`,
            tokenExchangeResource: { id: randomUUID(), uri: 'api://botid-00000000-aaaa-4bbb-8ccc-datathread01', providerId: 'fake-aad-v2' },
            tokenPostResource: { sasUrl: `${baseUrl}/token-post/${randomBytes(8).toString('hex')}` },
          };
          signInResources.push({ signInLink: resource.signInLink, tokenExchangeResourceId: resource.tokenExchangeResource.id, state });
          return answer(200, resource);
        }
        if (request.method === 'POST' && url.pathname === '/api/usertoken/exchange') {
          if (wrongConnection) return answer(400, { error: { code: 'ServiceError', message: 'unknown connection' } });
          const ssoToken = typeof body?.token === 'string' ? body.token : '';
          const exchange = exchanges.get(ssoToken);
          if (!exchange || exchange.teamsUserId !== query.userId) return answer(400, { error: { code: 'ServiceError', message: 'Token exchange failed' } });
          held.set(exchange.teamsUserId, exchange.token);
          return answer(200, { channelId: query.channelId, connectionName, token: exchange.token, expiration: new Date(Date.now() + 3600_000).toISOString() });
        }
        if (request.method === 'DELETE' && url.pathname === '/api/usertoken/SignOut') {
          held.delete(query.userId ?? '');
          return answer(200, {});
        }
        return answer(404, { error: { code: 'NotFound', message: url.pathname } });
      })
      .catch((error: unknown) => {
        response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url: baseUrl,
    connectionName,
    calls,
    signInResources,
    completeSignIn(teamsUserId, token) {
      const code = String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000));
      codes.set(code, { teamsUserId, token });
      return code;
    },
    holdToken(teamsUserId, token) {
      held.set(teamsUserId, token);
    },
    acceptExchange(teamsUserId, ssoToken, token) {
      exchanges.set(ssoToken, { teamsUserId, token });
    },
    forget(teamsUserId) {
      held.delete(teamsUserId);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
}
