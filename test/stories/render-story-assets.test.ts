// A story's charts and tables come from the conversation's query results in the store: after a
// restart (a new store on the same file) the story still renders, and "Versions" still lists all.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chartAssetFor, problemFor, renderStoryAssets, tableAssetFor } from '../../src/stories/render-story-assets.js';
import { renderMarkdownTable } from '../../src/stories/story-markdown.js';
import { formatStoryVersionsSummary, listStoryVersionsSummary } from '../../src/stories/story-versions.js';
import { writeStoryFiles } from '../../src/stories/write-story-files.js';
import { storyCharts } from '../../src/stories/story-document.js';
import { openStore } from '../../src/store/open-store.js';
import { story } from '../../src/tools/story.js';
import { createContext, SALES_STORY, THREAD_ID } from './story-test-context.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const directory = await mkdtemp(join(tmpdir(), 'datathread-stories-'));
const stateUrl = `sqlite:${join(directory, 'state.db')}`;

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function writeTwoVersions(): Promise<void> {
  const store = await openStore(stateUrl);
  try {
    await store.ensureConversation(THREAD_ID, 'slack', new Date('2025-03-01T08:00:00Z'));
    const context = createContext(store);
    const columns = [
      { name: 'region', type: 'varchar' },
      { name: 'total', type: 'integer' },
    ];
    const base = { databaseName: 'shop', sql: 'SELECT 1', rowCount: 3, truncated: false, durationMs: 1, createdAt: new Date('2025-03-01T08:30:00Z') };
    context.addQueryResult({ ...base, queryId: 'query_sales', columns, rows: [['North', 300], ['South', 50], ['East | West', 120]] });
    context.addQueryResult({
      ...base,
      queryId: 'query_month',
      columns: [
        { name: 'month', type: 'date' },
        { name: 'orders', type: 'bigint' },
      ],
      rows: [['2025-01-01', 10], ['2025-02-01', 14], ['2025-03-01', 9]],
    });
    await context.flush();
    expect(await story({ action: 'create', id: 'sales-review', title: 'Sales review', code: SALES_STORY }, context)).toMatchObject({ status: 'ok', version: 1 });
    expect(await story({ action: 'update', id: 'sales-review', search: 'North leads the regions.', replace: 'North leads; South lags.' }, context)).toMatchObject({ version: 2 });
  } finally {
    await store.close();
  }
}

