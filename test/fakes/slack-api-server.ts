// A local server that speaks the Slack Web API well enough for the adapter: auth.test, users.info,
// conversations.replies (the whole thread for any of its messages' ts, within oldest/latest and limit), chat.postMessage / update / delete / postEphemeral,
// chat.startStream / appendStream / stopStream (slack-stream-methods.ts),
// assistant.threads.setStatus / setSuggestedPrompts / setTitle and the three steps of files.uploadV2 (with or without sharing; an
// image block may show an uploaded file by `slack_file.id`). Message metadata is kept and returned
// by conversations.replies and conversations.history (a channel's own messages, newest first) with
// include_all_metadata, as Slack does. holdNextAnswer carries a call out but holds its answer back,
// so a test can kill the caller (or cut its store) after a post landed. It records every call (with
// parsed arguments), keeps the thread's messages, and can be told to fail a method once (a 429
// with Retry-After, or a Slack error code such as not_in_channel). Given a `socketModeUrl`, it also
// answers apps.connections.open (app-level `xapp-` tokens only) with that URL, for Socket Mode.
// views.open opens a modal only for a trigger id the fake issued (issueTriggerId, as Slack puts one
// in each interaction payload) and used within Slack's three seconds, once, and only a view with a
// type, a title and blocks. users.info of a deactivated account answers `deleted: true`.
// usergroups.users.list answers the members of a user group set with setUserGroup: a bot token
// without usergroups:read gets missing_scope, an unknown group no_such_subteam, as Slack answers.
// users.lookupByEmail finds a user added with addUser by e-mail (without case), users_not_found
// otherwise, missing_scope without users:read.email. Given `botToken`, only that exact bot token
// is accepted (another `xoxb-` token gets invalid_auth, as a revoked or mistyped one does).
// chat.getPermalink answers `https://<team domain>.slack.com/archives/<channel>/p<ts without the dot>`
// for a message it holds (the bot's posts, and people's messages added with addUserMessage, since
// events sent to the bot do not pass through this server); channel_not_found for a channel with no
// message, message_not_found for an unknown ts, as Slack answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import { createStreamMethods, type FakeStreamingOptions } from './slack-stream-methods.js';

export type { FakeStreamingOptions } from './slack-stream-methods.js';

export interface RecordedSlackCall {
  method: string;
  args: Record<string, unknown>;
  /** Set for 429 / error answers, so tests can tell a failed attempt from the retried one. */
  failedWith?: string;
}

export interface FakeSlackMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  text: string;
  blocks?: unknown[];
  user?: string;
  bot_id?: string;
  metadata?: unknown;
  /** A streamed message (chat.startStream): true until it is stopped. */
  streaming?: boolean;
  /** The chunks of a streamed message, in the order they arrived. */
  chunks?: unknown[];
  /** Whom a streamed message outside a DM is for. */
  streamRecipient?: { userId: string; teamId: string };
}

export interface FakeEphemeralMessage extends FakeSlackMessage {
  /** Who sees it. */
  recipient: string;
}

export interface UploadedFile {
  fileId: string;
  filename: string;
  title?: string;
  bytes: Buffer;
  channelId?: string;
  threadTs?: string;
}

export interface FakeSlackUser {
  id: string;
  name: string;
  realName?: string;
  email?: string;
  /** A deactivated account: users.info still answers, with `deleted: true`, as Slack does. */
  deleted?: boolean;
  /** IANA zone, as users.info's `tz`. */
  tz?: string;
}

export interface OpenedView {
  id: string;
  triggerId: string;
  view: Record<string, unknown>;
}

/** Slack lets a trigger id open a view for three seconds after the interaction. */
const TRIGGER_ID_LIFETIME_MS = 3_000;

export type ScriptedFailure = { status: 429; retryAfterSeconds: number } | { error: string };

