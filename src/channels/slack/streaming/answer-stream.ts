// Streams one turn's answer into its Slack thread as the model writes it: the first text or task
// opens a streamed message (chat.startStream), later text and task updates are appended at most once
// per STREAM_UPDATE_INTERVAL_MS, a message that would outgrow Slack's limit or lifetime is stopped and
// the answer goes on in a new one (a table cut there gets its header again, and a message outliving
// its lifetime in the middle of a table row first finishes the row), and finish() stops the last one. Past
// ANSWER_FILE_THRESHOLD_CHARACTERS the answer stops streaming with a note that the whole answer
// comes as a file, as a posted answer does (`previewOnly`; the caller uploads it). When Slack refuses streaming
// (an older workspace, an app not allowed to stream, a stream that ended under us), nothing is lost:
// finish() reports that the answer was not shown, and the caller posts it the usual way.
import type { ChannelLogger } from '../../channel-logger.js';
import { explainSlackError, slackErrorCode } from '../outbox/slack-api-errors.js';
import type { ReplyTarget, SlackWebClient } from '../types.js';
import type { PostLedger } from '../../../conversations/turn-jobs.js';
import { ANSWER_FILE_NOTE_MARKDOWN } from '../render/render-reply.js';
import { ANSWER_FILE_THRESHOLD_CHARACTERS } from '../render/slack-limits.js';
import { MAX_STREAM_MESSAGE_CHARACTERS, MAX_STREAM_MESSAGE_LIFETIME_MS, STREAM_UPDATE_INTERVAL_MS } from './stream-limits.js';
import { continuesTable, openTableHeader } from './table-continuation.js';
import type { ToolCallEvent } from '../../tool-call-event.js';
import { taskUpdateChunk, type StreamChunk } from './task-updates.js';

/** Shared by every stream of one channel: once Slack says this app or workspace cannot stream, stop asking. */
export interface StreamingSupport {
  available: boolean;
}

/** Answers that mean "this app or workspace cannot stream at all", not "this one call failed". */
const STREAMING_UNAVAILABLE_CODES = new Set(['unknown_method', 'not_allowed_token_type', 'feature_not_enabled', 'method_not_supported_for_channel_type', 'not_allowed']);

export interface SlackAnswerStreamOptions {
  client: SlackWebClient;
  target: ReplyTarget;
  logger: ChannelLogger;
  support: StreamingSupport;
  /** The person the streamed message is for (Slack requires it outside direct messages). */
  recipient: { userId: string; teamId: string };
  now?: () => number;
  updateIntervalMs?: number;
  maxMessageCharacters?: number;
  maxMessageLifetimeMs?: number;
  /** Answer characters streamed before the rest goes into a file instead (default ANSWER_FILE_THRESHOLD_CHARACTERS). */
  maxAnswerCharacters?: number;
  /**
   * The turn job's post ledger and run: each streamed message is recorded (`stream:<attempt>:<n>`),
   * so a rerun of an interrupted job removes the half-streamed messages the dead run left. A stream
   * starts only after `confirmLease` resolved: a run that lost its lease (the state store was down
   * longer than the lease) starts none beside the run that took the job over, and a stream whose ts
   * could not be recorded is stopped and removed at once, since no rerun could find it.
   */
  job?: { ledger: PostLedger; attempt: number; confirmLease?: (() => Promise<void>) | undefined } | undefined;
}

function streamPostKey(attempt: number, index: number): string {
  return `stream:${attempt}:${index}`;
}

interface OpenMessage {
  ts: string;
  characters: number;
  startedAtMs: number;
}

export class SlackAnswerStream {
  private readonly queue: StreamChunk[] = [];
  private state: 'waiting' | 'streaming' | 'refused' | 'broken' | 'removed' | 'lease lost';
  private open: OpenMessage | undefined;
  private readonly streamedTs: string[] = [];
  private lastSentAtMs = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly intervalMs: number;
  private readonly maxCharacters: number;
  private readonly lifetimeMs: number;
  private readonly maxAnswerCharacters: number;
  /** The answer's text as queued so far (what the model wrote, up to the preview length). */
  private queuedCharacters = 0;
  /** Every text character Slack accepted, in order, across the streamed messages. */
  private streamedText = '';
  private cutShort = false;

