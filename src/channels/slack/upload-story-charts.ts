// Uploads a story's chart PNGs without sharing them anywhere (files.getUploadURLExternal → upload →
// files.completeUploadExternal with no channel), so the story message can show each one in an
// image block by file id instead of as a separate file post. A chart drawn twice is uploaded once.
import type { StoryAssets } from '../../stories/index.js';
import type { FileToUpload } from './render-outcome.js';
import { explainSlackError } from './slack-api-errors.js';
import type { ChartFileIds } from './story-node-blocks.js';
import type { ReplyTarget, SlackChannelLogger, SlackWebClient } from './types.js';

export interface StoryChartUploadInput {
  slug: string;
  version: number;
  assets: StoryAssets;
}

export interface UploadedStoryCharts {
  /** Chart node key → file id, for the image blocks. */
  byNode: ChartFileIds;
  /** File id → the PNG, in case Slack will not show it inline and it must be shared as a file. */
  files: ReadonlyMap<string, FileToUpload>;
}

export async function uploadStoryCharts(client: SlackWebClient, target: ReplyTarget, input: StoryChartUploadInput, logger: SlackChannelLogger): Promise<UploadedStoryCharts> {
  const byNode = new Map<string, string>();
  const files = new Map<string, FileToUpload>();
  const byImage = new Map<Buffer, string | undefined>();
  for (const chart of input.assets.charts) {
    if (!byImage.has(chart.png)) {
      const file = { filename: `${input.slug}-v${input.version}-${chart.node.key}.png`, title: chart.node.title || `${input.slug} v${input.version} ${chart.node.key}`, content: chart.png };
      const fileId = await uploadPrivately(client, target, file, logger);
      byImage.set(chart.png, fileId);
      if (fileId) files.set(fileId, file);
    }
    const fileId = byImage.get(chart.png);
    if (fileId) byNode.set(chart.node.key, fileId);
  }
  return { byNode, files };
}

async function uploadPrivately(
  client: SlackWebClient,
  target: ReplyTarget,
  file: FileToUpload,
  logger: SlackChannelLogger,
): Promise<string | undefined> {
  try {
    const response = await client.filesUploadV2({ file: file.content, filename: file.filename, title: file.title, alt_text: file.title });
    const fileId = response.files[0]?.files?.[0]?.id;
    if (!fileId) logger.warn(`Slack did not return a file id for ${file.filename}; the chart is left out of the story message.`, { threadId: target.threadId });
    return fileId;
  } catch (error) {
    logger.error(explainSlackError(`upload the story chart ${file.filename}`, error), { threadId: target.threadId });
    return undefined;
  }
}