export interface FakeSlackApi {
  /** For SLACK_API_URL / slackApiUrl, ending in `/api/`. */
  apiUrl: string;
  calls: RecordedSlackCall[];
  messages: FakeSlackMessage[];
  files: UploadedFile[];
  /** chat.postEphemeral messages (not part of any thread listing). */
  ephemerals: FakeEphemeralMessage[];
  bot: { userId: string; botId: string; teamId: string };
  addUser(user: FakeSlackUser): void;
  /** A message a person posted (a thread's root, say): conversations.replies and chat.getPermalink then know it. */
  addUserMessage(message: Pick<FakeSlackMessage, 'channel' | 'ts' | 'text' | 'user' | 'thread_ts'>): void;
  /** Creates or replaces a user group (`S…`) and its member ids. */
  setUserGroup(userGroupId: string, memberIds: string[]): void;
  /** Takes the usergroups:read scope away from (or gives it back to) the bot token. */
  setUserGroupScope(granted: boolean): void;
  /** Takes the users:read.email scope away from (or gives it back to) the bot token. */
  setEmailScope(granted: boolean): void;
  /** A trigger id as Slack puts in an interaction payload; views.open accepts it once, within three seconds. */
  issueTriggerId(): string;
  /** Modals opened with views.open, in order. */
  openedViews: OpenedView[];
  /** The next call of `method` fails this way (once per entry). */
  failNext(method: string, failure: ScriptedFailure): void;
  /**
   * The next call of `method` is held until `release()`: by default it is carried out first (a
   * message posted is in the channel) and only its answer waits, so the caller can be killed, or its
   * store cut, after the post landed; with `before: true` it is carried out only when released.
   */
  holdNextAnswer(method: string, options?: { before?: boolean }): { arrived: Promise<void>; release(): void };
  /** Calls of a method that succeeded, in order. */
  callsOf(method: string): RecordedSlackCall[];
  /** Messages in a thread (root ts), in posting order, without deleted ones. */
  threadMessages(channel: string, threadTs: string): FakeSlackMessage[];
  /** Polls `probe` (which may read the store: an async probe is awaited) until it gives a value that is not undefined or false. */
  waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

const JSON_FIELDS = new Set(['blocks', 'attachments', 'files', 'metadata', 'chunks', 'prompts', 'view']);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseArguments(contentType: string | undefined, body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8');
  if (contentType?.includes('application/json')) return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  const parsed = parseQueryString(text) as Record<string, string>;
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) args[key] = JSON_FIELDS.has(key) ? JSON.parse(value) : value;
  return args;
}

async function readUploadedBytes(request: IncomingMessage, body: Buffer): Promise<Buffer> {
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.includes('multipart/form-data')) return body;
  const form = await new Request('http://fake.local/upload', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  for (const value of form.values()) {
    if (typeof value !== 'string') return Buffer.from(await value.arrayBuffer());
  }
  return Buffer.alloc(0);
}

export interface FakeSlackApiOptions {
  /** The WebSocket URL apps.connections.open returns (a fake Socket Mode server's `url`). */
  socketModeUrl?: string;
  /**
   * chat.startStream / appendStream / stopStream. Default: refused with `feature_not_enabled`, like a
   * workspace or app that cannot stream (the adapter then posts as before); pass `{}` to stream.
   */
  streaming?: FakeStreamingOptions;
  /** The one bot token the workspace accepts; default: any `xoxb-` token. */
  botToken?: string;
  /** The workspace's domain, in auth.test's `url` and in permalinks; default `fake-workspace`. */
  teamDomain?: string;
}

/** Methods that take an app-level token (`xapp-…`) instead of the bot token. */
const APP_TOKEN_METHODS = new Set(['apps.connections.open']);

