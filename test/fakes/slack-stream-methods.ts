// chat.startStream / appendStream / stopStream for the fake Slack Web API, as Slack answers them: a
// streamed message is a thread message whose text grows with each markdown_text; it takes appends
// until it is stopped or outlives its lifetime (then message_not_in_streaming_state); no call and no
// message may carry more than 12,000 characters of Markdown (msg_too_long); outside a DM the
// recipient user and team are required; chunks must be of a known type and shape (invalid_chunks).
// A workspace or app that cannot stream is modelled by `refuseWith`: every startStream fails so.
import type { FakeSlackMessage } from './slack-api-server.js';

export const STREAM_MARKDOWN_LIMIT_CHARACTERS = 12_000;
const TASK_STATUSES = new Set(['pending', 'in_progress', 'complete', 'error']);

export interface FakeStreamingOptions {
  /** The error every chat.startStream answers with (streaming not available here). */
  refuseWith?: string;
  /** How long a streamed message takes appends. Default 5 minutes. */
  lifetimeMs?: number;
}

interface StreamState {
  message: FakeSlackMessage;
  stopped: boolean;
  startedAtMs: number;
}

type Handler = (args: Record<string, unknown>) => Record<string, unknown>;

/** The Markdown a call appends, or an error code when its chunks are malformed. */
function markdownOf(args: Record<string, unknown>): { text: string } | { error: string } {
  let text = typeof args.markdown_text === 'string' ? args.markdown_text : '';
  if (args.chunks !== undefined) {
    if (!Array.isArray(args.chunks)) return { error: 'invalid_chunks' };
    for (const chunk of args.chunks as Array<Record<string, unknown>>) {
      if (chunk.type === 'markdown_text' && typeof chunk.text === 'string') text += chunk.text;
      else if (chunk.type === 'task_update') {
        if (typeof chunk.id !== 'string' || typeof chunk.title !== 'string' || !TASK_STATUSES.has(String(chunk.status))) return { error: 'invalid_chunks' };
      } else if (chunk.type !== 'plan_update' && chunk.type !== 'blocks') return { error: 'invalid_chunks' };
    }
  }
  return { text };
}

export function createStreamMethods(messages: FakeSlackMessage[], nextTs: () => string, bot: { userId: string; botId: string }, options: FakeStreamingOptions = {}): Record<string, Handler> {
  const streams = new Map<string, StreamState>();
  const lifetimeMs = options.lifetimeMs ?? 5 * 60_000;

  const openStream = (args: Record<string, unknown>): StreamState | { error: string } => {
    const stream = streams.get(`${String(args.channel)}:${String(args.ts)}`);
    if (!stream) return { error: 'message_not_found' };
    if (stream.stopped || Date.now() - stream.startedAtMs > lifetimeMs) return { error: 'message_not_in_streaming_state' };
    return stream;
  };

  const apply = (stream: StreamState, args: Record<string, unknown>): { error: string } | undefined => {
    const markdown = markdownOf(args);
    if ('error' in markdown) return markdown;
    if (markdown.text.length > STREAM_MARKDOWN_LIMIT_CHARACTERS || stream.message.text.length + markdown.text.length > STREAM_MARKDOWN_LIMIT_CHARACTERS) return { error: 'msg_too_long' };
    stream.message.text += markdown.text;
    stream.message.chunks = [...(stream.message.chunks ?? []), ...((args.chunks as unknown[]) ?? []), ...(typeof args.markdown_text === 'string' ? [{ type: 'markdown_text', text: args.markdown_text }] : [])];
    return undefined;
  };

  return {
    'chat.startStream': (args) => {
      if (options.refuseWith) return { ok: false, error: options.refuseWith };
      if (!args.channel) return { ok: false, error: 'channel_not_found' };
      if (!args.thread_ts) return { ok: false, error: 'invalid_arguments' };
      const channel = String(args.channel);
      if (!channel.startsWith('D')) {
        if (!args.recipient_user_id) return { ok: false, error: 'missing_recipient_user_id' };
        if (!args.recipient_team_id) return { ok: false, error: 'missing_recipient_team_id' };
      }
      const message: FakeSlackMessage = { channel, ts: nextTs(), thread_ts: String(args.thread_ts), text: '', bot_id: bot.botId, user: bot.userId, streaming: true, chunks: [] };
      const stream: StreamState = { message, stopped: false, startedAtMs: Date.now() };
      const refused = apply(stream, args);
      if (refused) return { ok: false, ...refused };
      if (args.recipient_user_id) message.streamRecipient = { userId: String(args.recipient_user_id), teamId: String(args.recipient_team_id) };
      messages.push(message);
      streams.set(`${channel}:${message.ts}`, stream);
      return { ok: true, channel, ts: message.ts };
    },
    'chat.appendStream': (args) => {
      const stream = openStream(args);
      if ('error' in stream) return { ok: false, ...stream };
      const refused = apply(stream, args);
      if (refused) return { ok: false, ...refused };
      return { ok: true, channel: stream.message.channel, ts: stream.message.ts };
    },
    'chat.stopStream': (args) => {
      const stream = openStream(args);
      if ('error' in stream) return { ok: false, ...stream };
      const refused = apply(stream, args);
      if (refused) return { ok: false, ...refused };
      if (Array.isArray(args.blocks)) stream.message.blocks = args.blocks as unknown[];
      stream.stopped = true;
      stream.message.streaming = false;
      return { ok: true, channel: stream.message.channel, ts: stream.message.ts, message: stream.message };
    },
  };
}
