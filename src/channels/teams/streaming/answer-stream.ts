// Streams one turn's answer into a Teams one-to-one chat with the Bot Framework streaming protocol
// (as the Agents SDK's StreamingResponse speaks it): an informative update per tool call that means
// something to the reader ("Querying warehouse…"), the answer's text as typing activities carrying
// the cumulative text (at most one per STREAM_UPDATE_INTERVAL_MS, as Teams throttles faster
// updates), and a final message that ends the stream. Every streaming activity carries a
// `streaminfo` entity with a strictly increasing streamSequence; all but the first carry the
// streamId, which is the id the connector gave the first one. Turns run after the HTTP request,
// where the SDK's StreamingResponse has no turn context to send through, so the activities go
// through the TeamsOutbox. When Teams refuses a streaming activity nothing is lost: finish()
// reports that the answer was not shown, and the caller posts it as one message.
import { Activity } from '@microsoft/agents-activity';
import type { ChannelLogger } from '../../channel-logger.js';
import type { TeamsOutbox } from '../outbox/teams-outbox.js';
import type { AnswerMarks } from '../render/ai-answer.js';
import { informativeText } from './informative-updates.js';

/** Teams asks for streaming updates no more often than once a second (the SDK's Teams default). */
export const STREAM_UPDATE_INTERVAL_MS = 1_000;

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
}

export interface ToolCallEvent {
  toolCallId: string;
  toolName: string;
}

type StreamUpdate = { kind: 'informative'; text: string } | { kind: 'text' };

export class TeamsAnswerStream {
  private state: 'waiting' | 'streaming' | 'refused' | 'ended';
  private streamId: string | undefined;
  private sequence = 0;
  private text = '';
  private sentText = '';
  private pendingInformative: string | undefined;
  private lastSentAtMs = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly intervalMs: number;

  constructor(private readonly options: TeamsAnswerStreamOptions) {
    this.state = options.enabled !== false && options.outbox.isPersonalChat() ? 'waiting' : 'refused';
    this.now = options.now ?? Date.now;
    this.intervalMs = options.updateIntervalMs ?? STREAM_UPDATE_INTERVAL_MS;
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
  async finish(final: { text?: string; marks?: AnswerMarks } = {}): Promise<{ shown: true; activityId: string | undefined } | { shown: false }> {
    this.clearTimer();
    if (this.state === 'streaming' && this.text !== this.sentText) this.queue({ kind: 'text' });
    await this.chain;
    if (this.state !== 'streaming') return { shown: false };
    this.state = 'ended';
    const activity = this.streamActivity('message', 'final');
    // Without an answer to end with (Stop, a failure), the final message keeps what was streamed.
    activity.text = final.text ?? (this.text === '' ? '…' : this.text);
    try {
      await this.options.outbox.sendStreamActivity(activity, final.marks);
      return { shown: true, activityId: this.streamId };
    } catch (error) {
      this.refuse('end the streamed answer', error);
      return { shown: false };
    }
  }

  /** Closes a stream whose turn broke before its reply: what was streamed stays as a message. */
  async abandon(): Promise<void> {
    if (this.state !== 'streaming' && this.state !== 'waiting') return;
    await this.finish();
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
    const activity = this.streamActivity('typing', update.kind === 'text' ? 'streaming' : 'informative');
    // Streaming updates carry the whole text so far: Teams replaces what it showed with it.
    const text = update.kind === 'text' ? this.text : update.text;
    activity.text = text;
    try {
      const activityId = await this.options.outbox.sendStreamActivity(activity);
      if (update.kind === 'text') this.sentText = text;
      if (this.streamId === undefined) {
        if (!activityId) throw new Error('the connector returned no id for the first streaming activity');
        this.streamId = activityId;
        this.state = 'streaming';
        this.options.onStarted?.();
      }
    } catch (error) {
      this.refuse(this.streamId ? 'continue the streamed answer' : 'start streaming the answer', error);
    }
  }

  private streamActivity(type: 'typing' | 'message', streamType: 'informative' | 'streaming' | 'final'): Activity {
    this.sequence += 1;
    const streamInfo = { type: 'streaminfo', streamType, streamSequence: this.sequence, ...(this.streamId ? { streamId: this.streamId } : {}) };
    return Activity.fromObject({ type, entities: [streamInfo], ...(this.streamId ? { id: this.streamId } : {}) });
  }

  private refuse(action: string, error: unknown): void {
    this.state = 'refused';
    this.clearTimer();
    const reason = error instanceof Error ? error.message : String(error);
    this.options.logger.warn(`Teams refused to ${action} (${reason}). The whole answer is posted as one message instead.`, { threadId: this.options.threadId });
  }
}
