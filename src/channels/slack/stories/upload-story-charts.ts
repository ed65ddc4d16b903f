// Uploads a story's chart PNGs without sharing them anywhere (files.getUploadURLExternal → upload →
// files.completeUploadExternal with no channel), so the story message can show each one in an
// image block by file id instead of as a separate file post. A chart drawn twice is uploaded once.
import type { StoryAssets } from '../../../stories/index.js';
import type { FileToUpload, SlackOutbox } from '../outbox/slack-outbox.js';
import type { ChartFileIds } from './story-node-blocks.js';

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

export async function uploadStoryCharts(outbox: SlackOutbox, input: StoryChartUploadInput): Promise<UploadedStoryCharts> {
  const byNode = new Map<string, string>();
  const files = new Map<string, FileToUpload>();
  const byImage = new Map<Buffer, string | undefined>();
  for (const chart of input.assets.charts) {
    if (!byImage.has(chart.png)) {
      const file = { filename: `${input.slug}-v${input.version}-${chart.node.key}.png`, title: chart.node.title || `${input.slug} v${input.version} ${chart.node.key}`, content: chart.png };
      const fileId = await outbox.uploadUnshared(file);
      byImage.set(chart.png, fileId);
      if (fileId) files.set(fileId, file);
    }
    const fileId = byImage.get(chart.png);
    if (fileId) byNode.set(chart.node.key, fileId);
  }
  return { byNode, files };
}
