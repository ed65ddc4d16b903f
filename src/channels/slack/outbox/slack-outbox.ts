// Posts into one Slack thread: messages, file uploads, updates of an earlier message and messages
// only one person sees. Transient failures (ratelimited, internal_error, 5xx, broken connections)
// are retried with backoff (post-retry.ts); what still could not be delivered is remembered in
// `undelivered` so the turn can tell the asker instead of dropping it silently.
// A channel the bot cannot reach is logged plainly and stops the reply (UnreachableChannelError);
// a rejected layout falls back to plain text so the answer still arrives.
import type { ChannelLogger } from '../../channel-logger.js';
import type { SlackMessage } from '../render/block-kit.js';
import { blockText } from '../render/block-text.js';
import { MAX_SECTION_TEXT_CHARACTERS } from '../render/slack-limits.js';
import { splitText } from '../render/split-text.js';
import type { ReplyTarget, SlackWebClient } from '../types.js';
import { explainSlackError, isUnreachableChannel } from './slack-api-errors.js';
import { classifySlackFailure, retrySlackCall } from './post-retry.js';
import { DEFAULT_POST_RETRY, type PostRetryPolicy } from '../../retry-transient.js';
import { DatathreadError } from '../../../support/errors.js';
import type { PostLedger } from '../../../conversations/turn-jobs.js';
import { deliverOnce } from '../../../store/deliver-once.js';
import { ledgerDeliveryRecord, turnDeliveryKey } from '../../../conversations/ledger-delivery.js';
import { findMessageWithDeliveryKey, withDeliveryKey, type MessageMetadata } from './delivery-key-metadata.js';

export class UnreachableChannelError extends DatathreadError {
  override readonly name = 'UnreachableChannelError';
  readonly code = 'channel_unreachable';
}

export interface FileToUpload {
  filename: string;
  title: string;
  content: Buffer;
}

export type { MessageMetadata } from './delivery-key-metadata.js';

export class SlackOutbox {
  /** What could not be delivered after every retry ("a part of the answer", "the chart Sales"), in order. */
  readonly undelivered: string[] = [];

  private postCount = 0;
  private uploadCount = 0;

  /**
   * With a turn job's `ledger`, every post and upload has a stable key (`post:<n>`, `upload:<n>`):
   * a rerun of the job edits the messages the interrupted run posted and skips its uploads.
   */
  constructor(
    readonly client: SlackWebClient,
    readonly target: ReplyTarget,
    readonly logger: ChannelLogger,
    private readonly ledger?: PostLedger,
    readonly retryPolicy: PostRetryPolicy = DEFAULT_POST_RETRY,
  ) {}

  /** Posts in the thread; returns the message ts (undefined when even plain text failed). */
  async post(message: SlackMessage): Promise<string | undefined> {
    try {
      return await this.postAs(message);
    } catch (error) {
      this.stopIfUnreachable(error);
      this.logger.error(explainSlackError('post an answer message', error), { threadId: this.target.threadId });
      // Slack stayed unavailable through every retry: plain text would meet the same outage.
      if (classifySlackFailure(error)) {
        this.undelivered.push('a part of the answer');
        return undefined;
      }
      return this.postPlainText(message.blocks.map(blockText).filter((text) => text !== '').join('\n\n'));
    }
  }

  /**
   * Posts exactly this message (with metadata when given); Slack's refusal is thrown to the caller.
   * A turn job's post goes through the one delivery rule (deliver-once.ts): its intent is recorded
   * first and its key rides on the message's metadata, so a rerun edits the message an earlier run
   * posted (recorded, or found in the thread by its key) instead of posting a second one.
   */
  async postAs(message: SlackMessage, metadata?: MessageMetadata): Promise<string | undefined> {
    const postKey = `post:${this.postCount++}`;
    const ledger = this.ledger;
    if (!ledger) return (await this.postMessage(message, metadata)).ts;
    const deliveryKey = turnDeliveryKey(ledger, postKey);
    const keyed = withDeliveryKey(metadata, deliveryKey);
    // The turn runner confirmed the lease right before the reply: no second round trip per post.
    const delivered = await deliverOnce(deliveryKey, ledgerDeliveryRecord(ledger, postKey, async () => undefined), {
      post: async () => String((await this.postMessage(message, keyed)).ts),
      findByKey: (key) => findMessageWithDeliveryKey(this.client, { channelId: this.target.channelId, threadTs: this.target.threadTs, deliveryKey: key }),
    });
    if (delivered.how !== 'posted') await this.update(delivered.messageId, message, keyed);
    return delivered.messageId;
  }

