// Story messages as data: the blocks of one version, splitting within Slack's limits, placeholders
// for what cannot be shown, the Versions list and the superseded line.
import { describe, expect, it } from 'vitest';
import { buildStoryMessages, storyHeading, supersededMessage } from '../../../../src/channels/slack/stories/story-messages.js';
import { STORY_TABLE_MAX_ROWS } from '../../../../src/channels/slack/stories/story-node-blocks.js';
import { storyVersionsMessage } from '../../../../src/channels/slack/stories/story-versions-blocks.js';
import { parseStoryDocument, storyCharts, storyTables, type StoryAssets, type StoryTableResult, type StoryVersionSummary } from '../../../../src/stories/index.js';
import { validateSlackMessage } from '../support/block-kit-validator.js';

const THREAD = 'slack:T1:C1:100.1';
const PNG = Buffer.from('not really a png');

function result(queryId: string, rowCount: number): StoryTableResult {
  return {
    queryId,
    databaseName: 'shop',
    sql: 'SELECT 1',
    columns: [{ name: 'region', type: 'VARCHAR' }, { name: 'total', type: 'INTEGER' }] as StoryTableResult['columns'],
    rows: Array.from({ length: rowCount }, (_unused, index) => [`Region ${index}`, index]),
    rowCount,
    truncated: false,
  };
}

function assetsFor(code: string, rowCount = 2, missing: string[] = []): StoryAssets {
  const nodes = parseStoryDocument(code);
  const assets: StoryAssets = { nodes, charts: [], tables: [], problems: [] };
  for (const node of storyCharts(nodes)) {
    if (missing.includes(node.queryId)) assets.problems.push({ node, message: `The result of ${node.queryId} is no longer available.` });
    else assets.charts.push({ node, png: PNG, spec: {}, widthPx: 10, heightPx: 10, notes: [] });
  }
  for (const node of storyTables(nodes)) {
    if (missing.includes(node.queryId)) assets.problems.push({ node, message: `The result of ${node.queryId} is no longer available.` });
    else assets.tables.push({ node, result: result(node.queryId, rowCount) });
  }
  return assets;
}

const chart = (queryId: string, title: string) => `<chart query_id="${queryId}" chart_type="bar" x_axis_key="region" data_key="total" title="${title}" />`;
type Block = { type: string; text?: { text: string }; elements?: Array<{ text?: string }> };
const texts = (blocks: unknown[]) => (blocks as Block[]).map((block) => block.text?.text ?? block.elements?.map((element) => element.text).join(' ') ?? '');

