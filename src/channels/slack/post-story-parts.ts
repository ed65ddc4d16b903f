// Posts the messages of one story version into the thread, each tagged with story metadata. Slack
// can refuse an image block whose file it is still processing (`invalid_blocks`, "invalid slack
// file"): such a message is retried after a pause, and if Slack still refuses, it is posted with a
// line in place of each image and the charts are shared into the thread as files instead.
import type { SlackBlock, SlackMessage } from './block-kit.js';
import { fallbackText } from './block-text.js';
import { escapeMrkdwn } from './convert-inline-markdown.js';
import { contextBlock } from './interactive-blocks.js';
import { postMessage, stopIfUnreachable, uploadFile } from './post-reply.js';
import type { FileToUpload } from './render-outcome.js';
import { explainSlackError, slackErrorCode } from './slack-api-errors.js';
import { storyMetadata } from './story-metadata.js';
import type { ReplyTarget, SlackChannelLogger, SlackWebClient } from './types.js';

/** Pauses before posting again when Slack has not finished processing an uploaded chart. */
export const STORY_IMAGE_RETRY_DELAYS_MS = [1_000, 3_000];

export interface StoryParts {
  slug: string;
  version: number;
  messages: SlackMessage[];
  /** Uploaded chart PNGs by Slack file id, for the files fallback. */
  chartFiles: ReadonlyMap<string, FileToUpload>;
}

export interface PostStoryPartsOptions {
  retryDelaysMs?: readonly number[];
  sleep?: (milliseconds: number) => Promise<void>;
}

/** Returns the ts of each posted part (undefined where even the fallback failed). */
export async function postStoryParts(
  client: SlackWebClient,
  target: ReplyTarget,
  parts: StoryParts,
  logger: SlackChannelLogger,
  options: PostStoryPartsOptions = {},
): Promise<Array<string | undefined>> {
  const posted: Array<string | undefined> = [];
  for (const [index, message] of parts.messages.entries()) {
    const metadata = storyMetadata({ slug: parts.slug, version: parts.version, part: index + 1 });
    posted.push(await postPart(client, target, message, metadata, parts.chartFiles, logger, options));
  }
  return posted;
}

async function postPart(
  client: SlackWebClient,
  target: ReplyTarget,
  message: SlackMessage,
  metadata: ReturnType<typeof storyMetadata>,
  chartFiles: ReadonlyMap<string, FileToUpload>,
  logger: SlackChannelLogger,
  options: PostStoryPartsOptions,
): Promise<string | undefined> {
  const sleep = options.sleep ?? ((milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds)));
  const delays = hasImages(message.blocks) ? (options.retryDelaysMs ?? STORY_IMAGE_RETRY_DELAYS_MS) : [];
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await postTagged(client, target, message, metadata);
    } catch (error) {
      stopIfUnreachable(error, target, logger);
      const delay = delays[attempt];
      if (slackErrorCode(error) === 'invalid_blocks' && delay !== undefined) {
        await sleep(delay);
        continue;
      }
      if (hasImages(message.blocks)) return postWithoutImages(client, target, message, metadata, chartFiles, logger, error);
      logger.error(explainSlackError('post a story message', error), { threadId: target.threadId });
      // postMessage falls back to plain text, so the story still arrives (without its tag).
      return postMessage(client, target, message, logger);
    }
  }
}

async function postWithoutImages(
  client: SlackWebClient,
  target: ReplyTarget,
  message: SlackMessage,
  metadata: ReturnType<typeof storyMetadata>,
  chartFiles: ReadonlyMap<string, FileToUpload>,
  logger: SlackChannelLogger,
  cause: unknown,
): Promise<string | undefined> {
  logger.warn(`${explainSlackError('show the story charts inline', cause)} The charts are attached to the thread instead.`, { threadId: target.threadId });
  const files: FileToUpload[] = [];
  const blocks = message.blocks.map((block): SlackBlock => {
    if (block.type !== 'image' || !('slack_file' in block) || !('id' in block.slack_file)) return block;
    const file = chartFiles.get(block.slack_file.id);
    if (file) files.push(file);
    return contextBlock(`:frame_with_picture: ${block.title?.text ? `“${escapeMrkdwn(block.title.text)}”` : 'A chart'} is attached below.`);
  });
  const withoutImages = { text: fallbackText(blocks), blocks };
  const ts = await postTagged(client, target, withoutImages, metadata).catch((error: unknown) => {
    stopIfUnreachable(error, target, logger);
    logger.error(explainSlackError('post a story message', error), { threadId: target.threadId });
    return postMessage(client, target, withoutImages, logger);
  });
  for (const file of files) await uploadFile(client, target, file, logger);
  return ts;
}

async function postTagged(client: SlackWebClient, target: ReplyTarget, message: SlackMessage, metadata: ReturnType<typeof storyMetadata>): Promise<string | undefined> {
  const response = await client.chat.postMessage({
    channel: target.channelId,
    thread_ts: target.threadTs,
    text: message.text,
    blocks: message.blocks,
    metadata,
    unfurl_links: false,
    unfurl_media: false,
  });
  return response.ts;
}

function hasImages(blocks: SlackBlock[]): boolean {
  return blocks.some((block) => block.type === 'image');
}
