// The schedule tool with a story: the story id (latest version, or the one named) and the SQL and
// database of every result the story shows go into the proposal, and Confirm saves them on the
// schedule (read back from the SQLite store). An unknown story or version, a result the story shows
// that is gone, and an alert on a story come back to the model as problems, with nothing stored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentSettings } from '../../src/config/agent-settings.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { ScheduleProposalDecisions } from '../../src/schedules/schedule-proposal-decisions.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store, StoredStoryVersion } from '../../src/store/types.js';
import { createScheduleTool, renderScheduleResult } from '../../src/tools/schedule.js';
import { ToolContext } from '../../src/tools/tool-context.js';

const settings: AgentSettings = { model: 'test-model', maxSteps: 8, turnTimeoutMs: 60_000, queryTimeoutMs: 10_000, rowCap: 1000, enabledTools: ['schedule'] };
const NOW = new Date('2026-12-03T18:00:00Z');
const THREAD = 'slack:T1:C_SALES:100.1';
const REVENUE_CHART_TAG = `<chart query_id="query_revenue1" chart_type="bar" x_axis_key="region" series='[{"data_key":"revenue"}]' title="Revenue by region" />`;
const VERSION_1 = ['# Weekly sales', 'Revenue so far:', REVENUE_CHART_TAG].join('\n\n');
const VERSION_2 = [VERSION_1, 'Signups:', '<table query_id="query_signups1" title="Signups" />'].join('\n\n');

let store: Store;
let idCounter = 0;

function storyVersion(version: number, code: string): StoredStoryVersion {
  return { threadId: THREAD, slug: 'weekly-sales', version, title: 'Weekly sales', code, action: version === 1 ? 'create' : 'update', author: 'assistant', summary: `v${version}`, createdAt: NOW };
}

beforeEach(async () => {
  store = await openStore('sqlite::memory:');
  await store.migrate();
  idCounter = 0;
  const result = { threadId: THREAD, databaseName: 'shop', rowCount: 1, truncated: false, createdAt: NOW };
  await store.saveQueryResult({ ...result, queryId: 'query_revenue1', sql: 'SELECT region, revenue FROM revenue', columns: [{ name: 'region', type: 'VARCHAR' }, { name: 'revenue', type: 'INTEGER' }], rows: [['North', 120]] });
  await store.saveQueryResult({ ...result, queryId: 'query_signups1', sql: 'SELECT day, signups FROM signups', columns: [{ name: 'day', type: 'DATE' }, { name: 'signups', type: 'INTEGER' }], rows: [['2026-12-02', 250]] });
  await store.stories.createStory({ threadId: THREAD, slug: 'weekly-sales', title: 'Weekly sales', createdAt: NOW }, storyVersion(1, VERSION_1));
  await store.stories.addStoryVersion(storyVersion(2, VERSION_2));
});

afterEach(async () => {
  await store.close();
});

function contextFor(): ToolContext {
  return new ToolContext({
    threadId: THREAD,
    actor: { platform: 'slack', userId: 'UANA', displayName: 'ana' },
    settings,
    databases: [{ name: 'shop' } as DatabaseAdapter],
    store,
    now: () => NOW,
    createId: (prefix) => `${prefix}${String(++idCounter).padStart(8, '0')}`,
    scheduling: { channelId: 'C_SALES', teamId: 'T1', defaultTimeZone: 'Europe/Berlin' },
  });
}

type ScheduleCall = Parameters<NonNullable<ReturnType<typeof createScheduleTool>['execute']>>[0];

async function schedule(context: ToolContext, input: Partial<ScheduleCall>) {
  const output = await createScheduleTool(context).execute!({ cron: '0 9 * * 1', title: 'Weekly sales', ...input }, { toolCallId: 'call_1', messages: [], context: {} });
  return output as Exclude<typeof output, AsyncIterable<unknown>>;
}

describe('schedule tool with a story', () => {
  it('takes the latest version and the SQL of every result it shows; Confirm saves the story on the schedule', async () => {
    const context = contextFor();
    const output = await schedule(context, { story: { story_id: 'weekly-sales' } });
    expect(output.kind).toBe('proposed');
    const summary = 'Every Monday at 09:00 Europe/Berlin, starting 7 Dec: the Weekly sales story (v2), in this thread';
    expect(context.scheduleProposals[0]!.summary).toBe(summary);
    expect(renderScheduleResult(output).split('\n')[1]).toBe('Cron "0 9 * * 1" in Europe/Berlin; the story "weekly-sales" v2 re-rendered and 2 queries refreshed on each run.');
    const story = { storyId: 'weekly-sales', version: 2, title: 'Weekly sales', code: VERSION_2 };
    const queries = [
      { queryId: 'query_revenue1', databaseName: 'shop', sql: 'SELECT region, revenue FROM revenue' },
      { queryId: 'query_signups1', databaseName: 'shop', sql: 'SELECT day, signups FROM signups' },
    ];
    expect(await store.scheduleProposals.getScheduleProposal('proposal_00000001')).toMatchObject({ story, queries });
    const decided = await new ScheduleProposalDecisions(store, [], () => NOW, (prefix) => `${prefix}1`).decide('confirm', 'proposal_00000001', { userId: 'UANA' }, () => ({ channelId: 'C_SALES' }));
    expect(decided).toMatchObject({ kind: 'done', scheduleId: 'schedule_1' });
    const saved = await store.schedules.getSchedule('schedule_1');
    expect(saved).toMatchObject({ story, queries });
    expect(saved!.queries.every((query) => query.chart === undefined)).toBe(true);
  });

  it('takes the version named, with only the results that version shows', async () => {
    const context = contextFor();
    await schedule(context, { story: { story_id: 'weekly-sales', version: 1 } });
    const proposal = await store.scheduleProposals.getScheduleProposal('proposal_00000001');
    expect(proposal).toMatchObject({ story: { version: 1, code: VERSION_1 } });
    expect(proposal!.queries.map((query) => query.queryId)).toEqual(['query_revenue1']);
  });

  it('refuses an unknown story, an unknown version, a result the story shows that is gone, and an alert on a story; nothing is stored', async () => {
    const refusals = [
      [{ story: { story_id: 'monthly-sales' } }, 'Unknown story "monthly-sales": pass the id of a story written in this conversation (the id the story tool was called with).'],
      [{ story: { story_id: 'weekly-sales', version: 7 } }, 'The story "weekly-sales" has no version 7: its versions are 1 to 2. Leave version out for the latest.'],
      [
        { story: { story_id: 'weekly-sales' }, condition: { column: 'revenue', op: '<' as const, value: '100' } },
        'An alert watches a query result, not a story: leave story out of an alert and pass the query id whose result the condition reads.',
      ],
      [{}, 'Name at least one query id to refresh (an execute_sql result of this conversation), or a story.'],
    ] as const;
    for (const [input, problem] of refusals) {
      const output = await schedule(contextFor(), input);
      expect(output).toEqual({ _version: '1', kind: 'refused', problems: [problem] });
    }
    await store.stories.addStoryVersion(storyVersion(3, `${VERSION_2}\n\n<table query_id="query_gone1" />`));
    const gone = await schedule(contextFor(), { story: { story_id: 'weekly-sales' } });
    expect(gone).toMatchObject({ kind: 'refused', problems: ['The story "weekly-sales" shows the result "query_gone1", which is no longer available in this conversation: run its query again and update the story first.'] });
    expect(await store.scheduleProposals.getScheduleProposal('proposal_00000001')).toBeUndefined();
  });
});
