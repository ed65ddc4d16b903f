// Posts the messages of one story version into the thread, each tagged with story metadata. Slack
// can refuse an image block whose file it is still processing (`invalid_blocks`, "invalid slack
// file"): such a message is retried after a pause, and if Slack still refuses, it is posted with a
// line in place of each image and the charts are shared into the thread as files instead.
import type { SlackBlock, SlackMessage } from '../render/block-kit.js';
import { fallbackText } from '../render/block-text.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { contextBlock } from '../render/interactive-blocks.js';
import type { FileToUpload, MessageMetadata, SlackOutbox } from '../outbox/slack-outbox.js';
import { explainSlackError, slackErrorCode } from '../outbox/slack-api-errors.js';
import { storyMetadata } from './story-metadata.js';

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
export async function postStoryParts(outbox: SlackOutbox, parts: StoryParts, options: PostStoryPartsOptions = {}): Promise<Array<string | undefined>> {
  const posted: Array<string | undefined> = [];
  for (const [index, message] of parts.messages.entries()) {
    const metadata = storyMetadata({ slug: parts.slug, version: parts.version, part: index + 1 });
    posted.push(await postPart(outbox, message, metadata, parts.chartFiles, options));
  }
  return posted;
}

async function postPart(
  outbox: SlackOutbox,
  message: SlackMessage,
  metadata: MessageMetadata,
  chartFiles: ReadonlyMap<string, FileToUpload>,
  options: PostStoryPartsOptions,
): Promise<string | undefined> {
  const sleep = options.sleep ?? ((milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds)));
  const delays = hasImages(message.blocks) ? (options.retryDelaysMs ?? STORY_IMAGE_RETRY_DELAYS_MS) : [];
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await outbox.postAs(message, metadata);
    } catch (error) {
      outbox.stopIfUnreachable(error);
      const delay = delays[attempt];
      if (slackErrorCode(error) === 'invalid_blocks' && delay !== undefined) {
        await sleep(delay);
        continue;
      }
      if (hasImages(message.blocks)) return postWithoutImages(outbox, message, metadata, chartFiles, error);
      outbox.logger.error(explainSlackError('post a story message', error), { threadId: outbox.target.threadId });
      // post() falls back to plain text, so the story still arrives (without its tag).
      return outbox.post(message);
    }
  }
}

async function postWithoutImages(
  outbox: SlackOutbox,
  message: SlackMessage,
  metadata: MessageMetadata,
  chartFiles: ReadonlyMap<string, FileToUpload>,
  cause: unknown,
): Promise<string | undefined> {
  const { logger, target } = outbox;
  logger.warn(`${explainSlackError('show the story charts inline', cause)} The charts are attached to the thread instead.`, { threadId: target.threadId });
  const files: FileToUpload[] = [];
  const blocks = message.blocks.map((block): SlackBlock => {
    if (block.type !== 'image' || !('slack_file' in block) || !('id' in block.slack_file)) return block;
    const file = chartFiles.get(block.slack_file.id);
    if (file) files.push(file);
    return contextBlock(`:frame_with_picture: ${block.title?.text ? `“${escapeMrkdwn(block.title.text)}”` : 'A chart'} is attached below.`);
  });
  const withoutImages = { text: fallbackText(blocks), blocks };
  const ts = await outbox.postAs(withoutImages, metadata).catch((error: unknown) => {
    outbox.stopIfUnreachable(error);
    logger.error(explainSlackError('post a story message', error), { threadId: target.threadId });
    return outbox.post(withoutImages);
  });
  for (const file of files) await outbox.upload(file);
  return ts;
}

function hasImages(blocks: SlackBlock[]): boolean {
  return blocks.some((block) => block.type === 'image');
}
