// A story schedule's story as Slack blocks: drawn again from the run's rows, its charts uploaded
// without being shared anywhere (the same way a story posted in a turn shows them: image blocks by
// file id), then walked by the story renderer the thread uses (story-node-blocks.ts).
import { renderScheduledStoryAssets } from '../../../schedules/scheduled-story.js';
import type { ScheduledStoryPost } from '../../../schedules/scheduled-post.js';
import { withoutTitleHeading } from '../../../stories/story-title-heading.js';
import type { SlackBlock } from '../render/block-kit.js';
import { storyNodeBlocks } from '../stories/story-node-blocks.js';
import type { SlackWebClient } from '../types.js';

export async function scheduledStoryBlocks(client: SlackWebClient, scheduleId: string, story: ScheduledStoryPost): Promise<SlackBlock[]> {
  const assets = await renderScheduledStoryAssets(story, 'thread_image');
  const chartFiles = new Map<string, string>();
  const uploaded = new Map<Buffer, string | undefined>();
  for (const chart of assets.charts) {
    // A chart drawn twice (the same tag) is uploaded once.
    if (!uploaded.has(chart.png)) {
      const title = chart.node.title || `${story.title} ${chart.node.key}`;
      const response = await client.filesUploadV2({ file: chart.png, filename: `${scheduleId}-${story.storyId}-${chart.node.key}.png`, title, alt_text: title });
      uploaded.set(chart.png, response.files[0]?.files?.[0]?.id);
    }
    const fileId = uploaded.get(chart.png);
    if (fileId) chartFiles.set(chart.node.key, fileId);
  }
  return storyNodeBlocks(withoutTitleHeading(assets.nodes, story.title), assets, chartFiles);
}
