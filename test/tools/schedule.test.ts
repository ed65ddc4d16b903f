// The schedule tool on a real SQLite store: a valid request becomes a stored proposal (nothing is
// scheduled) with its plain-words summary noted for the thread; every problem the model can fix
// (bad cron, unknown zone, unknown query id, an alert column the result lacks) comes back as data.
// Then the decisions a click makes: only the asker or an admin, Confirm saves once, expiry says so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentSettings } from '../../src/config/agent-settings.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { ScheduleProposalDecisions } from '../../src/schedules/schedule-proposal-decisions.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { createScheduleTool, renderScheduleResult } from '../../src/tools/schedule.js';
import { ToolContext } from '../../src/tools/tool-context.js';

const settings: AgentSettings = { model: 'test-model', maxSteps: 8, turnTimeoutMs: 60_000, queryTimeoutMs: 10_000, rowCap: 1000, enabledTools: ['schedule'] };
// Thursday 3 December 2026, 18:00 UTC.
const NOW = new Date('2026-12-03T18:00:00Z');
const THREAD = 'slack:T1:C_SALES:100.1';
const REVENUE_CHART = { query_id: 'query_revenue1', chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'revenue' }], title: 'Revenue by region' };

let store: Store;
let idCounter = 0;
let now = NOW;

