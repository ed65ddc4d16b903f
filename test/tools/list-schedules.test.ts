// list_schedules on a real SQLite store: the asker sees their own schedules on this platform, in
// plain words with id, timetable, state and next run; an admin asking for all sees everyone's with
// the owner (an admin may be listed by a group the asker belongs to); anyone else asking for all is
// refused with the reason, as data for the model.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentSettings } from '../../src/config/agent-settings.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { createListSchedulesTool, renderListSchedulesResult, type ListSchedulesResult } from '../../src/tools/list-schedules.js';
import { ToolContext } from '../../src/tools/tool-context.js';
import { newSchedule } from '../schedules/schedule-fixtures.js';

const settings: AgentSettings = { model: 'test-model', maxSteps: 8, turnTimeoutMs: 60_000, queryTimeoutMs: 10_000, rowCap: 1000, enabledTools: ['list_schedules'] };
const ADMINS = ['boss@example.com', 'group:schedule-admins'];

let store: Store;

beforeEach(async () => {
  store = await openStore('sqlite::memory:');
  await store.migrate();
  await store.schedules.createSchedule(newSchedule({ scheduleId: 'sched_revenue', title: 'Revenue by region' }));
  await store.schedules.createSchedule(
    newSchedule({ scheduleId: 'sched_signups', title: 'Signups below 200', cron: '30 8 * * 1-5', timeZone: 'America/New_York', alert: { column: 'signups', operator: '<', value: 200 }, nextRunAt: new Date('2026-12-07T13:30:00Z') }),
  );
  await store.schedules.pauseSchedule('sched_signups', 'paused by hand', new Date('2026-12-05T10:00:00Z'));
  await store.schedules.createSchedule(newSchedule({ scheduleId: 'sched_other', title: 'Churn', owner: { platform: 'slack', userId: 'U_OTHER', displayName: 'Otto' } }));
  // The same user id on another platform is another person.
  await store.schedules.createSchedule(newSchedule({ scheduleId: 'sched_teams', title: 'Teams report', owner: { platform: 'teams', userId: 'U_OWNER' } }));
});

afterEach(async () => {
  await store.close();
});

async function run(actor: { userId: string; email?: string }, input: { all?: boolean | null }, actorGroups: string[] = []): Promise<ListSchedulesResult> {
  const context = new ToolContext({ threadId: 'slack:T1:C1:100.1', actor: { platform: 'slack', ...actor }, actorGroups, settings, databases: [], store, now: () => new Date('2026-12-05T10:00:00Z'), createId: (prefix) => `${prefix}1` });
  const listTool = createListSchedulesTool(context, ADMINS);
  return (await listTool.execute!(input, { toolCallId: 'call-1', messages: [], context: {} })) as ListSchedulesResult;
}

describe('list_schedules', () => {
  it('lists the asker\'s own schedules on this platform in plain words', async () => {
    expect(renderListSchedulesResult(await run({ userId: 'U_OWNER' }, {}))).toBe(
      [
        'The asker has 2 schedules (id | what | when | state):',
        '- sched_revenue | report "Revenue by region" | Every Monday at 09:00 Europe/Berlin | active, next run Mon 7 Dec 2026, 09:00 CET (Europe/Berlin)',
        '- sched_signups | alert "Signups below 200" | Every weekday at 08:30 America/New_York | paused (paused by hand)',
      ].join('\n'),
    );
  });

  it('lists every schedule with its owner for an admin (matched by e-mail) asking for all', async () => {
    const text = renderListSchedulesResult(await run({ userId: 'U_BOSS', email: 'Boss@Example.com' }, { all: true }));
    expect(text.split('\n')[0]).toBe('The workspace has 4 schedules (id | what | when | state):');
    expect(text).toContain('- sched_other | report "Churn" | Every Monday at 09:00 Europe/Berlin | active, next run Mon 7 Dec 2026, 09:00 CET (Europe/Berlin) | owner Otto');
    expect(text).toContain('| owner U_OWNER');
  });

  it('refuses everyone\'s schedules to someone who is not an admin, and says it when there are none', async () => {
    expect(renderListSchedulesResult(await run({ userId: 'U_OWNER', email: 'owner@example.com' }, { all: true }))).toBe(
      "Refused: Only workspace admins (`admins` in the config) can list everyone's schedules; the asker can list their own.",
    );
    expect(renderListSchedulesResult(await run({ userId: 'U_NOBODY' }, { all: null }))).toBe('The asker has no schedules.');
  });

  it('names a story schedule by its story: title and version, and the schedule\'s own title only when it is another', async () => {
    const story = { storyId: 'weekly-sales', version: 2, title: 'Weekly sales', code: '# Weekly sales' };
    const owner = { platform: 'slack' as const, userId: 'U_STORIES' };
    // Titled with the story's id, as a model often does: the story's title says more.
    await store.schedules.createSchedule(newSchedule({ scheduleId: 'sched_story', title: 'weekly-sales', owner, story, createdAt: new Date('2026-12-03T10:00:00Z') }));
    await store.schedules.createSchedule(newSchedule({ scheduleId: 'sched_story_renamed', title: 'Monday numbers', owner, story: { ...story, version: 3 }, createdAt: new Date('2026-12-03T11:00:00Z') }));
    const result = await run({ userId: 'U_STORIES' }, {});
    expect(result.kind === 'listed' ? result.schedules.map((schedule) => [schedule.kind, schedule.what]) : []).toEqual([
      ['story', 'story “Weekly sales” v2'],
      ['story', 'story “Weekly sales” v3, posted as "Monday numbers"'],
    ]);
    expect(renderListSchedulesResult(result)).toBe(
      [
        'The asker has 2 schedules (id | what | when | state):',
        '- sched_story | story “Weekly sales” v2 | Every Monday at 09:00 Europe/Berlin | active, next run Mon 7 Dec 2026, 09:00 CET (Europe/Berlin)',
        '- sched_story_renamed | story “Weekly sales” v3, posted as "Monday numbers" | Every Monday at 09:00 Europe/Berlin | active, next run Mon 7 Dec 2026, 09:00 CET (Europe/Berlin)',
      ].join('\n'),
    );
  });

  it('lists every schedule for a member of a group named in admins, and refuses a member of another group', async () => {
    const member = await run({ userId: 'U_LEAD' }, { all: true }, ['slack-group:SLEADS', 'group:schedule-admins']);
    expect(member).toMatchObject({ kind: 'listed', scope: 'all' });
    expect(member.kind === 'listed' ? member.schedules.map((schedule) => schedule.scheduleId).sort() : []).toEqual(['sched_other', 'sched_revenue', 'sched_signups', 'sched_teams']);
    expect(await run({ userId: 'U_LEAD' }, { all: true }, ['group:finance'])).toMatchObject({ kind: 'refused' });
  });
});
