// A local HTTPS server that plays Microsoft Entra ID for msal-node: OpenID metadata, JWKS, the
// authorize endpoint (signs in whoever the test chose, no page) and the token endpoint with the
// on-behalf-of (jwt-bearer), authorization_code (PKCE checked) and refresh_token grants. Tokens are
// RS256 JWTs signed with a key made at start-up. It records every request.
//
// msal-node refuses non-https authorities (ClientConfigurationError authority_uri_insecure), so the
// server speaks TLS with a self-signed certificate for 127.0.0.1 made at start-up (DER written by
// hand below; node:crypto signs it). msal-node trusts it through `networkClient` (its
// system.networkClient option), which sends requests with node:https and this certificate as the
// only CA: no NODE_TLS_REJECT_UNAUTHORIZED, nothing leaves the machine.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';

export interface FakeEntraUser {
  upn: string;
  objectId: string;
  name: string;
}

export interface IssuedAccessToken {
  upn: string;
  scope: string;
  audience: string;
  accessToken: string;
  refreshToken: string;
  grantType: string;
}

export interface FakeEntraOptions {
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  users?: FakeEntraUser[];
  accessTokenLifetimeSeconds?: number;
  now?: () => Date;
  /** Awaited before the token response is sent (a test sets the database role's password here). */
  onAccessTokenIssued?: (issued: IssuedAccessToken) => void | Promise<void>;
}

export interface RecordedEntraRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  /** The answer's status code. */
  status: number;
  /** For token requests: the `error` code of a refusal. */
  error?: string;
}

export interface BrowserResponse {
  status: number;
  location: string | undefined;
  setCookie: string[];
  body: string;
}

export interface FakeEntra {
  /** https://127.0.0.1:<port>/<tenant id> */
  authority: string;
  /** 127.0.0.1:<port>, for msal-node's knownAuthorities. */
  host: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
  certificatePem: string;
  /** msal-node system.networkClient that trusts this server's certificate. */
  networkClient: INetworkModule;
  requests: RecordedEntraRequest[];
  users: FakeEntraUser[];
  /** Every access token this authority handed out (with its refresh token), newest last. */
  issued: IssuedAccessToken[];
  /** Every user token made by issueUserToken (Teams SSO stand-ins). */
  userTokens: string[];
  /** A token for this app (audience = client id), as Teams SSO gives the bot; `claims` adds e.g. `groups` or `hasgroups`. */
  issueUserToken(upn: string, options?: { audience?: string; expiresInSeconds?: number; claims?: Record<string, unknown> }): string;
  /** Who the authorize endpoint signs in next (default: the first user). */
  signInAs(upn: string): void;
  /** Makes every later grant for this user fail with invalid_grant (revoked sessions). */
  revoke(upn: string): void;
  /** Verifies a token this authority issued (signature, issuer, expiry); undefined when not valid. */
  verifyToken(token: string): Record<string, unknown> | undefined;
  /** One GET as a browser would send it (no redirect following), trusting this server's certificate. */
  browserGet(url: string, headers?: Record<string, string>): Promise<BrowserResponse>;
  close(): Promise<void>;
}

const OIDC_SCOPES = new Set(['openid', 'profile', 'offline_access', 'email']);
const CODE_LIFETIME_MS = 10 * 60_000;

export const DEFAULT_FAKE_USERS: FakeEntraUser[] = [
  { upn: 'alice@contoso.com', objectId: '11111111-1111-4111-8111-111111111111', name: 'Alice Example' },
  { upn: 'bob@contoso.com', objectId: '22222222-2222-4222-8222-222222222222', name: 'Bob Example' },
];

interface IssuedCode {
  user: FakeEntraUser;
  clientId: string;
  redirectUri: string;
  scope: string;
  nonce: string | undefined;
  codeChallenge: string;
  expiresAt: number;
}