describe('story messages', () => {
  it('splits a long story within the limits, one table per message, header first and Versions last', () => {
    const paragraphs = Array.from({ length: 60 }, (_unused, index) => `Paragraph ${index}.\n\n---`).join('\n\n');
    const code = `${paragraphs}\n<table query_id="query_aaaaaaaa" title="First" />\n<table query_id="query_bbbbbbbb" title="Second" />`;
    const messages = buildStoryMessages({ threadId: THREAD, slug: 'long', version: 3, title: 'Long', assets: assetsFor(code), chartFiles: new Map() });

    expect(messages.length).toBeGreaterThan(2);
    for (const message of messages) expect(validateSlackMessage({ ...message })).toEqual([]);
    expect(messages[0]!.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Long · v3', emoji: true } });
    expect(texts(messages[1]!.blocks)[0]).toBe('_Long · v3 (continued)_');
    expect(messages.at(-1)!.blocks.at(-1)).toMatchObject({ type: 'actions', elements: [{ action_id: 'datathread_story_versions', value: JSON.stringify({ thread: THREAD, story: 'long' }) }] });
    const allTexts = messages.flatMap((message) => texts(message.blocks));
    expect(allTexts.indexOf('Paragraph 59.')).toBeLessThan(allTexts.indexOf('*First*'));
    expect(allTexts.indexOf('*First*')).toBeLessThan(allTexts.indexOf('*Second*'));
  });

  it('shows charts by file id, and a warning line for a missing result or a failed upload', () => {
    const code = `<grid cols="2">\n${chart('query_aaaaaaaa', 'Kept')}\n${chart('query_bbbbbbbb', 'Gone')}\n</grid>\n${chart('query_cccccccc', 'Not uploaded')}`;
    const assets = assetsFor(code, 2, ['query_bbbbbbbb']);
    const [message] = buildStoryMessages({ threadId: THREAD, slug: 's', version: 1, title: 'S', assets, chartFiles: new Map([['chart-1', 'F0000000001']]) });
    expect(message!.blocks.slice(1, 4)).toEqual([
      { type: 'image', slack_file: { id: 'F0000000001' }, alt_text: 'Kept', title: { type: 'plain_text', text: 'Kept' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: ':warning: Chart “Gone” could not be shown: The result of query_bbbbbbbb is no longer available.' }] },
      { type: 'context', elements: [{ type: 'mrkdwn', text: ':warning: Chart “Not uploaded” could not be uploaded to Slack.' }] },
    ]);
  });

  it('caps a table and states the total', () => {
    const [message] = buildStoryMessages({ threadId: THREAD, slug: 's', version: 1, title: 'S', assets: assetsFor('<table query_id="query_aaaaaaaa" />', 1234), chartFiles: new Map() });
    const table = message!.blocks.find((block) => block.type === 'table') as { rows: unknown[] };
    expect(table.rows).toHaveLength(STORY_TABLE_MAX_ROWS + 1);
    expect(texts(message!.blocks)).toContain('Showing 50 of 1,234 rows.');
  });

  it('keeps the header within 150 characters and drops a heading that repeats the title', () => {
    expect(storyHeading('x'.repeat(200), 12)).toHaveLength(150);
    expect(storyHeading('x'.repeat(200), 12).endsWith('… · v12')).toBe(true);
    const [message] = buildStoryMessages({ threadId: THREAD, slug: 's', version: 1, title: 'Sales & more', assets: assetsFor('# Sales & more\nBody text.'), chartFiles: new Map() });
    expect(texts(message!.blocks).slice(0, 2)).toEqual(['Sales & more · v1', 'Body text.']);
  });

  it('says when a story message is superseded', () => {
    expect(supersededMessage('Q&A', 1, 2).blocks).toEqual([{ type: 'context', elements: [{ type: 'mrkdwn', text: '_Q&amp;A · v1_ — Superseded by v2 ↓' }] }]);
  });
});

describe('the Versions list', () => {
  const summary = (version: number): StoryVersionSummary => ({
    version,
    createdAt: new Date(Date.UTC(2026, 2, 1, 14, version)),
    action: version === 1 ? 'create' : 'update',
    author: 'assistant',
    title: 'Quarterly review',
    summary: version === 1 ? 'Created the story.' : `Change number ${version}.`,
  });

  it('lists every version newest first with Re-post beside the older ones', () => {
    const message = storyVersionsMessage(THREAD, 'q', [summary(1), summary(2)]);
    expect(validateSlackMessage({ ...message })).toEqual([]);
    expect(message.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: '*Quarterly review* — 2 versions' } },
      { type: 'section', text: { type: 'mrkdwn', text: '*v2* · 2026-03-01 14:02 UTC · assistant · Change number 2. _(latest)_' } },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: '*v1* · 2026-03-01 14:01 UTC · assistant · Created the story.' },
        accessory: { type: 'button', text: { type: 'plain_text', text: 'Re-post', emoji: true }, action_id: 'datathread_story_repost_1', value: JSON.stringify({ thread: THREAD, story: 'q', version: 1 }) },
      },
    ]);
  });

  it('stays within 50 blocks for a long history and counts the rest', () => {
    const message = storyVersionsMessage(THREAD, 'q', Array.from({ length: 60 }, (_unused, index) => summary(index + 1)));
    expect(validateSlackMessage({ ...message })).toEqual([]);
    expect(message.blocks).toHaveLength(50);
    expect(texts(message.blocks).at(-1)).toBe('12 older versions are not listed.');
  });
});
