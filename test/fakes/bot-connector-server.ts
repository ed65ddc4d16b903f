// A local server speaking the slice of the Bot Framework connector REST API a bot uses to reply:
// POST /v3/conversations/{conversationId}/activities (and …/activities/{replyToId}), PUT
// …/activities/{activityId} for updates, DELETE for deletes. It records every call so tests can
// assert what the bot posted where; point an activity's `serviceUrl` at `url`. It can be told to
// fail the next calls (a 429 with Retry-After or a 503, as the connector answers when throttling).
// Streamed answers (activities with a `streaminfo` entity) are checked as Teams checks them: the
// sequence rises strictly from 1, every activity after the first names the stream's id (the id the
// first one got), streamed text only grows, the final message names the stream but sets no
// streamSequence and ends the stream, and a stream takes nothing more two minutes after it began
// (Teams ends it then); a breach is answered with HTTP 400 (403 for an ended stream) and the Teams
// error code, and not recorded. With `minimumStreamUpdateIntervalMs`, an update that follows the
// stream's previous one sooner is throttled (429), as Teams throttles fast streams. Messages with
// citations are checked against Teams' documented shape: a `[n]` marker in the text for each
// position, a name (≤ 80) and abstract (≤ 160), at most three keywords (≤ 28 each), and a `text`
// that is a stringified Adaptive Card with its encodingFormat; a breach is a 400. `refuseStreaming()` makes it
// refuse every streaming activity, as Teams does where streaming is not allowed.
// POST /v3/conversations opens (or finds) the one-to-one chat of the bot and one person, as Teams
// does: it needs the bot, exactly one member and the tenant, and answers the same conversation id
// for the same person; `refusePrivateChats()` answers 403 as Teams does for a person who does not
// have the app as a personal app. GET …/members/{id} answers a member, or 404 for one `removeMember` names.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

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

export interface CreatedConversation {
  conversationId: string;
  memberId: string;
  tenantId: string;
  botId: string;
}

export interface FakeBotConnector {
  url: string;
  calls: RecordedConnectorCall[];
  /** One-to-one chats opened with POST /v3/conversations, in order. */
  createdConversations(): CreatedConversation[];
  /** Every later POST /v3/conversations is refused with HTTP 403, as for a person without the app. */
  refusePrivateChats(): void;
  /** GET …/members/{id} of this person answers 404 from now on, as for someone who left the organisation or the team. */
  removeMember(memberId: string): void;
  /** The next POST or PUT of a message (typing is left alone) is answered with this failure, once per call, and not recorded in `calls`. */
  failNext(failure: ConnectorFailure): void;
  /** Every later streaming activity is refused with HTTP 403 ContentStreamNotAllowed. */
  refuseStreaming(): void;
  /** Streaming activities refused (scripted or for breaking the protocol) and messages refused for their citations, with the reason. */
  streamRefusals(): string[];
  /** Ids of streams that began and were not ended by a final message. */
  openStreams(): string[];
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
  /** Absent on the final message. */
  streamSequence?: number;
  streamId?: string;
}

export interface FakeBotConnectorOptions {
  /** The connector's clock, for the two-minute stream limit and the update pace (default Date.now). */
  now?: () => number;
  /** Streaming updates closer together than this are throttled (429); default 0 (not checked). */
  minimumStreamUpdateIntervalMs?: number;
  /** How long after its first activity a stream is ended (default TEAMS_STREAM_LIFETIME_MS; tests shorten it). */
  streamLifetimeMs?: number;
}

/** Teams ends a stream this long after its first activity. */
const TEAMS_STREAM_LIFETIME_MS = 2 * 60_000;

export function streamInfoOf(activity: Record<string, unknown>): StreamInfo | undefined {
  const entities = activity.entities as Array<Record<string, unknown>> | undefined;
  return entities?.find((entity) => typeof entity.type === 'string' && entity.type.toLowerCase() === 'streaminfo') as StreamInfo | undefined;
}

interface StreamState {
  lastSequence: number;
  text: string;
  ended: boolean;
  startedAtMs: number;
  lastAtMs: number;
}

interface Violation {
  status: number;
  code: string;
  message: string;
}

