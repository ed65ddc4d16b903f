// End to end: `datathread ask --out DIR` against a real DuckDB file and the scripted OpenAI-compatible
// server. The model runs two queries, creates a story with two charts in a grid and a table, then
// updates it. The store holds v1 and v2 (still listed after the CLI exits); DIR has both versions as
// Markdown with their chart PNGs; the model was shown each version's header and full code.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { listStoryVersionsSummary } from '../../src/stories/story-versions.js';
import { openStore } from '../../src/store/open-store.js';
import { type FakeOpenAI, queryIdsIn, toolResultsIn } from '../fakes/openai-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
let workspace: E2eWorkspace;
let directory: string;
let fakeModel: FakeOpenAI;
let variables: Record<string, string>;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'story-ask',
    duckdb: [
      'CREATE TABLE sales (region VARCHAR, month DATE, amount INTEGER)',
      "INSERT INTO sales VALUES ('North', DATE '2025-01-01', 100), ('North', DATE '2025-02-01', 200), ('South', DATE '2025-01-01', 50), ('South', DATE '2025-03-01', 80)",
    ],
  });
  ({ fakeModel, variables, directory } = workspace);
});

afterAll(async () => {
  await workspace.close();
});

function storyCode(byRegion: string, byMonth: string): string {
  return [
    '# Sales review',
    '',
    'North sells the most.',
    '',
    '<grid cols="2">',
    `<chart query_id="${byRegion}" chart_type="bar" x_axis_key="region" series='[{"data_key":"total"}]' title="Sales by region" />`,
    `<chart query_id="${byMonth}" chart_type="line" x_axis_key="month" x_axis_type="date" data_key="total" title="Sales by month" />`,
    '</grid>',
    '',
    `<table query_id="${byRegion}" title="Sales per region" />`,
  ].join('\n');
}

describe('datathread ask with a story', () => {
  it('creates and updates a story, stores both versions and writes them as Markdown with chart PNGs', async () => {
    let code = '';
    fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT region, SUM(amount)::INTEGER AS total FROM sales GROUP BY region ORDER BY region' } }] },
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT month, SUM(amount)::INTEGER AS total FROM sales GROUP BY month ORDER BY month' } }] },
      (request) => {
        const [byRegion, byMonth] = queryIdsIn(request);
        code = storyCode(byRegion!, byMonth!);
        return { toolCalls: [{ name: 'story', arguments: { action: 'create', id: 'sales-review', title: 'Sales review', code } }] };
      },
      { toolCalls: [{ name: 'story', arguments: { action: 'update', id: 'sales-review', search: 'North sells the most.', replace: 'North sells the most; South trails.' } }] },
      { text: 'The story "Sales review" is ready (version 2).' },
    );
    const out = join(directory, 'out');
    const chunks: string[] = [];
    const exitCode = await runCli(['ask', 'Write a sales review', '--out', out], { variables, output: { write: (text) => void chunks.push(text) } });

    expect(exitCode).toBe(0);
    const printed = chunks.join('');
    expect(printed).toContain('The story "Sales review" is ready (version 2).');
    expect(printed).toContain(`Story "Sales review" v1 (Created "Sales review" with 2 charts and 1 table.) written to ${join(out, 'sales-review-v1.md')}`);
    expect(printed).toContain(`Story "Sales review" v2 (Replaced "North sells the most." with "North sells the most; South trails.".) written to ${join(out, 'sales-review-v2.md')}`);

    // What the model was shown: the header and the full code of each version.
    const lastRequest = fakeModel.requests.at(-1)!;
    const storyResults = toolResultsIn(lastRequest).filter((result) => result.startsWith('Story "'));
    const updatedCode = code.replace('North sells the most.', 'North sells the most; South trails.');
    expect(storyResults).toEqual([
      `Story "Sales review" (v1) — sales-review\n\n\`\`\`markdown\n${code}\n\`\`\``,
      `Story "Sales review" (v2) — sales-review\n\n\`\`\`markdown\n${updatedCode}\n\`\`\``,
    ]);
    expect(lastRequest.tools?.map((entry) => entry.function.name)).toContain('story');

    // The store holds both versions, and a fresh store on the same file ("after a restart") lists them.
    const store = await openStore(variables.DATATHREAD_STATE!);
    try {
      const threadId = (await store.listQueryAudit())[0]!.threadId;
      const versions = await listStoryVersionsSummary(store, threadId, 'sales-review');
      expect(versions.map((version) => [version.version, version.action, version.author, version.summary])).toEqual([
        [1, 'create', 'assistant', 'Created "Sales review" with 2 charts and 1 table.'],
        [2, 'update', 'assistant', 'Replaced "North sells the most." with "North sells the most; South trails.".'],
      ]);
      expect((await store.stories.getStoryVersion(threadId, 'sales-review', 2))?.code).toBe(updatedCode);
    } finally {
      await store.close();
    }

    // --out: both versions as Markdown, each with its two chart PNGs.
    expect((await readdir(out)).filter((name) => name.startsWith('sales-review')).sort()).toEqual([
      'sales-review-v1-chart-1.png',
      'sales-review-v1-chart-2.png',
      'sales-review-v1.md',
      'sales-review-v2-chart-1.png',
      'sales-review-v2-chart-2.png',
      'sales-review-v2.md',
    ]);
    for (const name of ['sales-review-v2-chart-1.png', 'sales-review-v2-chart-2.png']) {
      expect((await readFile(join(out, name))).subarray(0, 4)).toEqual(PNG_SIGNATURE);
    }
    expect(await readFile(join(out, 'sales-review-v2.md'), 'utf8')).toBe(
      [
        '# Sales review',
        '',
        'North sells the most; South trails.',
        '',
        '![Sales by region](sales-review-v2-chart-1.png)',
        '',
        '![Sales by month](sales-review-v2-chart-2.png)',
        '',
        '**Sales per region**',
        '',
        '| region | total |',
        '| --- | ---: |',
        '| North | 300 |',
        '| South | 130 |',
        '',
      ].join('\n'),
    );
    expect(await readFile(join(out, 'sales-review-v1.md'), 'utf8')).toContain('North sells the most.\n\n![Sales by region](sales-review-v1-chart-1.png)');
  });
});
