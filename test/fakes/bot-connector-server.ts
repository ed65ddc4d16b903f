// A local server speaking the slice of the Bot Framework connector REST API a bot uses to reply:
// POST /v3/conversations/{conversationId}/activities (and …/activities/{replyToId}), PUT
// …/activities/{activityId} for updates, DELETE for deletes. It records every call so tests can
// assert what the bot posted where; point an activity's `serviceUrl` at `url`. It can be told to
// fail the next calls (a 429 with Retry-After or a 503, as the connector answers when throttling).
// Streamed answers (activities with a `streaminfo` entity) are checked as Teams checks them: the
// sequence rises strictly from 1, every activity after the first names the stream's id (the id the
// first one got), streamed text only grows, and the final message ends the stream; a breach is
// answered with HTTP 400 and the Teams error code, and not recorded. `refuseStreaming()` makes it
// refuse every streaming activity, as Teams does where streaming is not allowed.
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
  /** Every later streaming activity is refused with HTTP 403 ContentStreamNotAllowed. */
  refuseStreaming(): void;
  /** Streaming activities refused (scripted or for breaking the protocol), with the reason. */
  streamRefusals(): string[];
  /** Recorded activities with a `streaminfo` entity, in order. */
  streamingActivities(): RecordedConnectorCall[];
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

export interface StreamInfo {
  streamType: 'informative' | 'streaming' | 'final';
  streamSequence: number;
  streamId?: string;
}

export function streamInfoOf(activity: Record<string, unknown>): StreamInfo | undefined {
  const entities = activity.entities as Array<Record<string, unknown>> | undefined;
  return entities?.find((entity) => typeof entity.type === 'string' && entity.type.toLowerCase() === 'streaminfo') as StreamInfo | undefined;
}

interface StreamState {
  lastSequence: number;
  text: string;
  ended: boolean;
}

/** Why Teams would refuse this streaming activity, or undefined when it follows the protocol. */
function streamViolation(activity: Record<string, unknown>, info: StreamInfo, streams: Map<string, StreamState>): { code: string; message: string } | undefined {
  const expectedType = info.streamType === 'final' ? 'message' : 'typing';
  if (activity.type !== expectedType) return { code: 'BadArgument', message: `a ${info.streamType} stream activity must be of type ${expectedType}` };
  if (info.streamId === undefined) {
    if (info.streamType === 'final') return { code: 'BadArgument', message: 'a final stream message needs the streamId' };
    if (info.streamSequence !== 1) return { code: 'BadArgument', message: `the first stream activity must have streamSequence 1, not ${info.streamSequence}` };
    return undefined;
  }
  const stream = streams.get(info.streamId);
  if (!stream) return { code: 'BadArgument', message: `unknown streamId ${info.streamId}` };
  if (stream.ended) return { code: 'ContentStreamNotAllowed', message: 'Content stream finished. Activities after the final message are not allowed.' };
  if (!(info.streamSequence > stream.lastSequence)) return { code: 'BadArgument', message: `streamSequence ${info.streamSequence} does not follow ${stream.lastSequence}` };
  const text = typeof activity.text === 'string' ? activity.text : '';
  if (info.streamType === 'streaming' && !text.startsWith(stream.text)) return { code: 'BadArgument', message: 'streamed text must contain the text streamed before (cumulative)' };
  return undefined;
}

const ROUTE = /^\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?\/?$/;

export async function startFakeBotConnector(): Promise<FakeBotConnector> {
  const calls: RecordedConnectorCall[] = [];
  let nextId = 1;
  const waiters = new Set<() => void>();
  const failures: ConnectorFailure[] = [];
  let failed = 0;
  let refusingStreams = false;
  const refusals: string[] = [];
  const streams = new Map<string, StreamState>();

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
        const info = method === 'POST' ? streamInfoOf(body) : undefined;
        if (info) {
          const violation = refusingStreams ? { code: 'ContentStreamNotAllowed', message: 'Streaming is not allowed in this conversation.' } : streamViolation(body, info, streams);
          if (violation) {
            refusals.push(`${violation.code}: ${violation.message}`);
            response.writeHead(refusingStreams ? 403 : 400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: violation }));
            return;
          }
        }
        const call: RecordedConnectorCall = {
          method,
          conversationId: decodeURIComponent(match[1] ?? ''),
          activity: body,
          ...(match[2] ? { activityId: decodeURIComponent(match[2]) } : {}),
          ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        };
        // Every activity of a stream is the one message Teams shows: it keeps the stream's id.
        const assignedId = method === 'PUT' ? call.activityId : (info?.streamId ?? `connector-activity-${nextId++}`);
        call.assignedId = assignedId;
        calls.push(call);
        if (info) {
          const streamId = info.streamId ?? assignedId ?? '';
          const stream = streams.get(streamId) ?? { lastSequence: 0, text: '', ended: false };
          stream.lastSequence = info.streamSequence;
          if (info.streamType === 'streaming') stream.text = typeof body.text === 'string' ? body.text : '';
          if (info.streamType === 'final') stream.ended = true;
          streams.set(streamId, stream);
        }
        for (const wake of waiters) wake();
        response.writeHead(method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: assignedId }));
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
    refuseStreaming: () => {
      refusingStreams = true;
    },
    streamRefusals: () => [...refusals],
    streamingActivities: () => calls.filter((call) => streamInfoOf(call.activity) !== undefined),
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
      refusals.length = 0;
      refusingStreams = false;
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