/** Why Teams would refuse this streaming activity, or undefined when it follows the protocol. */
function streamViolation(activity: Record<string, unknown>, info: StreamInfo, streams: Map<string, StreamState>, nowMs: number, limits: { minimumIntervalMs: number; lifetimeMs: number }): Violation | undefined {
  const { minimumIntervalMs, lifetimeMs } = limits;
  const bad = (message: string): Violation => ({ status: 400, code: 'BadArgument', message });
  const expectedType = info.streamType === 'final' ? 'message' : 'typing';
  if (activity.type !== expectedType) return bad(`a ${info.streamType} stream activity must be of type ${expectedType}`);
  if (info.streamType === 'final' && info.streamSequence !== undefined) return bad('the final stream message must not set streamSequence');
  if (info.streamId === undefined) {
    if (info.streamType === 'final') return bad('a final stream message needs the streamId');
    if (info.streamSequence !== 1) return bad(`the first stream activity must have streamSequence 1, not ${info.streamSequence}`);
    return undefined;
  }
  const stream = streams.get(info.streamId);
  if (!stream) return bad(`unknown streamId ${info.streamId}`);
  if (stream.ended) return { status: 403, code: 'ContentStreamNotAllowed', message: 'Content stream finished. Activities after the final message are not allowed.' };
  if (nowMs - stream.startedAtMs > lifetimeMs) return { status: 403, code: 'ContentStreamNotAllowed', message: `Content stream timed out: a stream ends ${limits.lifetimeMs} ms after it began.` };
  if (info.streamType !== 'final') {
    if (typeof info.streamSequence !== 'number' || !(info.streamSequence > stream.lastSequence)) return bad(`streamSequence ${info.streamSequence} does not follow ${stream.lastSequence}`);
    if (nowMs - stream.lastAtMs < minimumIntervalMs) return { status: 429, code: 'Throttled', message: `stream updates ${nowMs - stream.lastAtMs} ms apart; at most one per ${minimumIntervalMs} ms` };
  }
  const text = typeof activity.text === 'string' ? activity.text : '';
  if (info.streamType === 'streaming' && !text.startsWith(stream.text)) return bad('streamed text must contain the text streamed before (cumulative)');
  return undefined;
}

const CITATION_ENCODING = 'application/vnd.microsoft.card.adaptive';

/** Why Teams would refuse this message's citations, or undefined when they have the documented shape. */
function citationProblem(activity: Record<string, unknown>): string | undefined {
  const entities = (activity.entities as Array<Record<string, unknown>> | undefined) ?? [];
  const message = entities.find((entity) => entity.type === 'https://schema.org/Message');
  const citations = message?.citation as Array<{ position?: unknown; appearance?: Record<string, unknown> }> | undefined;
  if (!citations || citations.length === 0) return undefined;
  const text = typeof activity.text === 'string' ? activity.text : '';
  for (const citation of citations) {
    const appearance = citation.appearance ?? {};
    const label = `citation ${String(citation.position)}`;
    if (typeof citation.position !== 'number' || !text.includes(`[${citation.position}]`)) return `${label}: the text has no [${String(citation.position)}] marker`;
    if (appearance['@type'] !== 'DigitalDocument') return `${label}: appearance must be a DigitalDocument`;
    if (typeof appearance.name !== 'string' || appearance.name === '' || appearance.name.length > 80) return `${label}: name must be 1 to 80 characters`;
    if (typeof appearance.abstract !== 'string' || appearance.abstract.length > 160) return `${label}: abstract must be at most 160 characters`;
    const keywords = appearance.keywords as unknown[] | undefined;
    if (keywords !== undefined && (keywords.length > 3 || keywords.some((keyword) => typeof keyword !== 'string' || keyword.length > 28))) return `${label}: at most 3 keywords of at most 28 characters`;
    if (appearance.text !== undefined) {
      if (appearance.encodingFormat !== CITATION_ENCODING) return `${label}: text is a stringified Adaptive Card, so encodingFormat must be ${CITATION_ENCODING}`;
      let card: unknown;
      try {
        card = JSON.parse(String(appearance.text));
      } catch {
        return `${label}: text is not a stringified Adaptive Card`;
      }
      if (typeof card !== 'object' || card === null || (card as { type?: unknown }).type !== 'AdaptiveCard') return `${label}: text is not a stringified Adaptive Card`;
    }
  }
  return undefined;
}

const ROUTE = /^\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?\/?$/;
const CREATE_CONVERSATION_ROUTE = /^\/v3\/conversations\/?$/;
/** GET /v3/conversations/{conversationId}/members/{memberId}: one member of a conversation. */
const MEMBER_ROUTE = /^\/v3\/conversations\/[^/]+\/members\/([^/]+)$/;

