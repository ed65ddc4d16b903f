// A local Microsoft Graph that answers `POST /v1.0/users/{id}/checkMemberGroups` the way Graph does:
// the bearer token must be one the fake Entra issued (signature, issuer, expiry) for the audience
// https://graph.microsoft.com, else 401 InvalidAuthenticationToken; an app without the
// GroupMember.Read.All permission gets 403 Authorization_RequestDenied; an unknown user 404
// Request_ResourceNotFound; more than 20 group ids 400. `down()` makes it answer 503 until `up()`.
// As Graph does, `/users/{id | userPrincipalName}` also finds a user by their user principal name
// (without case), set with setUserPrincipalName. `GET /v1.0/users/{id | userPrincipalName}` answers
// the user's `id` and `userPrincipalName` to the same kind of token, when the app was granted
// User.Read.All (grantUserRead; default true), else 403 Authorization_RequestDenied.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeEntra } from './entra-server.js';

const GRAPH_AUDIENCES = new Set(['https://graph.microsoft.com', '00000003-0000-0000-c000-000000000000']);

export interface RecordedGraphRequest {
  method: string;
  path: string;
  groupIds: string[];
  status: number;
}

export interface FakeGraph {
  /** http://127.0.0.1:<port>/ (GRAPH_API_URL) */
  url: string;
  requests: RecordedGraphRequest[];
  /** Replaces the groups (object ids) a user (object id) is a member of. */
  setMemberships(userObjectId: string, groupIds: readonly string[]): void;
  /** The user principal name (sign-in name, usually the e-mail address) of a user (object id). */
  setUserPrincipalName(userObjectId: string, userPrincipalName: string): void;
  /** Whether the app was granted User.Read.All, for reading a user (default true). */
  grantUserRead(granted: boolean): void;
  /** Whether the app was granted GroupMember.Read.All (default true). */
  grantPermission(granted: boolean): void;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startFakeGraph(entra: Pick<FakeEntra, 'verifyToken'>, memberships: Record<string, readonly string[]> = {}): Promise<FakeGraph> {
  const members = new Map(Object.entries(memberships).map(([user, groups]) => [user.toLowerCase(), new Set(groups.map((group) => group.toLowerCase()))]));
  const objectIdOfPrincipalName = new Map<string, string>();
  const requests: RecordedGraphRequest[] = [];
  const principalNameOf = (objectId: string) => [...objectIdOfPrincipalName].find(([, id]) => id === objectId)?.[0];
  let permitted = true;
  let userReadPermitted = true;
  let isDown = false;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://graph.local');
      const record: RecordedGraphRequest = { method: request.method ?? 'GET', path: url.pathname, groupIds: [], status: 0 };
      requests.push(record);
      const answer = (status: number, body: unknown) => {
        record.status = status;
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': randomUUID() }).end(JSON.stringify(body));
      };
      const refuse = (status: number, code: string, message: string) => answer(status, { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': randomUUID() } } });
      if (isDown) return refuse(503, 'serviceNotAvailable', 'The service is temporarily unavailable.');
      const match = /^\/v1\.0\/users\/([^/]+)\/checkMemberGroups$/.exec(url.pathname);
      const userRead = /^\/v1\.0\/users\/([^/]+)$/.exec(url.pathname);
      if (!(request.method === 'POST' && match) && !(request.method === 'GET' && userRead)) return refuse(400, 'BadRequest', `Resource not found for the segment '${url.pathname}'.`);
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token) return refuse(401, 'InvalidAuthenticationToken', 'Access token is empty.');
      const claims = entra.verifyToken(token);
      if (!claims) return refuse(401, 'InvalidAuthenticationToken', 'Access token validation failure. Invalid signature, issuer or lifetime.');
      if (!GRAPH_AUDIENCES.has(String(claims.aud))) return refuse(401, 'InvalidAuthenticationToken', 'Access token validation failure. Invalid audience.');
      if (userRead) {
        if (!userReadPermitted) return refuse(403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.');
        const segment = decodeURIComponent(userRead[1]!).toLowerCase();
        const objectId = segment.includes('@') ? objectIdOfPrincipalName.get(segment) : members.has(segment) || principalNameOf(segment) ? segment : undefined;
        // Every Entra user has a user principal name; one the test did not set is the tenant's default form.
        const principalName = objectId ? (principalNameOf(objectId) ?? `${objectId}@fake-tenant.onmicrosoft.com`) : undefined;
        if (!objectId || !principalName) return refuse(404, 'Request_ResourceNotFound', `Resource '${segment}' does not exist or one of its queried reference-property objects are not present.`);
        return answer(200, { '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users(id,userPrincipalName)/$entity', id: objectId, userPrincipalName: principalName });
      }
      if (!permitted) return refuse(403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.');
      let body: { groupIds?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { groupIds?: unknown };
      } catch {
        return refuse(400, 'BadRequest', 'Unable to read JSON request payload.');
      }
      if (!Array.isArray(body.groupIds) || body.groupIds.some((id) => typeof id !== 'string')) return refuse(400, 'Request_BadRequest', 'groupIds must be a collection of strings.');
      record.groupIds = body.groupIds as string[];
      if (record.groupIds.length > 20) return refuse(400, 'Request_BadRequest', 'Too many group ids: at most 20 per request.');
      const segment = decodeURIComponent(match![1]!).toLowerCase();
      const user = segment.includes('@') ? (objectIdOfPrincipalName.get(segment) ?? segment) : segment;
      const groups = members.get(user);
      if (!groups) return refuse(404, 'Request_ResourceNotFound', `Resource '${user}' does not exist or one of its queried reference-property objects are not present.`);
      answer(200, { '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#Collection(Edm.String)', value: record.groupIds.filter((id) => groups.has(id.toLowerCase())) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    setMemberships: (user, groups) => void members.set(user.toLowerCase(), new Set(groups.map((group) => group.toLowerCase()))),
    setUserPrincipalName: (user, principalName) => void objectIdOfPrincipalName.set(principalName.toLowerCase(), user.toLowerCase()),
    grantUserRead: (granted) => {
      userReadPermitted = granted;
    },
    grantPermission: (granted) => {
      permitted = granted;
    },
    down: () => {
      isDown = true;
    },
    up: () => {
      isDown = false;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
