// Streams one turn's answer into a Teams one-to-one chat with the Bot Framework streaming protocol
// (as the Agents SDK's StreamingResponse speaks it): an informative update per tool call that means
// something to the reader ("Querying warehouse…"), the answer's text as typing activities carrying
// the cumulative text (at most one per STREAM_UPDATE_INTERVAL_MS, as Teams asks), and a final
// message that ends the stream. Every streaming update carries a `streaminfo` entity with a
// strictly increasing streamSequence; all but the first carry the streamId, which is the id the
// connector gave the first one. The final message names the streamId but no streamSequence (Teams
// documents that it must not be set; the SDK 1.8.1 sets it, so these activities are built here).
// A stream older than MAX_STREAM_MESSAGE_LIFETIME_MS is ended and the answer goes on in a new one, because
// Teams ends a stream after about two minutes: checked with each update, and by a timer for a
// stream that gets no update in time (the model waiting on a long query). Turns run after the HTTP request, where the SDK's
// StreamingResponse has no turn context to send through, so the activities go through the
// TeamsOutbox. With a turn job, each stream's id is kept in the job's post ledger, so a rerun of an
// interrupted job ends the streams the dead run left open. When Teams refuses a streaming activity
// nothing is lost: finish() reports that the answer was not shown, and the caller posts it as one
// message.
import { Activity } from '@microsoft/agents-activity';
import type { PostLedger } from '../../../conversations/turn-jobs.js';
import type { ChannelLogger } from '../../channel-logger.js';
import type { TeamsOutbox } from '../outbox/teams-outbox.js';
import type { AnswerMarks } from '../outbox/ai-answer.js';
import type { ToolCallEvent } from '../../tool-call-event.js';
import { informativeText } from './informative-updates.js';
import { INTERRUPTED_STREAM_TEXT, MAX_STREAM_MESSAGE_LIFETIME_MS, STREAM_UPDATE_INTERVAL_MS } from './stream-limits.js';

export interface TeamsAnswerStreamOptions {
  outbox: TeamsOutbox;
  logger: ChannelLogger;
  threadId: string;
  /** False turns streaming off (the channel's streamPersonalChats option). */
  enabled?: boolean;
  /** Called once the first streaming activity is in the chat (the typing indicator can stop). */
  onStarted?: () => void;
  now?: () => number;
  updateIntervalMs?: number;
  maxStreamLifetimeMs?: number;
  /**
   * The turn job's post ledger and run: each stream's id is recorded (`stream:<attempt>:<n>`), so a
   * rerun of an interrupted job ends the streams the dead run left open.
   */
  job?: { ledger: PostLedger; attempt: number; confirmLease?: (() => Promise<void>) | undefined } | undefined;
}

function streamPostKey(attempt: number, index: number): string {
  return `stream:${attempt}:${index}`;
}

type StreamUpdate = { kind: 'informative'; text: string } | { kind: 'text' };

export class TeamsAnswerStream {
  private state: 'waiting' | 'streaming' | 'refused' | 'ended';
  private streamId: string | undefined;
  private streamStartedAtMs = 0;
  private streamCount = 0;
  private sequence = 0;
  private text = '';
  private sentText = '';
  /** Where the open stream's text begins in `text` (after a rollover, earlier streams hold the rest). */
  private streamTextStart = 0;
  private pendingInformative: string | undefined;
  private lastSentAtMs = Number.NEGATIVE_INFINITY;
  /** When the connector last accepted an activity of the open stream: Teams measures the pace from there. */
  private lastDeliveredAtMs = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  /** Ends the open stream when it reaches its lifetime without an update (a long tool call, say). */
  private lifetimeTimer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly intervalMs: number;
  private readonly lifetimeMs: number;

  constructor(private readonly options: TeamsAnswerStreamOptions) {
    this.state = options.enabled !== false && options.outbox.isPersonalChat() ? 'waiting' : 'refused';
    this.now = options.now ?? Date.now;
    this.intervalMs = options.updateIntervalMs ?? STREAM_UPDATE_INTERVAL_MS;
    this.lifetimeMs = options.maxStreamLifetimeMs ?? MAX_STREAM_MESSAGE_LIFETIME_MS;
  }