/** Why Teams would refuse to open this one-to-one chat, or undefined when the request is complete. */
function conversationRequestProblem(body: Record<string, unknown>): string | undefined {
  const members = Array.isArray(body.members) ? (body.members as Array<{ id?: unknown }>) : [];
  const bot = body.bot as { id?: unknown } | undefined;
  const tenant = (body.channelData as { tenant?: { id?: unknown } } | undefined)?.tenant?.id ?? body.tenantId;
  if (body.isGroup !== false) return 'isGroup must be false for a one-to-one chat';
  if (typeof bot?.id !== 'string' || bot.id === '') return 'the bot account is missing';
  if (members.length !== 1 || typeof members[0]?.id !== 'string' || members[0].id === '') return 'exactly one member with an id is needed';
  if (typeof tenant !== 'string' || tenant === '') return 'the tenant id is missing';
  return undefined;
}

export async function startFakeBotConnector(options: FakeBotConnectorOptions = {}): Promise<FakeBotConnector> {
  const now = options.now ?? Date.now;
  const limits = { minimumIntervalMs: options.minimumStreamUpdateIntervalMs ?? 0, lifetimeMs: options.streamLifetimeMs ?? TEAMS_STREAM_LIFETIME_MS };
  const calls: RecordedConnectorCall[] = [];
  let nextId = 1;
  const waiters = new Set<() => void>();
  const failures: ConnectorFailure[] = [];
  let failed = 0;
  let refusingStreams = false;
  const refusals: string[] = [];
  const streams = new Map<string, StreamState>();
  const created: CreatedConversation[] = [];
  let refusingPrivateChats = false;
  const departed = new Set<string>();

  const getMember = (memberId: string, response: ServerResponse) => {
    if (departed.has(memberId)) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'MemberNotFoundInConversation', message: 'The member was not found in the conversation.' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: memberId }));
  };

  const createConversation = (body: Record<string, unknown>, response: ServerResponse) => {
    const problem = conversationRequestProblem(body);
    if (problem || refusingPrivateChats) {
      const status = problem ? 400 : 403;
      const error = problem ? { code: 'BadArgument', message: problem } : { code: 'Forbidden', message: 'The bot is not installed for this user.' };
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
      return;
    }
    const memberId = (body.members as Array<{ id: string }>)[0]!.id;
    const tenantId = String((body.channelData as { tenant?: { id?: string } } | undefined)?.tenant?.id ?? body.tenantId);
    const conversationId = `a:1personal-${memberId.replace(/[^A-Za-z0-9-]/g, '')}`;
    created.push({ conversationId, memberId, tenantId, botId: String((body.bot as { id: string }).id) });
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: conversationId }));
  };

  const server: Server = createServer((request, response) => {
    readJson(request)
      .then((body) => {
        const path = new URL(request.url ?? '/', 'http://connector.local').pathname;
        if (request.method === 'POST' && CREATE_CONVERSATION_ROUTE.test(path)) return createConversation(body, response);
        const member = MEMBER_ROUTE.exec(path);
        if (request.method === 'GET' && member) return getMember(decodeURIComponent(member[1] ?? ''), response);
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
        const nowMs = now();
        if (info) {
          const violation = refusingStreams ? { status: 403, code: 'ContentStreamNotAllowed', message: 'Streaming is not allowed in this conversation.' } : streamViolation(body, info, streams, nowMs, limits);
          if (violation) {
            refusals.push(`${violation.code}: ${violation.message}`);
            response.writeHead(violation.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: violation.code, message: violation.message } }));
            return;
          }
        }
        const badCitations = method !== 'DELETE' ? citationProblem(body) : undefined;
        if (badCitations) {
          refusals.push(`BadArgument: ${badCitations}`);
          response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'BadArgument', message: badCitations } }));
          return;
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
          const stream = streams.get(streamId) ?? { lastSequence: 0, text: '', ended: false, startedAtMs: nowMs, lastAtMs: nowMs };
          stream.lastSequence = info.streamSequence ?? stream.lastSequence;
          stream.lastAtMs = nowMs;
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
    createdConversations: () => [...created],
    refusePrivateChats: () => {
      refusingPrivateChats = true;
    },
    removeMember: (memberId) => void departed.add(memberId),
    failNext: (failure) => void failures.push(failure),
    failedCalls: () => failed,
    refuseStreaming: () => {
      refusingStreams = true;
    },
    streamRefusals: () => [...refusals],
    openStreams: () => [...streams.entries()].filter(([, stream]) => !stream.ended).map(([streamId]) => streamId),
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
      created.length = 0;
      refusingPrivateChats = false;
      departed.clear();
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
