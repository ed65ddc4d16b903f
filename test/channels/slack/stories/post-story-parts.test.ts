// Posting story messages against the fake Slack Web API: metadata on every part, a pause and retry
// when Slack is not ready to show an uploaded chart, and the files fallback when it never is.
import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SlackOutbox } from '../../../../src/channels/slack/outbox/slack-outbox.js';
import { postStoryParts } from '../../../../src/channels/slack/stories/post-story-parts.js';
import type { ReplyTarget } from '../../../../src/channels/slack/types.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../../fakes/slack-api-server.js';
import { problemsInCalls } from '../support/block-kit-validator.js';
import { TINY_PNG } from '../support/engine-fixture.js';
import { BOT_TOKEN } from '../support/slack-harness.js';

const TARGET: ReplyTarget = { threadId: 'slack:T1:C1:100.1', teamId: 'T1', channelId: 'C1', threadTs: '100.1', isDirectMessage: false };
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

let slack: FakeSlackApi;
let client: webApi.WebClient;

beforeEach(async () => {
  slack = await startFakeSlackApi();
  client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  await slack.close();
});

async function uploadedChart(): Promise<{ fileId: string; file: { filename: string; title: string; content: Buffer } }> {
  const file = { filename: 'chart.png', title: 'Sales', content: TINY_PNG };
  const response = await client.filesUploadV2({ file: file.content, filename: file.filename, title: file.title });
  return { fileId: response.files[0]!.files![0]!.id!, file };
}

function partsWithImage(fileId: string, file: { filename: string; title: string; content: Buffer }) {
  const blocks = [
    { type: 'header' as const, text: { type: 'plain_text' as const, text: 'S · v1' } },
    { type: 'image' as const, slack_file: { id: fileId }, alt_text: 'Sales', title: { type: 'plain_text' as const, text: 'Sales' } },
  ];
  return { slug: 's', version: 1, messages: [{ text: 'S · v1', blocks }, { text: 'more', blocks: [{ type: 'section' as const, text: { type: 'mrkdwn' as const, text: 'more' } }] }], chartFiles: new Map([[fileId, file]]) };
}

describe('postStoryParts', () => {
  it('tags every part with the story, and retries after a pause when Slack is not ready for the image', async () => {
    const { fileId, file } = await uploadedChart();
    const pauses: number[] = [];
    slack.failNext('chat.postMessage', { error: 'invalid_blocks' });
    const posted = await postStoryParts(new SlackOutbox(client, TARGET, logger), partsWithImage(fileId, file), { retryDelaysMs: [5, 10], sleep: async (ms) => void pauses.push(ms) });

    expect(pauses).toEqual([5]);
    expect(posted).toHaveLength(2);
    const thread = slack.threadMessages('C1', '100.1');
    expect(thread.map((message) => message.ts)).toEqual(posted);
    expect(thread.map((message) => message.metadata)).toEqual([
      { event_type: 'datathread_story', event_payload: { slug: 's', version: 1, part: 1 } },
      { event_type: 'datathread_story', event_payload: { slug: 's', version: 1, part: 2 } },
    ]);
    expect(thread[0]!.blocks).toContainEqual(expect.objectContaining({ type: 'image', slack_file: { id: fileId } }));
  });

  it('posts the text with a line for each chart and shares the charts as files when Slack keeps refusing', async () => {
    const { fileId, file } = await uploadedChart();
    for (let attempt = 0; attempt < 3; attempt += 1) slack.failNext('chat.postMessage', { error: 'invalid_blocks' });
    await postStoryParts(new SlackOutbox(client, TARGET, logger), partsWithImage(fileId, file), { retryDelaysMs: [1, 1], sleep: async () => undefined });

    const [first] = slack.threadMessages('C1', '100.1');
    expect(first!.blocks).toEqual([
      { type: 'header', text: { type: 'plain_text', text: 'S · v1' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: ':frame_with_picture: “Sales” is attached below.' }] },
    ]);
    expect(first!.metadata).toMatchObject({ event_type: 'datathread_story' });
    expect(slack.files.filter((uploaded) => uploaded.threadTs === '100.1').map((uploaded) => uploaded.title)).toEqual(['Sales']);
  });
});
