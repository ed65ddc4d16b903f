// Stories in Slack, end to end: signed Slack requests → Bolt → the adapter → the real engine (SQLite
// state, DuckDB, the scripted OpenAI fake, the real story tool and chart renderer) → the fake Slack
// Web API. Version 1, then version 2 with its change line and v1 superseded; after a restart the
// Versions button still lists both and Re-post brings v1 back.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import type { StorySource } from '../../../src/channels/story-source.js';
import { queryIdsIn } from '../../fakes/openai-server.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../fakes/slack-api-server.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';
import { findButton } from './support/slack-requests.js';
import { sendEphemeralClick } from './support/ephemeral-click.js';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TOTALS_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
const ORDERS_SQL = 'SELECT region, COUNT(*) AS orders FROM sales GROUP BY region ORDER BY region';
const FIRST_LINE = 'Sales are concentrated in **North**.';

type Block = { type: string; text?: { type: string; text: string }; slack_file?: { id: string }; title?: { text: string }; rows?: Array<Array<{ text: string }>>; elements?: Array<{ text?: string }> };

// Reads the current application's store, so the channel keeps working across the restart below.
const stories: StorySource = {
  getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId),
  getStoryVersion: (threadId, slug, version) => application.store.stories.getStoryVersion(threadId, slug, version),
  listStoryVersions: (threadId, slug) => application.store.stories.listStoryVersions(threadId, slug),
};

beforeAll(async () => {
  fixture = await startEngineFixture();
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  application = await fixture.open();
  harness = await startSlackHarness({ handler: application.engine, slack, getQueryResult: stories.getQueryResult, stories });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

function storyCode(totals: string, orders: string): string {
  return [
    '# Quarterly review',
    FIRST_LINE,
    '<grid cols="2">',
    `<chart query_id="${totals}" chart_type="bar" x_axis_key="region" x_axis_type="category" data_key="total" title="Sales by region" />`,
    `<chart query_id="${orders}" chart_type="bar" x_axis_key="region" x_axis_type="category" data_key="orders" title="Orders by region" />`,
    '</grid>',
    `<table query_id="${totals}" title="Totals" />`,
  ].join('\n');
}

const blocksOf = (message: FakeSlackMessage) => (message.blocks ?? []) as Block[];
const headerOf = (message: FakeSlackMessage) => blocksOf(message).find((block) => block.type === 'header')?.text?.text;
const storyMessages = (thread: string, heading: string) => slack.threadMessages('C1', thread).filter((message) => headerOf(message) === heading);

async function createAndUpdateStory(thread: string): Promise<{ v1: FakeSlackMessage; v2: FakeSlackMessage }> {
  fixture.model.enqueue(
    { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: TOTALS_SQL } }] },
    { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: ORDERS_SQL } }] },
    (request) => {
      const [totals, orders] = queryIdsIn(request);
      return { toolCalls: [{ name: 'story', arguments: { action: 'create', id: 'quarterly-review', title: 'Quarterly review', code: storyCode(totals!, orders!) } }] };
    },
    { text: 'The quarterly review is below.' },
  );
  await harness.sendEvent({ user: 'UANA', text: '<@UBOT> write a quarterly review', channel: 'C1', ts: thread });
  const v1 = await slack.waitFor(() => storyMessages(thread, 'Quarterly review · v1')[0]);

  fixture.model.enqueue(
    { toolCalls: [{ name: 'story', arguments: { action: 'update', id: 'quarterly-review', search: FIRST_LINE, replace: 'North leads; South trails.' } }] },
    { text: 'Updated the review.' },
  );
  await harness.sendEvent({ type: 'message', user: 'UANA', text: 'say that South trails', channel: 'C1', ts: `${thread.split('.')[0]}.2`, thread_ts: thread, channel_type: 'channel' });
  const v2 = await slack.waitFor(() => storyMessages(thread, 'Quarterly review · v2')[0]);
  // The old message is superseded right after the new one is posted.
  await slack.waitFor(() => slack.callsOf('chat.update').some((call) => call.args.ts === v1.ts));
  return { v1, v2 };
}