export async function startFakeSlackApi(options: FakeSlackApiOptions = {}): Promise<FakeSlackApi> {
  const calls: RecordedSlackCall[] = [];
  const messages: FakeSlackMessage[] = [];
  const deleted = new Set<string>();
  const files: UploadedFile[] = [];
  const ephemerals: FakeEphemeralMessage[] = [];
  const completedFileIds = new Set<string>();
  const users = new Map<string, FakeSlackUser>();
  const userGroups = new Map<string, string[]>();
  let userGroupScope = true;
  let emailScope = true;
  const failures = new Map<string, ScriptedFailure[]>();
  const holds = new Map<string, Array<{ arrive(): void; released: Promise<void>; before: boolean }>>();
  const bot = { userId: 'UBOT', botId: 'BBOT', teamId: 'T1' };
  const triggerIssuedAtMs = new Map<string, number>();
  const openedViews: OpenedView[] = [];
  let tsCounter = 0;
  let fileCounter = 0;
  let triggerCounter = 0;
  let viewCounter = 0;
  let baseUrl = '';
  const teamDomain = options.teamDomain ?? 'fake-workspace';

  const nextTs = () => `1700000000.${String(++tsCounter).padStart(6, '0')}`;
  const send = (response: ServerResponse, payload: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(payload));
  };

  const methods: Record<string, (args: Record<string, unknown>) => Record<string, unknown>> = {
    'auth.test': () => ({ ok: true, url: `https://${teamDomain}.slack.com/`, team: 'Fake', user: 'datathread', team_id: bot.teamId, user_id: bot.userId, bot_id: bot.botId }),
    'users.info': (args) => {
      const user = users.get(String(args.user));
      if (!user) return { ok: false, error: 'user_not_found' };
      return { ok: true, user: { id: user.id, name: user.name, deleted: user.deleted === true, real_name: user.realName ?? user.name, profile: { display_name: user.name, real_name: user.realName ?? user.name, email: user.email }, ...(user.tz ? { tz: user.tz } : {}) } };
    },
    'users.lookupByEmail': (args) => {
      if (!emailScope) return { ok: false, error: 'missing_scope', needed: 'users:read.email', provided: 'chat:write,users:read' };
      const email = String(args.email ?? '').toLowerCase();
      const user = [...users.values()].find((candidate) => candidate.email?.toLowerCase() === email);
      if (!user) return { ok: false, error: 'users_not_found' };
      return { ok: true, user: { id: user.id, team_id: bot.teamId, name: user.name, deleted: false, real_name: user.realName ?? user.name, profile: { display_name: user.name, real_name: user.realName ?? user.name, email: user.email } } };
    },
    'usergroups.users.list': (args) => {
      if (!userGroupScope) return { ok: false, error: 'missing_scope', needed: 'usergroups:read', provided: 'chat:write,users:read' };
      const members = userGroups.get(String(args.usergroup));
      if (!members) return { ok: false, error: 'no_such_subteam' };
      return { ok: true, users: [...members] };
    },
    // A channel's own messages (not thread replies), newest first, as Slack lists them.
    'conversations.history': (args) => {
      const withMetadata = args.include_all_metadata === true || args.include_all_metadata === 'true';
      const channel = String(args.channel);
      const top = messages.filter((message) => message.channel === channel && (message.thread_ts === undefined || message.thread_ts === message.ts) && !deleted.has(`${message.channel}:${message.ts}`));
      const listed = top.reverse().map(({ metadata, ...message }) => (withMetadata && metadata ? { ...message, metadata } : message));
      return { ok: true, messages: structuredClone(listed), has_more: false };
    },
    'conversations.replies': (args) => {
      const withMetadata = args.include_all_metadata === true || args.include_all_metadata === 'true';
      // As Slack: `ts` may be any message of the thread, the answer is the whole thread from its parent,
      // within oldest/latest (inclusive only when asked) and cut at `limit`.
      const channel = String(args.channel);
      const named = messages.find((message) => message.channel === channel && message.ts === String(args.ts));
      const inWindow = (ts: string) => {
        const inclusive = args.inclusive === true || args.inclusive === 'true';
        const after = (bound: unknown) => bound === undefined || (inclusive ? Number(ts) >= Number(bound) : Number(ts) > Number(bound));
        const before = (bound: unknown) => bound === undefined || (inclusive ? Number(ts) <= Number(bound) : Number(ts) < Number(bound));
        return after(args.oldest) && before(args.latest);
      };
      const whole = threadOf(channel, named?.thread_ts ?? String(args.ts)).filter((message) => inWindow(message.ts));
      const limit = args.limit === undefined ? whole.length : Number(args.limit);
      const thread = whole.slice(0, limit).map(({ metadata, ...message }) => (withMetadata && metadata ? { ...message, metadata } : message));
      return { ok: true, messages: structuredClone(thread), has_more: whole.length > limit };
    },
    'chat.postMessage': (args) => {
      const unknownFile = unknownSlackFile(args.blocks);
      if (unknownFile) return { ok: false, error: 'invalid_blocks', errors: [`invalid slack file ${unknownFile}`] };
      const message: FakeSlackMessage = { channel: String(args.channel), ts: nextTs(), text: String(args.text ?? ''), bot_id: bot.botId, user: bot.userId };
      if (args.thread_ts) message.thread_ts = String(args.thread_ts);
      if (args.blocks) message.blocks = args.blocks as unknown[];
      if (args.metadata) message.metadata = args.metadata;
      messages.push(message);
      return { ok: true, channel: message.channel, ts: message.ts, message };
    },
    'chat.update': (args) => {
      const message = messages.find((candidate) => candidate.channel === args.channel && candidate.ts === args.ts);
      if (!message) return { ok: false, error: 'message_not_found' };
      const unknownFile = unknownSlackFile(args.blocks);
      if (unknownFile) return { ok: false, error: 'invalid_blocks', errors: [`invalid slack file ${unknownFile}`] };
      message.text = String(args.text ?? message.text);
      if (args.blocks) message.blocks = args.blocks as unknown[];
      if (args.metadata) message.metadata = args.metadata;
      return { ok: true, channel: message.channel, ts: message.ts, text: message.text };
    },
    'chat.getPermalink': (args) => {
      const channel = String(args.channel ?? '');
      const ts = String(args.message_ts ?? '');
      const inChannel = messages.filter((message) => message.channel === channel && !deleted.has(`${message.channel}:${message.ts}`));
      if (inChannel.length === 0) return { ok: false, error: 'channel_not_found' };
      if (!inChannel.some((message) => message.ts === ts)) return { ok: false, error: 'message_not_found' };
      return { ok: true, channel, permalink: `https://${teamDomain}.slack.com/archives/${channel}/p${ts.replace('.', '')}` };
    },
    'chat.delete': (args) => {
      deleted.add(`${String(args.channel)}:${String(args.ts)}`);
      return { ok: true, channel: args.channel, ts: args.ts };
    },
    'chat.postEphemeral': (args) => {
      const message: FakeEphemeralMessage = { channel: String(args.channel), ts: nextTs(), text: String(args.text ?? ''), recipient: String(args.user), bot_id: bot.botId, user: bot.userId };
      if (args.thread_ts) message.thread_ts = String(args.thread_ts);
      if (args.blocks) message.blocks = args.blocks as unknown[];
      ephemerals.push(message);
      return { ok: true, message_ts: message.ts };
    },
    'assistant.threads.setStatus': () => ({ ok: true }),
    'views.open': (args) => {
      const triggerId = typeof args.trigger_id === 'string' ? args.trigger_id : '';
      const view = (typeof args.view === 'string' ? JSON.parse(args.view) : args.view) as Record<string, unknown> | undefined;
      if (!triggerId || !view) return { ok: false, error: 'invalid_arguments' };
      // Slack refuses a view without its type, title or blocks before looking at the trigger.
      if (view.type !== 'modal' || typeof view.title !== 'object' || !Array.isArray(view.blocks) || view.blocks.length === 0) return { ok: false, error: 'invalid_arguments' };
      const issuedAtMs = triggerIssuedAtMs.get(triggerId);
      if (issuedAtMs === undefined) return { ok: false, error: 'invalid_trigger_id' };
      if (Date.now() - issuedAtMs > TRIGGER_ID_LIFETIME_MS) return { ok: false, error: 'expired_trigger_id' };
      triggerIssuedAtMs.delete(triggerId);
      const id = `V${String(++viewCounter).padStart(10, '0')}`;
      openedViews.push({ id, triggerId, view });
      return { ok: true, view: { id, team_id: bot.teamId, state: { values: {} }, hash: `${id}-hash`, ...view } };
    },
    // Slack takes one to four prompts, each with a title and a message.
    'assistant.threads.setSuggestedPrompts': (args) => {
      const prompts = args.prompts as Array<{ title?: unknown; message?: unknown }> | undefined;
      if (!args.channel_id) return { ok: false, error: 'channel_not_found' };
      if (!Array.isArray(prompts) || prompts.length === 0 || prompts.length > 4) return { ok: false, error: 'invalid_arguments' };
      if (prompts.some((prompt) => typeof prompt.title !== 'string' || prompt.title === '' || typeof prompt.message !== 'string' || prompt.message === '')) return { ok: false, error: 'invalid_arguments' };
      return { ok: true };
    },
    'assistant.threads.setTitle': (args) => (args.channel_id && args.thread_ts && typeof args.title === 'string' && args.title !== '' ? { ok: true } : { ok: false, error: 'invalid_arguments' }),
    ...createStreamMethods(messages, nextTs, bot, options.streaming ?? { refuseWith: 'feature_not_enabled' }),
    ...(options.socketModeUrl ? { 'apps.connections.open': () => ({ ok: true, url: options.socketModeUrl }) } : {}),
    'files.getUploadURLExternal': (args) => {
      // Slack file ids match ^F[A-Z0-9]{8,}$.
      const fileId = `F${String(++fileCounter).padStart(10, '0')}`;
      files.push({ fileId, filename: String(args.filename), bytes: Buffer.alloc(0) });
      return { ok: true, upload_url: `${baseUrl}/upload/${fileId}`, file_id: fileId };
    },
    'files.completeUploadExternal': (args) => {
      const listed = (args.files as Array<{ id: string; title?: string }>) ?? [];
      for (const entry of listed) {
        const file = files.find((candidate) => candidate.fileId === entry.id);
        if (!file) return { ok: false, error: 'file_not_found' };
        file.title = entry.title;
        file.channelId = args.channel_id as string | undefined;
        file.threadTs = args.thread_ts as string | undefined;
        completedFileIds.add(file.fileId);
      }
      return { ok: true, files: listed.map((entry) => ({ id: entry.id, title: entry.title })) };
    },
  };

  /** The first `slack_file.id` of an image block that names no completed upload. */
  function unknownSlackFile(blocks: unknown): string | undefined {
    if (!Array.isArray(blocks)) return undefined;
    for (const block of blocks as Array<{ type?: string; slack_file?: { id?: string } }>) {
      const id = block.type === 'image' ? block.slack_file?.id : undefined;
      if (id !== undefined && !completedFileIds.has(id)) return id;
    }
    return undefined;
  }

  function threadOf(channel: string, threadTs: string): FakeSlackMessage[] {
    return messages.filter(
      (message) => message.channel === channel && (message.ts === threadTs || message.thread_ts === threadTs) && !deleted.has(`${message.channel}:${message.ts}`),
    );
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    const body = await readBody(request);
    if (url.pathname.startsWith('/upload/')) {
      const file = files.find((candidate) => candidate.fileId === url.pathname.slice('/upload/'.length));
      if (!file) return send(response, { ok: false }, 404);
      file.bytes = await readUploadedBytes(request, body);
      calls.push({ method: 'upload', args: { fileId: file.fileId, size: file.bytes.length } });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`OK - ${file.bytes.length}`);
      return;
    }
    const method = url.pathname.replace(/^\/api\//, '');
    const args = parseArguments(request.headers['content-type'], body);
    const failure = failures.get(method)?.shift();
    if (failure && 'status' in failure) {
      calls.push({ method, args, failedWith: '429' });
      return send(response, { ok: false, error: 'ratelimited' }, 429, { 'retry-after': String(failure.retryAfterSeconds) });
    }
    if (failure) {
      calls.push({ method, args, failedWith: failure.error });
      return send(response, { ok: false, error: failure.error });
    }
    const handler = methods[method];
    if (!handler) {
      calls.push({ method, args, failedWith: 'unknown_method' });
      return send(response, { ok: false, error: 'unknown_method' });
    }
    const authorization = String(request.headers.authorization ?? '');
    if (APP_TOKEN_METHODS.has(method) && !authorization.startsWith('Bearer xapp-')) {
      // What Slack answers when apps.connections.open gets a bot or user token.
      calls.push({ method, args, failedWith: 'not_allowed_token_type' });
      return send(response, { ok: false, error: 'not_allowed_token_type' });
    }
    if (!APP_TOKEN_METHODS.has(method) && !authorization.startsWith('Bearer xoxb-')) {
      calls.push({ method, args, failedWith: 'not_authed' });
      return send(response, { ok: false, error: 'not_authed' });
    }
    if (!APP_TOKEN_METHODS.has(method) && options.botToken !== undefined && authorization !== `Bearer ${options.botToken}`) {
      calls.push({ method, args, failedWith: 'invalid_auth' });
      return send(response, { ok: false, error: 'invalid_auth' });
    }
    const hold = holds.get(method)?.shift();
    if (hold?.before) {
      hold.arrive();
      await hold.released;
      // The caller is gone (killed while it waited): the call never reached "Slack".
      if (response.destroyed || request.socket.destroyed) return;
    }
    const result = handler(args);
    calls.push({ method, args, ...(result.ok ? {} : { failedWith: String(result.error) }) });
    if (hold && !hold.before) {
      hold.arrive();
      await hold.released;
    }
    if (!response.destroyed) send(response, result);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    apiUrl: `${baseUrl}/api/`,
    calls,
    messages,
    files,
    ephemerals,
    bot,
    addUser: (user) => void users.set(user.id, user),
    addUserMessage: (message) => void messages.push({ ...message }),
    setUserGroup: (userGroupId, memberIds) => void userGroups.set(userGroupId, [...memberIds]),
    setUserGroupScope: (granted) => {
      userGroupScope = granted;
    },
    setEmailScope: (granted) => {
      emailScope = granted;
    },
    issueTriggerId() {
      const triggerId = `${Date.now()}.${++triggerCounter}.${Math.random().toString(16).slice(2, 14)}`;
      triggerIssuedAtMs.set(triggerId, Date.now());
      return triggerId;
    },
    openedViews,
    failNext: (method, failure) => void failures.set(method, [...(failures.get(method) ?? []), failure]),
    holdNextAnswer(method, holdOptions = {}) {
      let arrive: () => void = () => undefined;
      let release: () => void = () => undefined;
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.set(method, [...(holds.get(method) ?? []), { arrive, released, before: holdOptions.before === true }]);
      return { arrived, release };
    },
    callsOf: (method) => calls.filter((call) => call.method === method && call.failedWith === undefined),
    threadMessages: threadOf,
    async waitFor(probe, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await probe();
        if (value !== undefined && value !== false) return value as never;
        if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for the fake Slack API. Calls so far: ${calls.map((call) => call.method + (call.failedWith ? `(${call.failedWith})` : '')).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