  private postMessage(message: SlackMessage, metadata: MessageMetadata | undefined) {
    return this.retry('post a message', () => this.client.chat.postMessage({
      channel: this.target.channelId,
      thread_ts: this.target.threadTs,
      text: message.text,
      blocks: message.blocks,
      ...(metadata ? { metadata } : {}),
      unfurl_links: false,
      unfurl_media: false,
    }));
  }

  /** Replaces an earlier message of the thread; Slack's refusal is thrown to the caller. */
  async update(ts: string, message: SlackMessage, metadata?: MessageMetadata): Promise<void> {
    await this.retry('update a message', () => this.client.chat.update({ channel: this.target.channelId, ts, text: message.text, blocks: message.blocks, ...(metadata ? { metadata } : {}) }));
  }

  /** An ephemeral message in the thread that only `userId` sees; Slack's refusal is thrown to the caller. */
  async postPrivately(userId: string, message: SlackMessage): Promise<void> {
    await this.retry('post a private message', () =>
      this.client.chat.postEphemeral({
        channel: this.target.channelId,
        user: userId,
        thread_ts: this.target.threadTs,
        text: message.text,
        ...(message.blocks.length > 0 ? { blocks: message.blocks } : {}),
      }),
    );
  }

  /** Shares a file into the thread; a failure is logged and kept in `undelivered` (and stops the reply when the channel is unreachable). */
  async upload(file: FileToUpload): Promise<void> {
    const uploadKey = `upload:${this.uploadCount++}`;
    if (this.ledger?.get(uploadKey)) return;
    try {
      const response = await this.retry(`upload ${file.filename}`, () => this.client.filesUploadV2({ channel_id: this.target.channelId, thread_ts: this.target.threadTs, file: file.content, filename: file.filename, title: file.title }));
      await this.ledger?.record(uploadKey, response.files[0]?.files?.[0]?.id ?? file.filename);
    } catch (error) {
      this.stopIfUnreachable(error);
      this.logger.error(explainSlackError(`upload ${file.filename}`, error), { threadId: this.target.threadId });
      this.undelivered.push(`the file "${file.title}"`);
    }
  }

  /** Uploads a file without sharing it anywhere; returns its id for an image block, undefined on failure. */
  async uploadUnshared(file: FileToUpload): Promise<string | undefined> {
    try {
      const response = await this.retry(`upload ${file.filename}`, () => this.client.filesUploadV2({ file: file.content, filename: file.filename, title: file.title, alt_text: file.title }));
      const fileId = response.files[0]?.files?.[0]?.id;
      if (!fileId) this.logger.warn(`Slack did not return a file id for ${file.filename}; the chart is left out of the story message.`, { threadId: this.target.threadId });
      return fileId;
    } catch (error) {
      this.logger.error(explainSlackError(`upload the story chart ${file.filename}`, error), { threadId: this.target.threadId });
      this.undelivered.push(`the story chart "${file.title}"`);
      return undefined;
    }
  }

  /** Logs and throws UnreachableChannelError when posting in the thread's channel cannot work. */
  stopIfUnreachable(error: unknown): void {
    if (!isUnreachableChannel(error)) return;
    this.logger.error(explainSlackError(`post in channel ${this.target.channelId}`, error), { threadId: this.target.threadId });
    throw new UnreachableChannelError(`Channel ${this.target.channelId} cannot be reached.`);
  }

  private async postPlainText(text: string): Promise<string | undefined> {
    let firstTs: string | undefined;
    try {
      for (const piece of splitText(text || 'The answer could not be shown in Slack.', MAX_SECTION_TEXT_CHARACTERS)) {
        const posted = await this.retry('post a plain-text message', () => this.client.chat.postMessage({ channel: this.target.channelId, thread_ts: this.target.threadTs, text: piece }));
        firstTs ??= posted.ts;
      }
    } catch (error) {
      this.stopIfUnreachable(error);
      this.logger.error(explainSlackError('post the plain-text answer', error), { threadId: this.target.threadId });
      this.undelivered.push('a part of the answer');
    }
    return firstTs;
  }

  private retry<T>(action: string, call: () => Promise<T>): Promise<T> {
    return retrySlackCall(call, this.retryPolicy, this.logger, action);
  }
}