  /**
   * Ends the streams that earlier, interrupted runs of this job left open (Teams would show them
   * unfinished): each gets a final message saying the answer follows anew. A stream that already
   * ended (or that Teams timed out) refuses it, which is fine.
   */
  async endInterruptedStreams(): Promise<void> {
    const job = this.options.job;
    if (!job) return;
    for (let attempt = 1; attempt < job.attempt; attempt += 1) {
      for (let index = 0; ; index += 1) {
        const streamId = job.ledger.get(streamPostKey(attempt, index));
        if (!streamId) break;
        const activity = finalActivity(streamId, INTERRUPTED_STREAM_TEXT);
        await this.options.outbox.sendStreamActivity(activity).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          this.options.logger.info(`The stream of an interrupted run could not be ended (${reason}); it had ended already.`, { threadId: this.options.threadId });
        });
      }
    }
  }

  appendText(delta: string): void {
    if (!this.accepting() || delta === '') return;
    this.text += delta;
    this.schedule();
  }

  startTool(call: ToolCallEvent): void {
    const text = informativeText(call.toolName);
    // Teams replaces an informative update by the streamed text; once text shows, it stays.
    if (!text || !this.accepting() || this.text !== '') return;
    this.pendingInformative = text;
    this.schedule();
  }

  /**
   * Ends the stream with the final message: `text` (the whole answer; what was streamed without it) with the AI label, citations
   * and feedback loop in `marks`. True when the stream ended with that message (its id in
   * `activityId`); false when nothing was streamed or Teams refused the stream, and the caller
   * posts the answer the usual way.
   */
  async finish(final: { text?: string; marks?: AnswerMarks; whenNothingStreamed?: string } = {}): Promise<{ shown: true; activityId: string | undefined; placeholderShown: boolean } | { shown: false }> {
    this.clearTimer();
    if (this.state === 'streaming' && this.text !== this.sentText) this.queue({ kind: 'text' });
    await this.chain;
    if (this.state === 'streaming') {
      // Too old for Teams to accept its final message: end it and finish in a new stream.
      if (this.streamId !== undefined && this.now() - this.streamStartedAtMs >= this.lifetimeMs) await this.rollOver();
      // After a rollover no stream is open: one more carries the final message.
      if (this.streamId === undefined && this.accepting()) await this.deliver({ kind: 'informative', text: '…' });
    }
    this.clearLifetimeTimer();
    if (this.state !== 'streaming' || this.streamId === undefined) return { shown: false };
    this.state = 'ended';
    // Without an answer to end with (Stop, a failure), the final message keeps what was streamed.
    const whole = final.text ?? this.text;
    // After a rollover the earlier streams show the beginning: this one ends with the rest.
    const earlier = this.text.slice(0, this.streamTextStart);
    const rest = this.streamTextStart > 0 && whole.startsWith(earlier) ? whole.slice(earlier.length) : this.streamTextStart > 0 ? this.text.slice(this.streamTextStart) : whole;
    // Teams needs words to end a stream with: a turn that streamed none ends it with the sentence it
    // has to say (a failure, Stop) when the caller gives one, so no bare "…" stays in the chat.
    const placeholderShown = rest.trim() === '' && final.whenNothingStreamed !== undefined;
    const activity = finalActivity(this.streamId, rest.trim() === '' ? (final.whenNothingStreamed ?? '…') : rest);
    try {
      await this.options.outbox.sendStreamActivity(activity, final.marks);
      return { shown: true, activityId: this.streamId, placeholderShown };
    } catch (error) {
      this.refuse('end the streamed answer', error);
      return { shown: false };
    }
  }

  /**
   * Closes a stream whose turn broke before its reply: what was streamed stays as a message, or
   * `sentence` when nothing was. True when the stream now shows that sentence.
   */
  async abandon(sentence?: string): Promise<boolean> {
    if (this.state !== 'streaming' && this.state !== 'waiting') return false;
    const ended = await this.finish(sentence === undefined ? {} : { whenNothingStreamed: sentence });
    return ended.shown && ended.placeholderShown;
  }

  private accepting(): boolean {
    return this.state === 'waiting' || this.state === 'streaming';
  }

  private schedule(): void {
    if (this.timer) return;
    const waitMs = this.lastSentAtMs + this.intervalMs - this.now();
    if (waitMs <= 0) this.sendDue();
    else
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.sendDue();
      }, waitMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private sendDue(): void {
    if (this.text !== this.sentText) this.queue({ kind: 'text' });
    else if (this.pendingInformative) this.queue({ kind: 'informative', text: this.pendingInformative });
    this.pendingInformative = undefined;
  }

  private queue(update: StreamUpdate): void {
    this.lastSentAtMs = this.now();
    this.chain = this.chain.then(() => this.deliver(update));
  }

  private async deliver(update: StreamUpdate): Promise<void> {
    if (!this.accepting()) return;
    if (this.streamId !== undefined && this.now() - this.streamStartedAtMs >= this.lifetimeMs) await this.rollOver();
    if (!this.accepting()) return;
    // The previous update may have taken a while to get through: keep the pace Teams sees.
    const waitMs = this.lastDeliveredAtMs + this.intervalMs - this.now();
    if (this.streamId !== undefined && waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    // A stream starts only while the run holds its lease: a run that lost it (the state store was
    // down longer than the lease) shows nothing beside the run that took the job over.
    if (this.streamId === undefined && this.options.job?.confirmLease) {
      try {
        await this.options.job.confirmLease();
      } catch {
        this.state = 'ended';
        return;
      }
    }
    const activity = this.streamActivity(update.kind === 'text' ? 'streaming' : 'informative');
    // Streaming updates carry the whole text of this stream so far: Teams replaces what it showed with it.
    const text = update.kind === 'text' ? this.text : update.text;
    activity.text = update.kind === 'text' ? text.slice(this.streamTextStart) : text;
    const startedAtMs = this.now();
    try {
      const activityId = await this.options.outbox.sendStreamActivity(activity);
      this.lastDeliveredAtMs = this.now();
      if (update.kind === 'text') this.sentText = text;
      if (this.streamId === undefined) {
        if (!activityId) throw new Error('the connector returned no id for the first streaming activity');
        this.streamId = activityId;
        this.streamStartedAtMs = startedAtMs;
        this.armLifetimeTimer(activityId);
        const job = this.options.job;
        if (job) await job.ledger.record(streamPostKey(job.attempt, this.streamCount), activityId);
        this.streamCount += 1;
        if (this.state === 'waiting') {
          this.state = 'streaming';
          this.options.onStarted?.();
        }
      }
    } catch (error) {
      this.refuse(this.streamId ? 'continue the streamed answer' : 'start streaming the answer', error);
    }
  }

  private armLifetimeTimer(streamId: string): void {
    this.clearLifetimeTimer();
    this.lifetimeTimer = setTimeout(() => {
      this.lifetimeTimer = undefined;
      this.chain = this.chain.then(async () => {
        if (this.accepting() && this.streamId === streamId) await this.rollOver();
      });
    }, this.lifetimeMs);
    this.lifetimeTimer.unref();
  }

  private clearLifetimeTimer(): void {
    if (this.lifetimeTimer) clearTimeout(this.lifetimeTimer);
    this.lifetimeTimer = undefined;
  }

  /** Ends the open stream with the text it shows; the next update starts a new stream. */
  private async rollOver(): Promise<void> {
    const streamId = this.streamId;
    if (streamId === undefined) return;
    this.clearLifetimeTimer();
    const shown = this.sentText.slice(this.streamTextStart);
    try {
      await this.options.outbox.sendStreamActivity(finalActivity(streamId, shown.trim() === '' ? '…' : shown));
    } catch (error) {
      this.refuse('end a streamed message that reached Teams\' two-minute limit', error);
      return;
    }
    this.streamId = undefined;
    this.sequence = 0;
    this.lastDeliveredAtMs = Number.NEGATIVE_INFINITY;
    this.streamTextStart = this.sentText.length;
  }

  private streamActivity(streamType: 'informative' | 'streaming'): Activity {
    this.sequence += 1;
    const streamInfo = { type: 'streaminfo', streamType, streamSequence: this.sequence, ...(this.streamId ? { streamId: this.streamId } : {}) };
    return Activity.fromObject({ type: 'typing', entities: [streamInfo], ...(this.streamId ? { id: this.streamId } : {}) });
  }

  private refuse(action: string, error: unknown): void {
    this.state = 'refused';
    this.clearTimer();
    this.clearLifetimeTimer();
    const reason = error instanceof Error ? error.message : String(error);
    this.options.logger.warn(`Teams refused to ${action} (${reason}). The whole answer is posted as one message instead.`, { threadId: this.options.threadId });
  }
}

/** The message that ends a stream: it names the stream but sets no streamSequence, as Teams requires. */
function finalActivity(streamId: string, text: string): Activity {
  return Activity.fromObject({ type: 'message', id: streamId, text, entities: [{ type: 'streaminfo', streamType: 'final', streamId }] });
}