  constructor(private readonly options: SlackAnswerStreamOptions) {
    this.state = options.support.available ? 'waiting' : 'refused';
    this.now = options.now ?? Date.now;
    this.intervalMs = options.updateIntervalMs ?? STREAM_UPDATE_INTERVAL_MS;
    this.maxCharacters = options.maxMessageCharacters ?? MAX_STREAM_MESSAGE_CHARACTERS;
    this.lifetimeMs = options.maxMessageLifetimeMs ?? MAX_STREAM_MESSAGE_LIFETIME_MS;
    this.maxAnswerCharacters = options.maxAnswerCharacters ?? ANSWER_FILE_THRESHOLD_CHARACTERS;
  }

  /** True when the answer outgrew the preview length: only its start was streamed; the whole answer belongs in a file. */
  get previewOnly(): boolean {
    return this.cutShort;
  }

  appendText(delta: string): void {
    if (!this.accepting() || delta === '' || this.cutShort) return;
    const room = this.maxAnswerCharacters - this.queuedCharacters;
    if (delta.length > room) {
      // The preview ends with the last whole line that fits, then says where the rest is.
      const lineEnd = delta.lastIndexOf('\n', room - 1);
      this.cutShort = true;
      this.queueText(`${lineEnd >= 0 ? delta.slice(0, lineEnd + 1) : ''}\n\n_${ANSWER_FILE_NOTE_MARKDOWN}_`);
      return;
    }
    this.queueText(delta);
  }

  private queueText(text: string): void {
    this.queuedCharacters += text.length;
    const last = this.queue.at(-1);
    if (last?.type === 'markdown_text') last.text += text;
    else this.queue.push({ type: 'markdown_text', text });
    this.schedule();
  }

  startTool(call: ToolCallEvent): void {
    this.queueTask(taskUpdateChunk(call, 'in_progress'));
  }

  endTool(call: ToolCallEvent & { ok: boolean }): void {
    this.queueTask(taskUpdateChunk(call, call.ok ? 'complete' : 'error'));
  }

