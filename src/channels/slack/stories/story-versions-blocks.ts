// The answer to a story's "Versions" button (shown only to the clicker): one line per version with
// its time, author and one-line change, newest first, and a "Re-post" button beside every older
// version. Within Slack's 50 blocks, the newest versions are listed and the rest counted.
import { formatStoryVersionsSummary, type StoryVersionSummary } from '../../../stories/index.js';
import { ACTION_IDS, encodeButtonValue, numberedActionId } from '../actions/action-ids.js';
import type { SlackBlock, SlackMessage } from '../render/block-kit.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { button, contextBlock } from '../render/interactive-blocks.js';
import { MAX_BLOCKS_PER_MESSAGE } from '../render/slack-limits.js';

/** The title section and a possible "older versions not shown" line take two blocks. */
export const MAX_LISTED_VERSIONS = MAX_BLOCKS_PER_MESSAGE - 2;

export function storyVersionsMessage(threadId: string, slug: string, versions: readonly StoryVersionSummary[]): SlackMessage {
  const latest = versions.at(-1);
  if (!latest) return { text: 'This story has no versions any more.', blocks: [contextBlock('This story has no versions any more.')] };
  const count = `${versions.length} version${versions.length === 1 ? '' : 's'}`;
  const heading = `*${escapeMrkdwn(latest.title)}* — ${count}`;
  const listed = versions.slice(-MAX_LISTED_VERSIONS).reverse();
  const blocks: SlackBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: heading } }];
  for (const entry of listed) {
    const line = escapeMrkdwn(formatStoryVersionsSummary([entry])).replace(/^v(\d+)/, '*v$1*');
    const isLatest = entry.version === latest.version;
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: isLatest ? `${line} _(latest)_` : line },
      ...(isLatest ? {} : { accessory: button('Re-post', numberedActionId(ACTION_IDS.storyRepost, entry.version), encodeButtonValue({ thread: threadId, story: slug, version: entry.version })) }),
    });
  }
  const hidden = versions.length - listed.length;
  if (hidden > 0) blocks.push(contextBlock(`${hidden} older version${hidden === 1 ? ' is' : 's are'} not listed.`));
  return { text: `${latest.title}: ${count}`, blocks };
}