export async function startFakeEntra(options: FakeEntraOptions = {}): Promise<FakeEntra> {
  const tenantId = options.tenantId ?? 'aaaabbbb-0000-4000-8000-contoso00001';
  const clientId = options.clientId ?? '00000000-aaaa-4bbb-8ccc-datathread01';
  const clientSecret = options.clientSecret ?? `fake-client-secret-${randomBytes(8).toString('hex')}`;
  const users = options.users ?? DEFAULT_FAKE_USERS;
  const lifetimeSeconds = options.accessTokenLifetimeSeconds ?? 3600;
  const now = options.now ?? (() => new Date());
  const signingKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyId = randomBytes(8).toString('hex');
  const tls = createSelfSignedCertificate();
  const requests: RecordedEntraRequest[] = [];
  const issued: IssuedAccessToken[] = [];
  const userTokens: string[] = [];
  const codes = new Map<string, IssuedCode>();
  const refreshTokens = new Map<string, FakeEntraUser>();
  const revoked = new Set<string>();
  let nextSignIn = users[0]!;

  const server = https.createServer({ key: tls.keyPem, cert: tls.certificatePem });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `https://127.0.0.1:${port}`;
  const issuer = `${origin}/${tenantId}/v2.0`;
  const seconds = () => Math.floor(now().getTime() / 1000);
  const userByUpn = (upn: string) => users.find((user) => user.upn.toLowerCase() === upn.toLowerCase());

  const signJwt = (claims: Record<string, unknown>) => {
    const header = base64UrlJson({ typ: 'JWT', alg: 'RS256', kid: keyId });
    const body = base64UrlJson(claims);
    const signature = sign('sha256', Buffer.from(`${header}.${body}`), signingKeys.privateKey).toString('base64url');
    return `${header}.${body}.${signature}`;
  };

  const verifyToken = (token: string): Record<string, unknown> | undefined => {
    const [header, body, signature] = token.split('.');
    if (!header || !body || !signature) return undefined;
    if (!verify('sha256', Buffer.from(`${header}.${body}`), signingKeys.publicKey, Buffer.from(signature, 'base64url'))) return undefined;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (claims.iss !== issuer || typeof claims.exp !== 'number' || claims.exp <= seconds()) return undefined;
    return claims;
  };

  const userClaims = (user: FakeEntraUser) => ({
    iss: issuer,
    tid: tenantId,
    oid: user.objectId,
    sub: `sub-${user.objectId}`,
    upn: user.upn,
    preferred_username: user.upn,
    name: user.name,
    ver: '2.0',
  });

  const issueUserToken = (upn: string, tokenOptions: { audience?: string; expiresInSeconds?: number; claims?: Record<string, unknown> } = {}) => {
    const user = userByUpn(upn);
    if (!user) throw new Error(`fake Entra: unknown user ${upn}`);
    const issuedAt = seconds();
    const token = signJwt({
      ...userClaims(user),
      aud: tokenOptions.audience ?? clientId,
      scp: 'access_as_user',
      azp: '1fec8e78-bce4-4aaf-ab1b-5451cc387264',
      iat: issuedAt,
      nbf: issuedAt,
      exp: issuedAt + (tokenOptions.expiresInSeconds ?? lifetimeSeconds),
      jti: randomUUID(),
      ...tokenOptions.claims,
    });
    userTokens.push(token);
    return token;
  };

  /** Access + refresh (+ id) tokens for a resource scope, the way Entra's v2 token endpoint answers. */
  const tokenResponse = async (user: FakeEntraUser, requestedScope: string, grantType: string, extra: { nonce?: string; withIdToken: boolean }) => {
    const scopes = requestedScope.split(' ').filter(Boolean);
    const resourceScopes = scopes.filter((scope) => !OIDC_SCOPES.has(scope));
    if (resourceScopes.length !== 1) return { status: 400, body: errorBody('invalid_scope', 'AADSTS70011: Provide exactly one resource scope.') };
    const resourceScope = resourceScopes[0]!;
    // https://ossrdbms-aad.database.windows.net/.default -> audience https://ossrdbms-aad.database.windows.net
    const audience = resourceScope.endsWith('/.default') ? resourceScope.slice(0, -'/.default'.length) : resourceScope.replace(/\/[^/]+$/, '');
    const issuedAt = seconds();
    const accessToken = signJwt({
      ...userClaims(user),
      aud: audience,
      scp: 'user_impersonation',
      appid: clientId,
      iat: issuedAt,
      nbf: issuedAt,
      exp: issuedAt + lifetimeSeconds,
      jti: randomUUID(),
    });
    const refreshToken = `fake-refresh-${randomBytes(24).toString('base64url')}`;
    const record: IssuedAccessToken = { upn: user.upn, scope: resourceScope, audience, accessToken, refreshToken, grantType };
    issued.push(record);
    await options.onAccessTokenIssued?.(record);
    refreshTokens.set(refreshToken, user);
    const body: Record<string, unknown> = {
      token_type: 'Bearer',
      scope: scopes.join(' '),
      expires_in: lifetimeSeconds,
      ext_expires_in: lifetimeSeconds,
      access_token: accessToken,
      refresh_token: refreshToken,
    };
    if (extra.withIdToken) {
      body.id_token = signJwt({ ...userClaims(user), aud: clientId, iat: issuedAt, nbf: issuedAt, exp: issuedAt + lifetimeSeconds, ...(extra.nonce ? { nonce: extra.nonce } : {}) });
      body.client_info = base64UrlJson({ uid: user.objectId, utid: tenantId });
    }
    return { status: 200, body };
  };

  const handleToken = async (form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> => {
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      return { status: 401, body: errorBody('invalid_client', 'AADSTS7000215: Invalid client secret provided.') };
    }
    switch (form.grant_type) {
      case 'urn:ietf:params:oauth:grant-type:jwt-bearer': {
        if (form.requested_token_use !== 'on_behalf_of') return { status: 400, body: errorBody('invalid_request', 'AADSTS900144: requested_token_use must be on_behalf_of.') };
        const claims = verifyToken(form.assertion ?? '');
        if (!claims) return { status: 400, body: errorBody('invalid_grant', 'AADSTS50013: Assertion failed signature validation or has expired.') };
        if (claims.aud !== clientId && claims.aud !== `api://${clientId}`) return { status: 400, body: errorBody('invalid_grant', 'AADSTS50013: Assertion audience does not match the client app.') };
        const user = userByUpn(String(claims.upn));
        if (!user || revoked.has(user.upn)) return { status: 400, body: errorBody('invalid_grant', 'AADSTS50173: The provided grant has expired due to it being revoked.') };
        return tokenResponse(user, form.scope ?? '', form.grant_type, { withIdToken: false });
      }
      case 'authorization_code': {
        const code = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!code || code.expiresAt <= now().getTime()) return { status: 400, body: errorBody('invalid_grant', 'AADSTS70008: The provided authorization code has expired or was already redeemed.') };
        if (code.clientId !== form.client_id || code.redirectUri !== form.redirect_uri) return { status: 400, body: errorBody('invalid_grant', 'AADSTS50148: redirect_uri does not match the one used to obtain the code.') };
        const challenge = createHash('sha256').update(form.code_verifier ?? '').digest('base64url');
        if (!form.code_verifier || challenge !== code.codeChallenge) return { status: 400, body: errorBody('invalid_grant', 'AADSTS501481: The Code_Verifier does not match the code_challenge supplied in the authorization request.') };
        if (revoked.has(code.user.upn)) return { status: 400, body: errorBody('invalid_grant', 'AADSTS50173: revoked.') };
        return tokenResponse(code.user, form.scope ?? code.scope, form.grant_type, { nonce: code.nonce, withIdToken: true });
      }
      case 'client_credentials': {
        // The app's own token (no user, no refresh token): only `<resource>/.default` scopes.
        const scope = form.scope ?? '';
        if (!/^\S+\/\.default$/.test(scope)) return { status: 400, body: errorBody('invalid_scope', 'AADSTS1002012: The provided value for scope is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier.') };
        const audience = scope.slice(0, -'/.default'.length);
        const issuedAt = seconds();
        const accessToken = signJwt({ aud: audience, iss: issuer, tid: tenantId, appid: clientId, azp: clientId, oid: clientId, sub: clientId, idtyp: 'app', iat: issuedAt, nbf: issuedAt, exp: issuedAt + lifetimeSeconds, jti: randomUUID() });
        issued.push({ upn: `app:${clientId}`, scope, audience, accessToken, refreshToken: '', grantType: form.grant_type });
        return { status: 200, body: { token_type: 'Bearer', expires_in: lifetimeSeconds, ext_expires_in: lifetimeSeconds, access_token: accessToken } };
      }
      case 'refresh_token': {
        const user = refreshTokens.get(form.refresh_token ?? '');
        if (!user || revoked.has(user.upn)) return { status: 400, body: errorBody('invalid_grant', 'AADSTS700082: The refresh token has expired or was revoked.') };
        return tokenResponse(user, form.scope ?? '', form.grant_type, { withIdToken: true });
      }
      default:
        return { status: 400, body: errorBody('unsupported_grant_type', `AADSTS70003: grant type ${form.grant_type ?? '(none)'} is not supported here.`) };
    }
  };

  server.on('request', (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', origin);
      const query = Object.fromEntries(url.searchParams);
      const raw = await readBody(request);
      const form = request.method === 'POST' ? Object.fromEntries(new URLSearchParams(raw)) : {};
      const record: RecordedEntraRequest = { method: request.method ?? 'GET', path: url.pathname, query, form, status: 0 };
      requests.push(record);
      const json = (status: number, body: unknown) => {
        record.status = status;
        if (typeof body === 'object' && body && 'error' in body) record.error = String((body as { error: unknown }).error);
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
      };
      const base = `/${tenantId}`;
      if (request.method === 'GET' && url.pathname === `${base}/v2.0/.well-known/openid-configuration`) {
        return json(200, {
          issuer,
          authorization_endpoint: `${origin}${base}/oauth2/v2.0/authorize`,
          token_endpoint: `${origin}${base}/oauth2/v2.0/token`,
          jwks_uri: `${origin}${base}/discovery/v2.0/keys`,
          end_session_endpoint: `${origin}${base}/oauth2/v2.0/logout`,
          response_modes_supported: ['query', 'fragment', 'form_post'],
          response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
          scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
          subject_types_supported: ['pairwise'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
          code_challenge_methods_supported: ['plain', 'S256'],
          tenant_region_scope: 'EU',
        });
      }
      if (request.method === 'GET' && url.pathname === `${base}/discovery/v2.0/keys`) {
        const jwk = createPublicKey(signingKeys.publicKey).export({ format: 'jwk' });
        return json(200, { keys: [{ ...jwk, kid: keyId, use: 'sig', alg: 'RS256' }] });
      }
      if (request.method === 'GET' && url.pathname === `${base}/oauth2/v2.0/authorize`) {
        const redirect = query.redirect_uri;
        if (query.client_id !== clientId || !redirect) return json(400, errorBody('invalid_request', 'AADSTS700016: unknown client_id or missing redirect_uri.'));
        if (query.response_type !== 'code' || !query.code_challenge || query.code_challenge_method !== 'S256') {
          return json(400, errorBody('invalid_request', 'AADSTS9002325: Proof Key for Code Exchange (S256) is required.'));
        }
        const code = `fake-code-${randomBytes(18).toString('base64url')}`;
        codes.set(code, {
          user: nextSignIn,
          clientId,
          redirectUri: redirect,
          scope: query.scope ?? '',
          nonce: query.nonce || undefined,
          codeChallenge: query.code_challenge,
          expiresAt: now().getTime() + CODE_LIFETIME_MS,
        });
        const target = new URL(redirect);
        target.searchParams.set('code', code);
        if (query.state) target.searchParams.set('state', query.state);
        target.searchParams.set('client_info', base64UrlJson({ uid: nextSignIn.objectId, utid: tenantId }));
        record.status = 302;
        response.writeHead(302, { location: target.toString() }).end();
        return;
      }
      if (request.method === 'POST' && url.pathname === `${base}/oauth2/v2.0/token`) {
        const answer = await handleToken(form);
        return json(answer.status, answer.body);
      }
      return json(404, errorBody('not_found', `fake Entra has no ${request.method} ${url.pathname}`));
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });

  return {
    authority: `${origin}/${tenantId}`,
    host: `127.0.0.1:${port}`,
    tenantId,
    clientId,
    clientSecret,
    issuer,
    certificatePem: tls.certificatePem,
    networkClient: trustingNetworkClient(tls.certificatePem),
    requests,
    users,
    issued,
    userTokens,
    issueUserToken,
    signInAs: (upn) => {
      const user = userByUpn(upn);
      if (!user) throw new Error(`fake Entra: unknown user ${upn}`);
      nextSignIn = user;
    },
    revoke: (upn) => revoked.add(upn),
    verifyToken,
    browserGet: (url, headers = {}) => browserGet(url, headers, tls.certificatePem),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** msal-node's INetworkModule over node:https with `ca` set to the given certificate only. */
export function trustingNetworkClient(certificatePem: string): INetworkModule {
  const send = <T>(method: 'GET' | 'POST', url: string, options?: NetworkRequestOptions): Promise<NetworkResponse<T>> =>
    new Promise((resolve, reject) => {
      const request = https.request(url, { method, headers: options?.headers, ca: certificatePem }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
          try {
            resolve({ status: response.statusCode ?? 0, headers, body: (text ? JSON.parse(text) : {}) as T });
          } catch (error) {
            reject(error as Error);
          }
        });
      });
      request.on('error', reject);
      if (options?.body) request.write(options.body);
      request.end();
    });
  return {
    sendGetRequestAsync: (url, options) => send('GET', url, options),
    sendPostRequestAsync: (url, options) => send('POST', url, options),
  };
}

