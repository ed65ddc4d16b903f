// A local server speaking the slice of the Bot Framework connector REST API a bot uses to reply:
// POST /v3/conversations/{conversationId}/activities (and …/activities/{replyToId}), PUT
// …/activities/{activityId} for updates, DELETE for deletes. It records every call so tests can
// assert what the bot posted where; point an activity's `serviceUrl` at `url`. It can be told to
// fail the next calls (a 429 with Retry-After or a 503, as the connector answers when throttling).
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface RecordedConnectorCall {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Decoded, exactly as the bot addressed it (channel threads carry `;messageid=`). */
  conversationId: string;
  /** PUT/DELETE: the activity changed; POST to …/activities/{id}: the activity replied to. */
  activityId?: string;
  /** The id this server assigned (POST) or kept (PUT). */
  assignedId?: string;
  activity: Record<string, unknown>;
  authorization?: string;
}

export interface ConnectorFailure {
  status: number;
  retryAfterSeconds?: number;
}

export interface FakeBotConnector {
  url: string;
  calls: RecordedConnectorCall[];
  /** The next POST or PUT of a message (typing is left alone) is answered with this failure, once per call, and not recorded in `calls`. */
  failNext(failure: ConnectorFailure): void;
  /** How many calls were answered with a scripted failure. */
  failedCalls(): number;
  /** Posted activities of type `message` (the replies), in order. */
  messages(): RecordedConnectorCall[];
  typing(): RecordedConnectorCall[];
  updates(): RecordedConnectorCall[];
  /** Resolves once `predicate` holds for the recorded calls; rejects after `timeoutMs`. */
  waitFor(predicate: (calls: RecordedConnectorCall[]) => boolean, timeoutMs?: number): Promise<void>;
  clear(): void;
  close(): Promise<void>;
}

const ROUTE = /^\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?\/?$/;

export async function startFakeBotConnector(): Promise<FakeBotConnector> {
  const calls: RecordedConnectorCall[] = [];
  let nextId = 1;
  const waiters = new Set<() => void>();
  const failures: ConnectorFailure[] = [];
  let failed = 0;

  const server: Server = createServer((request, response) => {
    readJson(request)
      .then((body) => {
        const path = new URL(request.url ?? '/', 'http://connector.local').pathname;
        const match = ROUTE.exec(path);
        const method = request.method as RecordedConnectorCall['method'];
        if (!match || !['POST', 'PUT', 'DELETE'].includes(method)) {
          response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'NotFound', message: path } }));
          return;
        }
        const failure = method !== 'DELETE' && body.type !== 'typing' ? failures.shift() : undefined;
        if (failure) {
          failed += 1;
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (failure.retryAfterSeconds !== undefined) headers['retry-after'] = String(failure.retryAfterSeconds);
          response.writeHead(failure.status, headers).end(JSON.stringify({ error: { code: failure.status === 429 ? 'Throttled' : 'ServiceUnavailable', message: 'scripted failure' } }));
          return;
        }
        const call: RecordedConnectorCall = {
          method,
          conversationId: decodeURIComponent(match[1] ?? ''),
          activity: body,
          ...(match[2] ? { activityId: decodeURIComponent(match[2]) } : {}),
          ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        };
        call.assignedId = method === 'PUT' ? call.activityId : `connector-activity-${nextId++}`;
        calls.push(call);
        for (const wake of waiters) wake();
        response.writeHead(method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: call.assignedId }));
      })
      .catch((error: unknown) => {
        response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const ofType = (type: string) => calls.filter((call) => call.method === 'POST' && call.activity.type === type);
  return {
    url: `http://127.0.0.1:${port}/`,
    calls,
    failNext: (failure) => void failures.push(failure),
    failedCalls: () => failed,
    messages: () => ofType('message'),
    typing: () => ofType('typing'),
    updates: () => calls.filter((call) => call.method === 'PUT'),
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        if (predicate(calls)) return resolve();
        const check = () => {
          if (!predicate(calls)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake connector: condition not met within ${timeoutMs} ms; calls so far: ${JSON.stringify(calls.map((call) => [call.method, call.conversationId, call.activity.type]))}`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    clear() {
      calls.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}