  /**
   * Sends what is queued and stops the stream. True when every word of the answer reached Slack in
   * streamed messages; false when the caller must post the answer itself (streaming refused or broken,
   * in which case the partial streamed messages were removed).
   *
   * `removeWithoutText`: a turn that ends with a sentence instead of an answer (failed, stopped,
   * empty) and streamed no text would leave a message holding only task updates above that
   * sentence; it is removed, and the sentence alone says how the turn ended.
   */
  async finish(options: { removeWithoutText?: boolean } = {}): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.sendQueued();
    await this.chain;
    if (this.state === 'streaming' && this.open) {
      try {
        await this.options.client.chat.stopStream({ channel: this.options.target.channelId, ts: this.open.ts });
        this.open = undefined;
      } catch (error) {
        this.markBroken('stop the streamed answer', error);
      }
    }
    if (this.state === 'broken') await this.removeStreamedMessages();
    if (options.removeWithoutText && this.state === 'streaming' && this.streamedText.trim() === '') {
      await this.removeStreamedMessages();
      // Nothing of the answer is in the thread any more: the caller posts the turn's reply whole.
      this.state = 'removed';
    }
    return this.state === 'streaming';
  }

  private accepting(): boolean {
    return this.state === 'waiting' || this.state === 'streaming';
  }

  private queueTask(chunk: StreamChunk | undefined): void {
    if (!chunk || !this.accepting()) return;
    this.queue.push(chunk);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    const waitMs = this.lastSentAtMs + this.intervalMs - this.now();
    if (waitMs <= 0) this.sendQueued();
    else this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sendQueued();
    }, waitMs);
  }

  private sendQueued(): void {
    if (this.queue.length === 0) return;
    const chunks = this.queue.splice(0);
    this.lastSentAtMs = this.now();
    this.chain = this.chain.then(() => this.deliver(chunks));
  }

  private async deliver(chunks: StreamChunk[]): Promise<void> {
    let rest = chunks;
    while (rest.length > 0 && this.accepting()) {
      const expired = this.open !== undefined && this.now() - this.open.startedAtMs > this.lifetimeMs;
      // A new message that goes on with a table starts with the table's header again.
      const header = this.open ? undefined : this.headerToRepeat(rest);
      const room = (this.open ? this.maxCharacters - this.open.characters : this.maxCharacters) - (header?.length ?? 0);
      // An expired message in the middle of a table row takes the rest of the row first, so no row is cut in two.
      const midRow = expired && endsInsideTableRow(this.streamedText);
      const [fits, overflow] = expired ? (midRow ? splitAtLineEnd(rest, room) : [[], rest]) : splitChunks(rest, room);
      if (fits.length > 0) await (this.open ? this.append(fits) : this.start(header ? withLeadingText(header, fits) : fits));
      const rowUnfinished = midRow && overflow.length === 0 && endsInsideTableRow(this.streamedText);
      if ((overflow.length > 0 || (expired && !rowUnfinished)) && this.accepting()) await this.rollOver();
      rest = overflow;
    }
  }

  private headerToRepeat(chunks: StreamChunk[]): string | undefined {
    const firstText = chunks.find((chunk) => chunk.type === 'markdown_text');
    if (firstText?.type !== 'markdown_text' || !continuesTable(firstText.text)) return undefined;
    return openTableHeader(this.streamedText);
  }

  private async start(chunks: StreamChunk[]): Promise<void> {
    const { client, target, recipient } = this.options;
    // Slack counts a stream's lifetime from its own start, somewhere during this call: counting from
    // before the call rolls over a little early rather than late.
    const job = this.options.job;
    if (job?.confirmLease) {
      try {
        await job.confirmLease();
      } catch {
        // The run that took the job over streams the answer; this one shows nothing more.
        this.state = 'lease lost';
        return;
      }
    }
    const startedAtMs = this.now();
    try {
      const started = await client.chat.startStream({
        channel: target.channelId,
        thread_ts: target.threadTs,
        chunks,
        // Outside a direct message Slack must know whom the streamed message is for.
        ...(target.isDirectMessage ? {} : { recipient_user_id: recipient.userId, recipient_team_id: recipient.teamId }),
      });
      if (!started.ts) throw new Error('chat.startStream returned no message ts');
      this.open = { ts: started.ts, characters: textLength(chunks), startedAtMs };
      this.streamedText += streamText(chunks);
      this.streamedTs.push(started.ts);
      if (job && !(await job.ledger.record(streamPostKey(job.attempt, this.streamedTs.length - 1), started.ts))) {
        // Unrecorded, the successor could not remove it: this run takes its streamed messages away itself.
        this.state = 'lease lost';
        this.open = undefined;
        await client.chat.stopStream({ channel: target.channelId, ts: started.ts }).catch(() => undefined);
        await this.removeStreamedMessages();
        return;
      }
      this.state = 'streaming';
    } catch (error) {
      if (this.state === 'waiting') {
        this.state = 'refused';
        const code = slackErrorCode(error);
        if (code && STREAMING_UNAVAILABLE_CODES.has(code)) this.options.support.available = false;
        this.options.logger.warn(`${explainSlackError('stream the answer', error)} The answer is posted when complete instead.`, { threadId: target.threadId });
      } else {
        this.markBroken('continue the streamed answer in a new message', error);
      }
    }
  }

  private async append(chunks: StreamChunk[]): Promise<void> {
    const open = this.open;
    if (!open) return;
    try {
      await this.options.client.chat.appendStream({ channel: this.options.target.channelId, ts: open.ts, chunks });
      open.characters += textLength(chunks);
      this.streamedText += streamText(chunks);
    } catch (error) {
      this.markBroken('append to the streamed answer', error);
    }
  }

  private async rollOver(): Promise<void> {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    try {
      await this.options.client.chat.stopStream({ channel: this.options.target.channelId, ts: open.ts });
    } catch (error) {
      this.markBroken('stop a full streamed message', error);
    }
  }

  private markBroken(action: string, error: unknown): void {
    this.state = 'broken';
    this.options.logger.warn(`${explainSlackError(action, error)} The streamed part is removed and the whole answer is posted when complete.`, {
      threadId: this.options.target.threadId,
    });
  }

  /** Deletes what earlier, interrupted runs of this job streamed (their answer comes again now). */
  async removeInterruptedStreams(): Promise<void> {
    const job = this.options.job;
    if (!job) return;
    const { client, target, logger } = this.options;
    for (let attempt = 1; attempt < job.attempt; attempt += 1) {
      for (let index = 0; ; index += 1) {
        const ts = job.ledger.get(streamPostKey(attempt, index));
        if (!ts) break;
        await client.chat.delete({ channel: target.channelId, ts }).catch((error: unknown) => {
          logger.warn(explainSlackError('remove a half-streamed answer of an interrupted run', error), { threadId: target.threadId });
        });
      }
    }
  }

  private async removeStreamedMessages(): Promise<void> {
    const { client, target, logger } = this.options;
    for (const ts of this.streamedTs.splice(0)) {
      await client.chat.delete({ channel: target.channelId, ts }).catch((error: unknown) => {
        logger.warn(explainSlackError('remove a partly streamed answer message', error), { threadId: target.threadId });
      });
    }
  }
}