describe('stories after a restart', () => {
  it('renders the charts and tables of a stored version from the stored query results, and lists its versions', async () => {
    await writeTwoVersions();
    const store = await openStore(stateUrl);
    try {
      const latest = (await store.stories.getLatestStoryVersion(THREAD_ID, 'sales-review'))!;
      let renders = 0;
      const assets = await renderStoryAssets(THREAD_ID, latest, store, {
        renderPng: async (spec) => {
          renders += 1;
          const { renderChartPng } = await import('../../src/charts/index.js');
          return renderChartPng(spec);
        },
      });
      expect(assets.problems).toEqual([]);
      expect(renders).toBe(2);
      const [byRegion, byMonth] = storyCharts(assets.nodes);
      expect(chartAssetFor(assets, byRegion!)?.png.subarray(0, 4)).toEqual(PNG_SIGNATURE);
      expect(chartAssetFor(assets, byMonth!)).toMatchObject({ widthPx: expect.any(Number), heightPx: expect.any(Number) });
      expect(chartAssetFor(assets, byRegion!)?.spec).toMatchObject({ $schema: expect.stringContaining('vega-lite') });
      const table = assets.nodes.find((node) => node.type === 'table');
      expect(table?.type === 'table' && tableAssetFor(assets, table)?.result).toMatchObject({ queryId: 'query_sales', rowCount: 3 });

      const versions = await listStoryVersionsSummary(store, THREAD_ID, 'sales-review');
      expect(versions).toEqual([
        { version: 1, createdAt: new Date('2025-03-01T09:00:00Z'), action: 'create', author: 'assistant', title: 'Sales review', summary: 'Created "Sales review" with 2 charts and 1 table.' },
        { version: 2, createdAt: new Date('2025-03-01T09:01:00Z'), action: 'update', author: 'assistant', title: 'Sales review', summary: 'Replaced "North leads the regions." with "North leads; South lags.".' },
      ]);
      expect(formatStoryVersionsSummary(versions)).toBe(
        [
          'v1 · 2025-03-01 09:00 UTC · assistant · Created "Sales review" with 2 charts and 1 table.',
          'v2 · 2025-03-01 09:01 UTC · assistant · Replaced "North leads the regions." with "North leads; South lags.".',
        ].join('\n'),
      );
    } finally {
      await store.close();
    }
  });

  it('draws charts side by side in a grid for a grid cell, and full-width charts for their placement', async () => {
    const store = await openStore(stateUrl);
    try {
      const chart = `<chart query_id="query_sales" chart_type="bar" x_axis_key="region" series='[{"data_key":"total"}]' title="Sales by region" />`;
      const code = ['<grid cols="2">', chart, chart, '</grid>', '', chart].join('\n');
      const forSlack = await renderStoryAssets(THREAD_ID, { code }, store);
      // 2× pixel density: a grid cell is 300 logical px wide, a Slack image 480, a Teams card 500.
      expect(forSlack.charts.map((asset) => asset.widthPx)).toEqual([600, 600, 960]);
      const forTeams = await renderStoryAssets(THREAD_ID, { code }, store, { placement: 'card_image' });
      expect(forTeams.charts.map((asset) => asset.widthPx)).toEqual([600, 600, 764]);
    } finally {
      await store.close();
    }
  });

  it('reports a result that is gone as a problem of its node instead of failing', async () => {
    const store = await openStore(stateUrl);
    try {
      const assets = await renderStoryAssets(THREAD_ID, { code: '<table query_id="query_gone" title="Gone" />' }, store);
      const [node] = assets.nodes;
      expect(node?.type === 'table' && problemFor(assets, node)?.message).toBe('The result of query_gone is no longer available: run the query again to refresh this story.');
    } finally {
      await store.close();
    }
  });

  it('writes <slug>-v<n>.md with image links and a Markdown table, and the chart PNGs beside it', async () => {
    const store = await openStore(stateUrl);
    try {
      const versions = await store.stories.listStoryVersions(THREAD_ID, 'sales-review');
      const out = join(directory, 'out');
      const written = await writeStoryFiles(out, THREAD_ID, versions, store);
      expect(written.map((files) => [files.slug, files.version, files.chartPaths.length])).toEqual([
        ['sales-review', 1, 2],
        ['sales-review', 2, 2],
      ]);
      expect((await readdir(out)).sort()).toEqual([
        'sales-review-v1-chart-1.png',
        'sales-review-v1-chart-2.png',
        'sales-review-v1.md',
        'sales-review-v2-chart-1.png',
        'sales-review-v2-chart-2.png',
        'sales-review-v2.md',
      ]);
      expect(await readFile(join(out, 'sales-review-v2.md'), 'utf8')).toBe(
        [
          '# Sales review',
          '',
          'North leads; South lags.',
          '',
          '![Sales by region](sales-review-v2-chart-1.png)',
          '',
          '![Orders per month](sales-review-v2-chart-2.png)',
          '',
          '**Sales detail**',
          '',
          '| region | total |',
          '| --- | ---: |',
          '| North | 300 |',
          '| South | 50 |',
          '| East \\| West | 120 |',
          '',
        ].join('\n'),
      );
      expect((await readFile(join(out, 'sales-review-v1-chart-1.png'))).subarray(0, 4)).toEqual(PNG_SIGNATURE);
    } finally {
      await store.close();
    }
  });
});

describe('renderMarkdownTable', () => {
  it('caps the rows and states the total', () => {
    const result = { queryId: 'q', databaseName: 'd', sql: '', columns: [{ name: 'n', type: 'integer' }], rows: [[1], [2], [3]], rowCount: 3, truncated: false };
    expect(renderMarkdownTable(result, 2)).toBe('| n |\n| ---: |\n| 1 |\n| 2 |\n\n_Showing 2 of 3 rows._');
    expect(renderMarkdownTable({ ...result, rowCount: 1000, truncated: true }, 2)).toContain('_Showing 2 of more than 1,000 rows._');
  });
});
