import { describe, expect, it } from 'vitest';
import { createCard, textBlock, type CardElement, type ColumnSetElement } from '../../../../src/channels/teams/render/adaptive-card-types.js';
import { prepareChartImage } from '../../../../src/channels/teams/render/chart-image.js';
import { CARD_BUDGET_CHARACTERS, CHART_IMAGE_BUDGET_BYTES, cardSizeInCharacters } from '../../../../src/channels/teams/render/message-budget.js';
import { renderStoryCards } from '../../../../src/channels/teams/stories/render-story-cards.js';
import { readStoryAction } from '../../../../src/channels/teams/stories/story-actions.js';
import { buildStoryCards } from '../../../../src/channels/teams/stories/story-card.js';
import { STORY_CHART_MIN_BUDGET_BYTES, storyChartBudgetBytes } from '../../../../src/channels/teams/stories/story-chart-images.js';
import { buildSupersededCard, buildVersionsCard, REPOST_BUTTON_LIMIT } from '../../../../src/channels/teams/stories/story-status-cards.js';
import { adaptiveCardProblems } from '../adaptive-card-validation.js';
import { drawChartPng } from '../chart-png.js';
import { cardTexts, fakeStoryStore, queryResult, storyVersion, THREAD_ID } from '../story-fixtures.js';

const byRegion = queryResult('query_region01', ['region', 'total'], [['North', 300], ['South', 130], ['East', 90]]);
const store = fakeStoryStore([byRegion]);
const chart = (title: string) => `<chart query_id="query_region01" chart_type="bar" x_axis_key="region" data_key="total" title="${title}" />`;
const header = { slug: 'sales-review', title: 'Sales review', version: 1, summary: 'Created "Sales review" with 3 charts and 0 tables.' };

async function expectValid(card: unknown) {
  expect(await adaptiveCardProblems(card)).toEqual([]);
}