function textLength(chunks: StreamChunk[]): number {
  return chunks.reduce((sum, chunk) => sum + (chunk.type === 'markdown_text' ? chunk.text.length : 0), 0);
}

function streamText(chunks: StreamChunk[]): string {
  return chunks.map((chunk) => (chunk.type === 'markdown_text' ? chunk.text : '')).join('');
}

/** `text` put before the first text chunk (or before everything, when there is none). */
function withLeadingText(text: string, chunks: StreamChunk[]): StreamChunk[] {
  const index = chunks.findIndex((chunk) => chunk.type === 'markdown_text');
  if (index < 0) return [{ type: 'markdown_text', text }, ...chunks];
  const chunk = chunks[index] as Extract<StreamChunk, { type: 'markdown_text' }>;
  return [...chunks.slice(0, index), { type: 'markdown_text', text: `${text}${chunk.text}` }, ...chunks.slice(index + 1)];
}

function endsInsideTableRow(text: string): boolean {
  return text.slice(text.lastIndexOf('\n') + 1).trimStart().startsWith('|');
}

/** The queued chunks up to the end of the current line (all of them while the line is still unfinished). */
function splitAtLineEnd(chunks: StreamChunk[], room: number): [StreamChunk[], StreamChunk[]] {
  for (let index = 0; index < chunks.length; index += 1) {
    const chunk = chunks[index]!;
    if (chunk.type !== 'markdown_text') continue;
    const lineBreak = chunk.text.indexOf('\n');
    if (lineBreak < 0) continue;
    const [fits, overflow] = splitChunks([...chunks.slice(0, index), { type: 'markdown_text', text: chunk.text.slice(0, lineBreak + 1) }], room);
    const tail = chunk.text.slice(lineBreak + 1);
    return [fits, [...overflow, ...(tail ? [{ type: 'markdown_text' as const, text: tail }] : []), ...chunks.slice(index + 1)]];
  }
  return splitChunks(chunks, room);
}

/**
 * Splits queued chunks where the text would pass `room` characters: the first part fits in the open
 * message, the rest starts the next one. Text is cut after the last line break that fits, so a line
 * is not split across messages unless it alone is longer than the room.
 */
function splitChunks(chunks: StreamChunk[], room: number): [StreamChunk[], StreamChunk[]] {
  let left = room;
  for (let index = 0; index < chunks.length; index += 1) {
    const chunk = chunks[index]!;
    if (chunk.type !== 'markdown_text') continue;
    if (chunk.text.length <= left) {
      left -= chunk.text.length;
      continue;
    }
    const lineBreak = chunk.text.lastIndexOf('\n', left);
    const cut = lineBreak > 0 ? lineBreak + 1 : Math.max(left, 0);
    const head = chunk.text.slice(0, cut);
    const tail = chunk.text.slice(cut);
    const fits = [...chunks.slice(0, index), ...(head ? [{ type: 'markdown_text' as const, text: head }] : [])];
    return [fits, [{ type: 'markdown_text', text: tail }, ...chunks.slice(index + 1)]];
  }
  return [chunks, []];
}