function browserGet(url: string, headers: Record<string, string>, certificatePem: string): Promise<BrowserResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const callback = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          setCookie: response.headers['set-cookie'] ?? [],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    };
    const request = target.protocol === 'https:' ? https.get(target, { headers, ca: certificatePem }, callback) : http.get(target, { headers }, callback);
    request.on('error', reject);
  });
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function errorBody(error: string, description: string): Record<string, unknown> {
  return { error, error_description: description, error_codes: [Number(/AADSTS(\d+)/.exec(description)?.[1] ?? 0)], timestamp: new Date().toISOString(), trace_id: randomUUID(), correlation_id: randomUUID() };
}

function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

// --- A self-signed certificate for 127.0.0.1 / localhost, in DER written by hand -----------------

function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  const lengthBytes = length < 0x80 ? Buffer.from([length]) : lengthOctets(length);
  return Buffer.concat([Buffer.from([tag]), lengthBytes, content]);
}

function lengthOctets(length: number): Buffer {
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const sequence = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items));
const integer = (bytes: Buffer) => der(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const octets = (content: Buffer) => der(0x04, content);
const bits = (content: Buffer) => der(0x03, Buffer.concat([Buffer.from([0]), content]));
const explicit = (tagNumber: number, content: Buffer) => der(0xa0 + tagNumber, content);
const utcTime = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`, 'ascii'));

function objectId(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const part of rest) {
    const chunk: number[] = [];
    for (let value = part; ; value = Math.floor(value / 128)) {
      chunk.unshift((value % 128) | (chunk.length > 0 ? 0x80 : 0));
      if (value < 128) break;
    }
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

/**
 * A positive 16-byte serial in minimal DER: a random first byte of 0x00 followed by one below 0x80
 * is a leading zero DER forbids, and OpenSSL then refuses the certificate ("illegal padding").
 */
function certificateSerialNumber(): Buffer {
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  return serial;
}

export function createSelfSignedCertificate(): { keyPem: string; certificatePem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sha256WithRsa = sequence(objectId('1.2.840.113549.1.1.11'), der(0x05, Buffer.alloc(0)));
  const name = sequence(set(sequence(objectId('2.5.4.3'), utf8('datathread fake Entra ID'))));
  const notBefore = new Date(Date.now() - 60 * 60_000);
  const notAfter = new Date(Date.now() + 24 * 60 * 60_000);
  const subjectAltName = sequence(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from('localhost', 'ascii')));
  const extensions = explicit(
    3,
    sequence(
      sequence(objectId('2.5.29.19'), der(0x01, Buffer.from([0xff])), octets(sequence(der(0x01, Buffer.from([0xff]))))),
      sequence(objectId('2.5.29.17'), octets(subjectAltName)),
    ),
  );
  const toBeSigned = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(certificateSerialNumber()),
    sha256WithRsa,
    name,
    sequence(utcTime(notBefore), utcTime(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', toBeSigned, privateKey as KeyObject);
  const certificate = sequence(toBeSigned, sha256WithRsa, bits(signature));
  const lines = certificate.toString('base64').match(/.{1,64}/g)!.join('\n');
  return {
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificatePem: `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`,
  };
}