describe('Slack stories end to end', () => {
  it('posts v1 with chart images and a table, then v2 with its change, and marks v1 superseded', async () => {
    const THREAD = '800.1';
    const { v1, v2 } = await createAndUpdateStory(THREAD);
    const v1Posted = slack.callsOf('chat.postMessage').find((call) => call.args.thread_ts === THREAD && JSON.stringify(call.args.blocks).includes('Quarterly review · v1'))!;
    const v1Blocks = v1Posted.args.blocks as Block[];

    // v1: header, the Markdown as mrkdwn, both grid charts as slack_file images, the table, Versions.
    expect(v1Blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Quarterly review · v1', emoji: true } });
    // The story's own "# Quarterly review" heading is not repeated under the header.
    expect(v1Blocks.map((block) => block.type)).toEqual(['header', 'section', 'image', 'image', 'section', 'table', 'actions']);
    expect(v1Blocks[1]!.text!.text).toBe('Sales are concentrated in *North*.');
    expect(v1Blocks[4]!.text!.text).toBe('*Totals*');
    const images = v1Blocks.filter((block) => block.type === 'image');
    expect(images.map((image) => image.title?.text)).toEqual(['Sales by region', 'Orders by region']);
    for (const image of images) {
      const file = slack.files.find((candidate) => candidate.fileId === image.slack_file!.id)!;
      expect(file.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
      // Uploaded without being shared into the channel: it shows only inside the story message.
      expect(file.channelId).toBeUndefined();
    }
    const table = v1Blocks.find((block) => block.type === 'table')!;
    expect(table.rows!.map((row) => row.map((cell) => cell.text))).toEqual([['region', 'total'], ['North', '300'], ['South', '50']]);
    expect(findButton(v1Blocks, 'datathread_story_versions')).toBeDefined();
    // The story's tag, and the post's delivery key (a rerun of the turn finds the message by it).
    expect(v1Posted.args.metadata).toEqual({ event_type: 'datathread_story', event_payload: { slug: 'quarterly-review', version: 1, part: 1, delivery_key: expect.stringMatching(/^turn:.+:post:\d+$/) } });

    // v2: posted later in the thread, with the one-line change under the header.
    const [stored1, stored2] = await application.store.stories.listStoryVersions(`slack:T1:C1:${THREAD}`, 'quarterly-review');
    expect(stored2!.summary).not.toBe('');
    const thread = slack.threadMessages('C1', THREAD).map((message) => message.ts);
    expect(thread.indexOf(v2.ts)).toBeGreaterThan(thread.indexOf(v1.ts));
    expect(blocksOf(v2)[1]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: `*What changed:* ${stored2!.summary}` }] });
    expect(blocksOf(v2)[2]!.text!.text).toBe('North leads; South trails.');
    expect(blocksOf(v2).filter((block) => block.type === 'image')).toHaveLength(2);
    expect(stored1!.version).toBe(1);

    // v1's message now says it is superseded, and its metadata records by which version.
    const v1Now = slack.messages.find((message) => message.ts === v1.ts)!;
    expect(v1Now.blocks).toEqual([{ type: 'context', elements: [{ type: 'mrkdwn', text: '_Quarterly review · v1_ — Superseded by v2 ↓' }] }]);
    expect(v1Now.metadata).toEqual({ event_type: 'datathread_story', event_payload: { slug: 'quarterly-review', version: 1, part: 1, superseded_by: 2 } });
    // The answers come first and do not repeat the story's results as tables of their own.
    const texts = slack.threadMessages('C1', THREAD).map((message) => message.text);
    expect(texts.indexOf('Updated the review.')).toBeGreaterThan(texts.indexOf('The quarterly review is below.'));
    expect(texts.indexOf('Updated the review.')).toBeLessThan(thread.indexOf(v2.ts));
    const tableMessages = slack.threadMessages('C1', THREAD).filter((message) => blocksOf(message).some((block) => block.type === 'table'));
    expect(tableMessages.map((message) => message.ts)).toEqual([v2.ts]);
  });

  it('after a restart, Versions lists both versions and Re-post of v1 posts v1 again', async () => {
    const THREAD = '810.1';
    const { v2 } = await createAndUpdateStory(THREAD);
    await harness.stopChannel();
    await application.close();
    application = await fixture.open();
    await harness.restart(application.engine);

    await harness.click(v2, 'datathread_story_versions', 'UANA');
    const list = await slack.waitFor(() => slack.ephemerals.find((message) => message.recipient === 'UANA' && message.text.startsWith('Quarterly review')));
    const lines = (list.blocks as Block[]).filter((block) => block.type === 'section').map((block) => block.text!.text);
    expect(lines[0]).toBe('*Quarterly review* — 2 versions');
    expect(lines[1]).toMatch(/^\*v2\* · \d{4}-\d\d-\d\d \d\d:\d\d UTC · assistant · .+ _\(latest\)_$/);
    expect(lines[2]).toMatch(/^\*v1\* · \d{4}-\d\d-\d\d \d\d:\d\d UTC · assistant · /);
    expect(findButton([{ type: 'actions', elements: (list.blocks as Array<{ accessory?: unknown }>).flatMap((block) => (block.accessory ? [block.accessory] : [])) }], 'datathread_story_repost_2')).toBeUndefined();

    const uploadsBefore = slack.files.length;
    await sendEphemeralClick(harness, list, 'datathread_story_repost_1', 'UANA');
    const reposted = await slack.waitFor(() => storyMessages(THREAD, 'Quarterly review · v1').find((message) => message.ts > v2.ts));
    expect(blocksOf(reposted)[1]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'Re-posted by <@UANA> · the latest is v2' }] });
    expect(blocksOf(reposted)[2]!.text!.text).toBe('Sales are concentrated in *North*.');
    expect(blocksOf(reposted).filter((block) => block.type === 'image')).toHaveLength(2);
    expect(slack.files.length).toBe(uploadsBefore + 2);
    // Re-posting an older version leaves the latest one alone.
    expect(headerOf(slack.messages.find((message) => message.ts === v2.ts)!)).toBe('Quarterly review · v2');
    // A second click on the same Re-post button does not post it twice.
    await sendEphemeralClick(harness, list, 'datathread_story_repost_1', 'UANA');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(storyMessages(THREAD, 'Quarterly review · v1').filter((message) => message.ts > v2.ts)).toHaveLength(1);
  });
});
