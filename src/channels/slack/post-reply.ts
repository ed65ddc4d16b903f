// Sends a rendered reply into its thread, in order: answer messages, chart uploads, the answer file,
// then the buttons. Rate limits are retried by the Web API client (it waits for Retry-After). A
// channel the bot cannot reach is logged plainly and the rest is skipped; a rejected layout falls
// back to plain text so the answer still arrives.
import type { SlackMessage } from './block-kit.js';
import { blockText } from './block-text.js';
import type { FileToUpload, RenderedReply } from './render-outcome.js';
import { explainSlackError, isUnreachableChannel } from './slack-api-errors.js';
import { MAX_SECTION_TEXT_CHARACTERS } from './slack-limits.js';
import { splitText } from './split-text.js';
import type { ReplyTarget, SlackChannelLogger, SlackWebClient } from './types.js';
import { DatathreadError } from '../../support/errors.js';

export class UnreachableChannelError extends DatathreadError {
  override readonly name = 'UnreachableChannelError';
  readonly code = 'channel_unreachable';
}

export interface PostReplyHooks {
  /** Runs after the answer, charts and file, before the buttons (the turn's story messages). */
  beforeControls?: () => Promise<void>;
  /** Runs when the thread's channel cannot be posted in (not a member, archived, restricted). */
  onUnreachable?: () => Promise<void>;
}

export async function postReply(client: SlackWebClient, target: ReplyTarget, reply: RenderedReply, logger: SlackChannelLogger, hooks: PostReplyHooks = {}): Promise<void> {
  try {
    for (const message of reply.messages) await postMessage(client, target, message, logger);
    for (const chart of reply.charts) await uploadFile(client, target, chart, logger);
    if (reply.answerFile) await uploadFile(client, target, reply.answerFile, logger);
    await hooks.beforeControls?.();
    if (reply.controls) await postMessage(client, target, reply.controls, logger);
  } catch (error) {
    if (!(error instanceof UnreachableChannelError)) throw error;
    await hooks.onUnreachable?.().catch((notifyError: unknown) => {
      logger.error(explainSlackError('tell the asker that the channel cannot be reached', notifyError), { threadId: target.threadId });
    });
  }
}

export async function postMessage(client: SlackWebClient, target: ReplyTarget, message: SlackMessage, logger: SlackChannelLogger): Promise<string | undefined> {
  try {
    const posted = await client.chat.postMessage({
      channel: target.channelId,
      thread_ts: target.threadTs,
      text: message.text,
      blocks: message.blocks,
      unfurl_links: false,
      unfurl_media: false,
    });
    return posted.ts;
  } catch (error) {
    stopIfUnreachable(error, target, logger);
    logger.error(explainSlackError('post an answer message', error), { threadId: target.threadId });
    return postPlainText(client, target, message.blocks.map(blockText).filter((text) => text !== '').join('\n\n'), logger);
  }
}

async function postPlainText(client: SlackWebClient, target: ReplyTarget, text: string, logger: SlackChannelLogger): Promise<string | undefined> {
  let firstTs: string | undefined;
  try {
    for (const piece of splitText(text || 'The answer could not be shown in Slack.', MAX_SECTION_TEXT_CHARACTERS)) {
      const posted = await client.chat.postMessage({ channel: target.channelId, thread_ts: target.threadTs, text: piece });
      firstTs ??= posted.ts;
    }
  } catch (error) {
    stopIfUnreachable(error, target, logger);
    logger.error(explainSlackError('post the plain-text answer', error), { threadId: target.threadId });
  }
  return firstTs;
}

export async function uploadFile(client: SlackWebClient, target: ReplyTarget, file: FileToUpload, logger: SlackChannelLogger): Promise<void> {
  try {
    await client.filesUploadV2({
      channel_id: target.channelId,
      thread_ts: target.threadTs,
      file: file.content,
      filename: file.filename,
      title: file.title,
    });
  } catch (error) {
    stopIfUnreachable(error, target, logger);
    logger.error(explainSlackError(`upload ${file.filename}`, error), { threadId: target.threadId });
  }
}

/** Logs and throws UnreachableChannelError when posting in the thread's channel cannot work. */
export function stopIfUnreachable(error: unknown, target: ReplyTarget, logger: SlackChannelLogger): void {
  if (!isUnreachableChannel(error)) return;
  logger.error(explainSlackError(`post in channel ${target.channelId}`, error), { threadId: target.threadId });
  throw new UnreachableChannelError(`Channel ${target.channelId} cannot be reached.`);
}
