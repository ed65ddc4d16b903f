// The story tool: nao's actions and exact error texts, validation before saving (line and column),
// versions 1, 2, 3… in the store with action, author and summary, and what the model is shown.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderStoryOutput, type StoryOutput } from '../../src/stories/story-output.js';
import type { Store } from '../../src/store/types.js';
import type { ToolContext } from '../../src/tools/tool-context.js';
import { createStoryTool, story } from '../../src/tools/story.js';
import { createStoryTestContext, SALES_STORY, THREAD_ID } from '../stories/story-test-context.js';

let store: Store;
let context: ToolContext;

beforeEach(async () => {
  ({ store, context } = await createStoryTestContext());
});

afterEach(async () => {
  await store.close();
});

function errorOf(output: StoryOutput): string {
  if (output.status !== 'error') throw new Error(`expected an error, got ${output.status}`);
  return output.message;
}

const create = (overrides: Record<string, string | undefined> = {}) =>
  story({ action: 'create', id: 'sales-review', title: 'Sales review', code: SALES_STORY, ...overrides }, context);

describe('story tool: actions', () => {
  it('creates version 1, stores it with author and summary, and shows the model the title, version and full code', async () => {
    const output = await create();
    expect(output).toMatchObject({ status: 'ok', id: 'sales-review', version: 1, title: 'Sales review', action: 'create' });
    expect(renderStoryOutput(output)).toBe(`Story "Sales review" (v1) — sales-review\n\n\`\`\`markdown\n${SALES_STORY}\n\`\`\``);
    expect(await store.stories.getStory(THREAD_ID, 'sales-review')).toMatchObject({ title: 'Sales review' });
    expect(await store.stories.getLatestStoryVersion(THREAD_ID, 'sales-review')).toMatchObject({
      version: 1,
      action: 'create',
      author: 'assistant',
      code: SALES_STORY,
      summary: 'Created "Sales review" with 2 charts and 1 table.',
    });
    expect(context.storyVersions).toEqual([
      { slug: 'sales-review', version: 1, title: 'Sales review', code: SALES_STORY, action: 'create', summary: 'Created "Sales review" with 2 charts and 1 table.' },
    ]);
  });

  it('numbers versions 1, 2, 3: update replaces the first exact occurrence, replace overwrites (and may rename)', async () => {
    await create();
    const updated = await story({ action: 'update', id: 'sales-review', search: 'North leads', replace: 'North clearly leads' }, context);
    expect(updated).toMatchObject({ status: 'ok', version: 2, title: 'Sales review', summary: 'Replaced "North leads" with "North clearly leads".' });
    expect(updated.status === 'ok' && updated.code).toBe(SALES_STORY.replace('North leads', 'North clearly leads'));

    const replaced = await story({ action: 'replace', id: 'sales-review', title: 'Regional sales', code: '# Regional sales\n\n<table query_id="query_sales" />' }, context);
    expect(replaced).toMatchObject({ status: 'ok', version: 3, title: 'Regional sales' });
    expect(replaced.status === 'ok' && replaced.summary).toBe(
      'Rewrote the story; renamed to "Regional sales"; added table of query_sales; removed chart "Sales by region"; removed chart "Orders per month"; removed table "Sales detail"; edited the text.',
    );

    const versions = await store.stories.listStoryVersions(THREAD_ID, 'sales-review');
    expect(versions.map((version) => [version.version, version.action, version.author])).toEqual([
      [1, 'create', 'assistant'],
      [2, 'update', 'assistant'],
      [3, 'replace', 'assistant'],
    ]);
    expect(context.storyVersions.map((artifact) => artifact.version)).toEqual([1, 2, 3]);
  });

  it('summarises a chart change in an update', async () => {
    await create();
    const output = await story({ action: 'update', id: 'sales-review', search: 'chart_type="bar"', replace: 'chart_type="horizontal_bar"' }, context);
    expect(output).toMatchObject({ status: 'ok', version: 2, summary: 'Changed chart "Sales by region".' });
  });
});

