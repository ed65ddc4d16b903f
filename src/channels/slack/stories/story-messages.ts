// One story version as Slack messages: a header with the title and version, an optional line under
// it (what changed, or who re-posted it), the document blocks, and a "Versions" button at the end.
// Usually one message; split only where Slack's limits demand it (50 blocks, one table per message),
// each continuation labelled. Also the short line an outdated story message is replaced with.
import type { StoryAssets } from '../../../stories/index.js';
import { ACTION_IDS, BLOCK_IDS, encodeButtonValue } from '../actions/action-ids.js';
import { sectionBlock } from '../render/answer-blocks.js';
import type { SlackBlock, SlackMessage } from '../render/block-kit.js';
import { fallbackText } from '../render/block-text.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { button, contextBlock } from '../render/interactive-blocks.js';
import { packMessages } from '../render/pack-messages.js';
import { MAX_BLOCKS_PER_MESSAGE } from '../render/slack-limits.js';
import { withoutTitleHeading } from '../../../stories/story-title-heading.js';
import { storyNodeBlocks, type ChartFileIds } from './story-node-blocks.js';

const MAX_HEADER_CHARACTERS = 150;
export const EMPTY_STORY_TEXT = '_This version of the story is empty._';

export interface StoryMessageInput {
  threadId: string;
  slug: string;
  version: number;
  title: string;
  /** mrkdwn under the header: what changed, or who re-posted it. */
  note?: string;
  assets: StoryAssets;
  chartFiles: ChartFileIds;
}

export function storyHeading(title: string, version: number): string {
  const suffix = ` · v${version}`;
  const room = MAX_HEADER_CHARACTERS - suffix.length;
  const shortTitle = title.length <= room ? title : `${title.slice(0, room - 1)}…`;
  return `${shortTitle}${suffix}`;
}

export function buildStoryMessages(input: StoryMessageInput): SlackMessage[] {
  const heading = storyHeading(input.title, input.version);
  const body = storyNodeBlocks(withoutTitleHeading(input.assets.nodes, input.title), input.assets, input.chartFiles);
  const blocks: SlackBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: heading, emoji: true } },
    ...(input.note ? [contextBlock(input.note)] : []),
    ...(body.length > 0 ? body : [sectionBlock(EMPTY_STORY_TEXT)]),
    versionsButtonBlock(input.threadId, input.slug),
  ];
  // One block of room in every message for the "(continued)" line of a continuation.
  return packMessages(blocks, MAX_BLOCKS_PER_MESSAGE - 1).map((message, index) => {
    if (index === 0) return message;
    const labelled = [contextBlock(`_${escapeMrkdwn(heading)} (continued)_`), ...message.blocks];
    return { text: fallbackText(labelled), blocks: labelled };
  });
}

export function versionsButtonBlock(threadId: string, slug: string): SlackBlock {
  return {
    type: 'actions',
    block_id: BLOCK_IDS.storyControls,
    elements: [button('Versions', ACTION_IDS.storyVersions, encodeButtonValue({ thread: threadId, story: slug }))],
  };
}

/** What an outdated story message becomes: one short line pointing at the newer version below. */
export function supersededMessage(title: string, version: number, newerVersion: number): SlackMessage {
  const text = `_${escapeMrkdwn(storyHeading(title, version))}_ — Superseded by v${newerVersion} ↓`;
  return { text: `${storyHeading(title, version)}: superseded by v${newerVersion}`, blocks: [contextBlock(text)] };
}