beforeEach(async () => {
  store = await openStore('sqlite::memory:');
  await store.migrate();
  idCounter = 0;
  now = NOW;
  await store.saveQueryResult({ threadId: THREAD, queryId: 'query_revenue1', databaseName: 'shop', sql: 'SELECT region, revenue FROM revenue', columns: [{ name: 'region', type: 'VARCHAR' }, { name: 'revenue', type: 'INTEGER' }], rows: [['North', 120]], rowCount: 1, truncated: false, createdAt: NOW });
  // The chart was drawn by an earlier answer of the thread: it is read back from the stored conversation.
  await store.appendMessages(THREAD, [{ threadId: THREAD, role: 'assistant', content: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_0', toolName: 'display_chart', input: REVENUE_CHART }] }, createdAt: NOW }]);
});

afterEach(async () => {
  await store.close();
});

function contextFor(options: { timeZone?: string; scheduling?: boolean } = {}): ToolContext {
  return new ToolContext({
    threadId: THREAD,
    actor: { platform: 'slack', userId: 'UANA', displayName: 'ana', email: 'ana@example.com', ...(options.timeZone ? { timeZone: options.timeZone } : {}) },
    settings,
    databases: [{ name: 'shop' } as DatabaseAdapter],
    store,
    now: () => now,
    createId: (prefix) => `${prefix}${String(++idCounter).padStart(8, '0')}`,
    ...(options.scheduling === false ? {} : { scheduling: { channelId: 'C_SALES', teamId: 'T1', defaultTimeZone: 'Europe/Berlin' } }),
  });
}

type ScheduleCall = Parameters<NonNullable<ReturnType<typeof createScheduleTool>['execute']>>[0];

async function schedule(context: ToolContext, input: Partial<ScheduleCall>) {
  const output = await createScheduleTool(context).execute!({ query_ids: ['query_revenue1'], cron: '0 9 * * 1', title: 'Revenue by region', ...input }, { toolCallId: 'call_1', messages: [], context: {} });
  return output as Exclude<typeof output, AsyncIterable<unknown>>;
}

describe('schedule tool', () => {
  it('stores a proposal in the configured zone and notes its summary for the thread; nothing is scheduled', async () => {
    const context = contextFor();
    const output = await schedule(context, {});
    expect(output.kind).toBe('proposed');
    const summary = 'Every Monday at 09:00 Europe/Berlin, starting 7 Dec: the Revenue by region chart, in this thread';
    expect(context.scheduleProposals).toEqual([{ proposalId: 'proposal_00000001', summary, ownerName: 'ana' }]);
    expect(await store.scheduleProposals.getScheduleProposal('proposal_00000001')).toMatchObject({
      state: 'pending',
      cron: '0 9 * * 1',
      timeZone: 'Europe/Berlin',
      destination: 'thread',
      owner: { platform: 'slack', userId: 'UANA', email: 'ana@example.com', channelId: 'C_SALES', teamId: 'T1' },
      queries: [{ queryId: 'query_revenue1', databaseName: 'shop', sql: 'SELECT region, revenue FROM revenue', chart: REVENUE_CHART }],
      expiresAt: new Date('2026-12-04T18:00:00Z'),
    });
    expect(await store.schedules.listSchedules()).toEqual([]);
    expect(renderScheduleResult(output)).toBe(
      [
        `Proposed proposal_00000001: ${summary}.`,
        'Cron "0 9 * * 1" in Europe/Berlin; 1 query refreshed on each run.',
        'Nothing is scheduled yet: the thread shows this summary with Confirm / Cancel, and it is saved only when the person who asked clicks Confirm. Tell them that in one short sentence; do not repeat the summary.',
      ].join('\n'),
    );
  });

  it("uses the asker's own zone over the default, and a named zone over both; an alert's condition is in the summary", async () => {
    const asker = contextFor({ timeZone: 'America/New_York' });
    await schedule(asker, { where: 'channel' });
    expect(asker.scheduleProposals[0]!.summary).toBe('Every Monday at 09:00 America/New_York, starting 7 Dec: the Revenue by region chart, in this channel, as a new message');
    const named = contextFor({ timeZone: 'America/New_York' });
    await schedule(named, { cron: '30 8 * * 1-5', timezone: 'Asia/Tokyo', condition: { column: 'revenue', op: '<', value: '200' } });
    expect(named.scheduleProposals[0]!.summary).toBe('Every weekday at 08:30 Asia/Tokyo, starting 4 Dec: the Revenue by region chart when revenue is below 200, in this thread');
    // The threshold arrives as text (one type for every provider) and is kept as the number it is.
    expect((await store.scheduleProposals.getScheduleProposal('proposal_00000002'))?.alert).toEqual({ column: 'revenue', operator: '<', value: 200 });
  });

  it('returns every problem the model can fix, and stores nothing', async () => {
    const output = await schedule(contextFor(), { cron: '0 9 * *', timezone: 'Mars/Olympus', query_ids: ['query_revenue1', 'query_unknown1'], condition: { column: 'signups', op: '<', value: '200' } });
    expect(output.kind).toBe('refused');
    expect(renderScheduleResult(output)).toBe(
      [
        'Not proposed. Fix these and call schedule again:',
        '- "Mars/Olympus" is not an IANA time zone; use a name such as Europe/Berlin or America/New_York.',
        '- Unknown query id "query_unknown1": pass the query_xxxxxxxx id of an execute_sql result of this conversation.',
        '- The alert column "signups" is not in the result of the first query (it has region, revenue).',
      ].join('\n'),
    );
    const badCron = await schedule(contextFor(), { cron: '0 9 * *' });
    expect(renderScheduleResult(badCron)).toContain('"0 9 * *" is not a cron expression with five fields (minute hour day-of-month month day-of-week).');
    expect(await store.scheduleProposals.getScheduleProposal('proposal_00000001')).toBeUndefined();
  });

  it('refuses where nobody can confirm (the terminal)', async () => {
    expect(renderScheduleResult(await schedule(contextFor({ scheduling: false }), {}))).toBe(
      'Not proposed. Fix these and call schedule again:\n- Schedules can only be made from Slack or Teams, where they post and where the person confirms them.',
    );
  });
});

describe('schedule proposal decisions', () => {
  const delivery = () => ({ channelId: 'C_SALES', threadTs: '100.1' });
  const decisions = () => new ScheduleProposalDecisions(store, ['admin@example.com'], () => now, (prefix) => `${prefix}${String(++idCounter).padStart(8, '0')}`);

  it('only the asker or an admin decides; Confirm saves the schedule once with its first run; a second click says the same', async () => {
    await schedule(contextFor(), {});
    const refused = await decisions().decide('confirm', 'proposal_00000001', { userId: 'UBEN' }, delivery);
    expect(refused).toEqual({ kind: 'refused', reason: 'Only ana, who asked for this schedule, or a workspace admin can confirm or cancel it.' });
    const first = await decisions().decide('confirm', 'proposal_00000001', { userId: 'UADA', email: 'Admin@example.com' }, delivery);
    expect(first).toEqual({ kind: 'done', scheduleId: 'schedule_00000002', sentence: 'Scheduled: Every Monday at 09:00 Europe/Berlin, starting 7 Dec: the Revenue by region chart, in this thread · id schedule_00000002' });
    const second = await decisions().decide('confirm', 'proposal_00000001', { userId: 'UANA' }, delivery);
    expect(second).toEqual(first);
    const schedules = await store.schedules.listSchedules();
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ scheduleId: 'schedule_00000002', owner: { userId: 'UANA' }, delivery: delivery(), nextRunAt: new Date('2026-12-07T08:00:00Z'), state: 'active' });
    expect(await decisions().decide('cancel', 'proposal_00000001', { userId: 'UANA' }, delivery)).toEqual(first);
  });

  it('an expired proposal says so and saves nothing; an unknown one too', async () => {
    await schedule(contextFor(), {});
    now = new Date(NOW.getTime() + 24 * 60 * 60 * 1000 + 1);
    expect(await decisions().decide('confirm', 'proposal_00000001', { userId: 'UANA' }, delivery)).toEqual({
      kind: 'done',
      sentence: 'This proposal expired (a proposal waits 24 hours for Confirm); nothing was scheduled. Ask again for a new one.',
    });
    expect(await decisions().decide('confirm', 'proposal_missing', { userId: 'UANA' }, delivery)).toEqual({ kind: 'done', sentence: 'This schedule proposal is no longer known; nothing was scheduled. Ask again for a new one.' });
    expect(await store.schedules.listSchedules()).toEqual([]);
  });
});