describe('story card', () => {
  it('lays a grid out as one ColumnSet per row of `cols`, padding a short last row so columns keep their size', async () => {
    const code = ['Intro.', '<grid cols="2">', chart('A'), chart('B'), chart('C'), '</grid>'].join('\n');
    const [card, ...rest] = await renderStoryCards(THREAD_ID, { ...storyVersion(1, code, header.summary) }, store);
    expect(rest).toEqual([]);
    const rows = card!.body.filter((element): element is ColumnSetElement => element.type === 'ColumnSet');
    expect(rows.map((row) => row.columns.map((column) => [column.width, column.items?.map((item) => item.type)]))).toEqual([
      [[1, ['Image']], [1, ['Image']]],
      [[1, ['Image']], [1, undefined]],
    ]);
    // Each chart draws its own title: the card names it only in the image's alt text.
    expect(cardTexts(card)).toEqual(['Sales review', `Version 1 · ${header.summary}`, 'Intro.']);
    expect(rows.flatMap((row) => row.columns.flatMap((column) => column.items ?? [])).map((item) => (item.type === 'Image' ? item.altText : ''))).toEqual([
      'Chart: A',
      'Chart: B',
      'Chart: C',
    ]);
    await expectValid(card);
  });

  it('gives grid columns the `widths` weights and puts tables inside columns', async () => {
    const code = ['<grid widths="3,1">', chart('Totals'), '<table query_id="query_region01" title="Rows" />', '</grid>'].join('\n');
    const [card] = await renderStoryCards(THREAD_ID, storyVersion(1, code, 'Created.'), store);
    const row = card!.body.find((element): element is ColumnSetElement => element.type === 'ColumnSet');
    expect(row?.columns.map((column) => column.width)).toEqual([3, 1]);
    expect(row?.columns[1]?.items?.map((item) => item.type)).toEqual(['TextBlock', 'Table', 'TextBlock']);
    expect(cardTexts(card)).toContain('3 rows from shop.');
    await expectValid(card);
  });

  it('states the total when a table shows only the first rows', async () => {
    const many = queryResult('query_many0001', ['day', 'orders'], Array.from({ length: 40 }, (_unused, day) => [`d${day}`, day]));
    const [card] = await renderStoryCards(THREAD_ID, storyVersion(1, '<table query_id="query_many0001" />', 'Created.'), fakeStoryStore([many]));
    const [wrapper] = card!.body.slice(2);
    const table = wrapper?.type === 'Container' ? wrapper.items.find((element) => element.type === 'Table') : undefined;
    expect(table && 'rows' in table ? table.rows.length : 0).toBe(16);
    expect(cardTexts(card)).toContain('Showing 15 of 40 rows from shop.');
  });

  it('shows a placeholder, not a broken image, when a result is gone', async () => {
    const code = ['<chart query_id="query_gone0001" chart_type="bar" x_axis_key="region" data_key="total" title="Lost" />'].join('\n');
    const [card] = await renderStoryCards(THREAD_ID, storyVersion(1, code, 'Created.'), store);
    expect(card!.body.slice(2)).toEqual([
      {
        type: 'Container',
        items: [
          textBlock('Lost', { weight: 'Bolder' }),
          textBlock('The result of query_gone0001 is no longer available: run the query again to refresh this story.', { isSubtle: true, color: 'Warning' }),
        ],
      },
    ]);
    await expectValid(card);
  });

  it('shares the card budget among the charts, within a floor and the single-chart cap', () => {
    expect(storyChartBudgetBytes(1, 2_000)).toBe(CHART_IMAGE_BUDGET_BYTES);
    expect(storyChartBudgetBytes(2, 3_000)).toBe(Math.floor((CARD_BUDGET_CHARACTERS - 3_000 - 800) / 2 / (4 / 3)));
    expect(storyChartBudgetBytes(10, 3_000)).toBe(STORY_CHART_MIN_BUDGET_BYTES);
  });

  it('continues on further cards when the charts do not fit one, each card within the budget and valid', async () => {
    const image = await prepareChartImage({ chartId: 'c', title: 'Noisy', png: drawChartPng(1600, 1000, { noisy: true, amplitude: 16 }) }, CHART_IMAGE_BUDGET_BYTES);
    expect(image.url).toBeDefined();
    const chartItems = (title: string): CardElement[] => [textBlock(title, { weight: 'Bolder' }), { type: 'Image', url: image.url!, altText: `Chart: ${title}` }];
    const grid: ColumnSetElement = {
      type: 'ColumnSet',
      columns: [
        { type: 'Column', width: 1, items: chartItems('One') },
        { type: 'Column', width: 1, items: chartItems('Two') },
      ],
    };
    const cards = buildStoryCards(header, [textBlock('Intro.'), grid, { type: 'Container', items: chartItems('Three') }]);
    expect(cards.length).toBe(3);
    for (const card of cards) {
      expect(cardSizeInCharacters(card)).toBeLessThanOrEqual(CARD_BUDGET_CHARACTERS);
      await expectValid(card);
    }
    expect(cardTexts(cards[0])).toEqual(['Sales review', `Version 1 · ${header.summary}`, 'Intro.', 'One']);
    expect(cardTexts(cards[1])).toEqual(['Sales review — v1 (continued)', 'Two']);
    expect(cardTexts(cards[2])).toEqual(['Sales review — v1 (continued)', 'Three']);
    expect(cards.map((card) => card.actions?.map((action) => action.title))).toEqual([undefined, undefined, ['Versions']]);
  });

  it('shows the story title once when the story opens with it as a heading', async () => {
    const code = ['# Sales review', '', 'Intro.', '', '## Sales review by region', chart('By region')].join('\n');
    const [card, ...rest] = await renderStoryCards(THREAD_ID, storyVersion(1, code, header.summary), store);
    expect(rest).toEqual([]);
    expect(cardTexts(card)).toEqual(['Sales review', `Version 1 · ${header.summary}`, 'Intro.', 'Sales review by region']);
    const other = await renderStoryCards(THREAD_ID, storyVersion(1, '# Quarterly outlook\n\nIntro.', header.summary), store);
    expect(cardTexts(other[0])).toEqual(['Sales review', `Version 1 · ${header.summary}`, 'Quarterly outlook', 'Intro.']);
    await expectValid(card);
  });

  it('splits text too long for one card, keeping every character', () => {
    const paragraphs = Array.from({ length: 8 }, (_unused, index) => `${index} ${'word '.repeat(1_500)}`).join('\n\n');
    const cards = buildStoryCards(header, [textBlock(paragraphs)]);
    expect(cards.length).toBeGreaterThan(1);
    for (const card of cards) expect(cardSizeInCharacters(card)).toBeLessThanOrEqual(CARD_BUDGET_CHARACTERS);
    expect(cards.flatMap((card) => cardTexts(card).slice(card === cards[0] ? 2 : 1)).join('\n\n')).toBe(paragraphs);
    const unbroken = buildStoryCards(header, [textBlock('x'.repeat(60_000))]);
    expect(unbroken.length).toBeGreaterThan(1);
    for (const card of unbroken) expect(cardSizeInCharacters(card)).toBeLessThanOrEqual(CARD_BUDGET_CHARACTERS);
    expect(unbroken.flatMap((card) => cardTexts(card).slice(card === unbroken[0] ? 2 : 1)).join('')).toBe('x'.repeat(60_000));
  });
});