describe('story tool: nao error texts', () => {
  it('create needs code and title, and refuses an existing id', async () => {
    expect(errorOf(await create({ code: undefined }))).toBe('"code" and "title" are required for the "create" action.');
    expect(errorOf(await create({ title: undefined }))).toBe('"code" and "title" are required for the "create" action.');
    await create();
    expect(errorOf(await create())).toBe('Story "sales-review" already exists. Use "update" or "replace" instead.');
  });

  it('update and replace need an existing story', async () => {
    expect(errorOf(await story({ action: 'update', id: 'missing', search: 'a', replace: 'b' }, context))).toBe('Story "missing" does not exist. Use "create" first.');
    expect(errorOf(await story({ action: 'replace', id: 'missing', code: '# x' }, context))).toBe('Story "missing" does not exist. Use "create" first.');
  });

  it('update needs search and replace, and a search string that is in the story', async () => {
    await create();
    expect(errorOf(await story({ action: 'update', id: 'sales-review', replace: 'b' }, context))).toBe('"search" and "replace" are required for the "update" action.');
    expect(errorOf(await story({ action: 'update', id: 'sales-review', search: 'North' }, context))).toBe('"search" and "replace" are required for the "update" action.');
    expect(errorOf(await story({ action: 'update', id: 'sales-review', search: 'South leads', replace: 'x' }, context))).toBe('Search string not found in story "sales-review".');
  });

  it('replace needs code', async () => {
    await create();
    expect(errorOf(await story({ action: 'replace', id: 'sales-review' }, context))).toBe('"code" is required for the "replace" action.');
  });

  it('refuses an id that is not a kebab-case slug', async () => {
    expect(errorOf(await create({ id: 'Sales Review' }))).toBe(
      'Story id "Sales Review" is not a kebab-case slug. Use lowercase letters, digits and single hyphens (at most 80 characters), e.g. "sales-by-region".',
    );
  });

  it('renders errors for the model and saves nothing', async () => {
    const output = await story({ action: 'update', id: 'missing', search: 'a', replace: 'b' }, context);
    expect(renderStoryOutput(output)).toBe('Error: Story "missing" does not exist. Use "create" first.');
    expect(context.storyVersions).toEqual([]);
  });
});

describe('story tool: validation before saving', () => {
  it('returns the errors with line and column and saves no version', async () => {
    const code = ['# Sales', '', 'Text', '', '<chart query_id="query_sales" />', '<table query_id="query_nope" />', '<grid cols="7">', '</grid>'].join('\n');
    const output = await create({ code });
    expect(output).toMatchObject({ status: 'invalid', latestVersion: null });
    expect(renderStoryOutput(output)).toBe(
      [
        'Error: the code for story "sales-review" has 4 problems. Nothing was saved. Fix them and call story again.',
        '- Line 5, column 1: Chart is missing required attributes: chart_type, x_axis_key.',
        '- Line 5, column 1: Chart must define either a `series=[...]` array or a `data_key` attribute.',
        '- Line 6, column 1: Unknown query_id "query_nope": no query with this id ran in this conversation. Run execute_sql first and use the query_id it returns.',
        '- Line 7, column 1: Grid `cols` must be an integer between 1 and 4 (got "7").',
      ].join('\n'),
    );
    expect(await store.stories.getStory(THREAD_ID, 'sales-review')).toBeUndefined();
    expect(context.storyVersions).toEqual([]);
  });

  it('checks each chart against its rows, and says the latest version is unchanged', async () => {
    await create();
    const output = await story({ action: 'update', id: 'sales-review', search: '"data_key":"total"', replace: '"data_key":"revenue"' }, context);
    expect(output).toMatchObject({ status: 'invalid', latestVersion: 1 });
    const rendered = renderStoryOutput(output);
    expect(rendered).toMatch(/^Error: the code for story "sales-review" has 1 problem\. Nothing was saved; the latest version is still v1\. Fix it and call story again\.\n- Line 6, column 1: Chart "Sales by region": /);
    expect(rendered).toContain('"revenue"');
    expect((await store.stories.listStoryVersions(THREAD_ID, 'sales-review')).length).toBe(1);
  });
});

describe('createStoryTool', () => {
  it('is an AI SDK tool whose model output is the rendered Markdown', async () => {
    const storyTool = createStoryTool(context);
    const output = (await storyTool.execute!({ action: 'create', id: 'kpi', title: 'KPI', code: '# KPI' }, { toolCallId: 'call_1', messages: [], context: {} })) as StoryOutput;
    const modelOutput = await storyTool.toModelOutput!({ toolCallId: 'call_1', input: { action: 'create', id: 'kpi' }, output });
    expect(modelOutput).toEqual({ type: 'text', value: 'Story "KPI" (v1) — kpi\n\n```markdown\n# KPI\n```' });
  });
});
