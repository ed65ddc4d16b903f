// A scheduled story in Slack: the header names the story's version (and the story, when the
// schedule's title is another), and a story longer than one message continues in further messages
// within Slack's limits, labelled, with Pause / Edit time / Delete on the last one only.
import { describe, expect, it } from 'vitest';
import { scheduledPostBlocks } from '../../../../src/channels/slack/schedules/scheduled-post-blocks.js';
import type { SlackBlock } from '../../../../src/channels/slack/render/block-kit.js';
import { scheduledStory } from '../../../schedules/scheduled-post-sample.js';
import { validateSlackMessage } from '../support/block-kit-validator.js';

const paragraph = (index: number): SlackBlock => ({ type: 'section', text: { type: 'mrkdwn', text: `Paragraph ${index}` } });

describe('scheduled story blocks', () => {
  it('says the story version beside the as-of time, and names the story under a schedule title of its own', () => {
    const post = scheduledStory();
    expect(JSON.stringify(scheduledPostBlocks(post, [paragraph(1)]).blocks[1])).toContain('as of Mon 14 Dec 2026, 09:00 CET (Europe/Berlin) · story v2 · <https://example.slack.com');
    const renamed = scheduledPostBlocks({ ...post, title: 'Monday numbers' }, [paragraph(1)]);
    expect(JSON.stringify(renamed.blocks[1])).toContain('· story “Weekly sales” v2 ·');
    expect(renamed.continuations).toEqual([]);
    expect(renamed.blocks.at(-1)).toMatchObject({ type: 'actions' });
  });

  it('continues a story of 120 blocks in labelled messages of at most 50 blocks, the buttons on the last only', () => {
    const message = scheduledPostBlocks(scheduledStory(), Array.from({ length: 120 }, (_, index) => paragraph(index + 1)));
    const messages = [{ text: message.text, blocks: message.blocks }, ...message.continuations];
    expect(messages).toHaveLength(3);
    for (const each of messages) expect(validateSlackMessage({ channel: 'C_SALES', ...each })).toEqual([]);
    expect(messages.map((each) => each.blocks.filter((block) => block.type === 'actions').length)).toEqual([0, 0, 1]);
    expect(messages.slice(1).map((each) => JSON.stringify(each.blocks[0]))).toEqual([expect.stringContaining('Weekly sales (continued)'), expect.stringContaining('Weekly sales (continued)')]);
    const paragraphs = messages.flatMap((each) => each.blocks).filter((block) => JSON.stringify(block).includes('Paragraph '));
    expect(paragraphs).toHaveLength(120);
    expect(JSON.stringify(paragraphs.at(-1))).toContain('Paragraph 120');
  });
});