describe('story status cards and buttons', () => {
  it('supersedes an old version with a short card that keeps Versions', async () => {
    const card = buildSupersededCard({ slug: 'sales-review', title: 'Sales review', version: 1 }, { version: 2, summary: 'Added chart "Costs".' });
    expect(card).toEqual(
      createCard(
        [textBlock('Sales review — v1', { weight: 'Bolder' }), textBlock('Superseded by v2: Added chart "Costs".', { isSubtle: true, spacing: 'None' })],
        [{ type: 'Action.Submit', title: 'Versions', data: { datathread: 'story_versions', slug: 'sales-review' } }],
      ),
    );
    await expectValid(card);
  });

  it('lists versions newest first with time and change, and offers Re-post for the newest older ones', async () => {
    const versions = Array.from({ length: 7 }, (_unused, index) => storyVersion(index + 1, 'Text.', `Change ${index + 1}.`));
    const card = buildVersionsCard('sales-review', versions);
    const texts = cardTexts(card);
    expect(texts.slice(0, 7)).toEqual(['Versions of Sales review', 'Version', 'Saved', 'Change', 'v7', '2026-03-02 10:07 UTC', 'Change 7.']);
    expect(card.actions?.map((action) => action.title)).toEqual(['Re-post v6', 'Re-post v5', 'Re-post v4', 'Re-post v3', 'Re-post v2']);
    expect(card.actions).toHaveLength(REPOST_BUTTON_LIMIT);
    expect(texts.at(-1)).toBe('Buttons are shown for the 5 newest older versions; ask in this thread for an earlier one.');
    await expectValid(card);
  });

  it('reads story clicks and nothing else', () => {
    expect(readStoryAction({ datathread: 'story_versions', slug: 'sales-review' })).toEqual({ datathread: 'story_versions', slug: 'sales-review' });
    expect(readStoryAction({ datathread: 'story_repost', slug: 'sales-review', version: 2, extra: true })).toEqual({
      datathread: 'story_repost',
      slug: 'sales-review',
      version: 2,
    });
    for (const value of [
      null,
      'story_versions',
      { datathread: 'story_versions' },
      { datathread: 'story_versions', slug: '' },
      { datathread: 'story_repost', slug: 's', version: 0 },
      { datathread: 'story_repost', slug: 's', version: '1' },
      { datathread: 'follow_up', text: 'x', index: 0 },
    ]) {
      expect(readStoryAction(value)).toBeUndefined();
    }
  });
});
