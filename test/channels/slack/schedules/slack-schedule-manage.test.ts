// Pause / Resume / Edit time / Delete under a scheduled post, through real Bolt over HTTP against the
// local Slack Web API: the owner and admins change the schedule in the store and the post's buttons
// follow; anyone else hears why not in an ephemeral message and the store is unchanged; Edit time
// opens a modal whose bad cron or zone is marked on its field, and a good one moves the next run.
// `admins` may name a group: a member of it (here through a Slack user group) is an admin.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webApi } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCHEDULE_ACTION_IDS } from '../../../../src/channels/slack/schedules/schedule-manage-controls.js';
import { GroupMembership } from '../../../../src/access/group-membership.js';
import { createLogger } from '../../../../src/logging/logger.js';
import { createSlackScheduleDelivery } from '../../../../src/channels/slack/schedules/slack-schedule-delivery.js';
import type { ScheduleRecord } from '../../../../src/store/schedule-types.js';
import { openStore } from '../../../../src/store/open-store.js';
import type { Store } from '../../../../src/store/types.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../../fakes/slack-api-server.js';
import { manualClock, newSchedule, sequentialIds } from '../../../schedules/schedule-fixtures.js';
import { scheduledReport } from '../../../schedules/scheduled-post-sample.js';
import { problemsInCalls } from '../support/block-kit-validator.js';
import { RecordingTurnHandler } from '../support/recording-turn-handler.js';
import { SIGNING_SECRET, startSlackHarness, type SlackHarness } from '../support/slack-harness.js';
import { buttonClickPayload, sendSlackAction, viewSubmissionPayload } from '../support/slack-requests.js';

const directory = await mkdtemp(join(tmpdir(), 'datathread-slack-schedule-manage-'));
let store: Store;
let slack: FakeSlackApi;
let harness: SlackHarness;
const clock = manualClock('2026-12-07T10:00:00Z');

beforeAll(async () => {
  store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  await store.migrate();
});

afterAll(async () => {
  await store?.close();
  await rm(directory, { recursive: true, force: true });
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'U_OWNER', name: 'olga', email: 'owner@example.com' });
  slack.addUser({ id: 'U_STRANGER', name: 'sam', email: 'sam@example.com' });
  slack.addUser({ id: 'U_BOSS', name: 'bea', email: 'boss@example.com' });
  slack.addUser({ id: 'U_LEAD', name: 'lea', email: 'lea@example.com' });
  slack.setUserGroup('SLEADS', ['U_LEAD']);
  // The named group `schedule-leads` has the Slack user group SLEADS as its member.
  const membership = new GroupMembership({ namedGroups: { 'schedule-leads': ['slack-group:SLEADS'] }, clock, logger: createLogger({ level: 'error', write: () => undefined }) });
  harness = await startSlackHarness({
    handler: new RecordingTurnHandler(),
    slack,
    groups: { membership, userGroupIds: ['SLEADS'] },
    schedules: { store, admins: ['boss@example.com', 'group:schedule-leads'], clock, createId: sequentialIds() },
  });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  await harness.close();
  await slack.close();
});

/** A schedule in the store and its post in the channel, as a run posts it. */
async function postedSchedule(delivery: { channelId: string; threadTs?: string } = { channelId: 'C_SALES' }): Promise<{ schedule: ScheduleRecord; message: FakeSlackMessage }> {
  const fields = newSchedule({ delivery });
  await store.schedules.createSchedule(fields);
  const schedule = (await store.schedules.getSchedule(fields.scheduleId))!;
  const slackDelivery = createSlackScheduleDelivery(new webApi.WebClient('xoxb-schedule-test', { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } }));
  const ts = await slackDelivery.post(schedule, { ...scheduledReport(), scheduleId: schedule.scheduleId, charts: [] }, `schedule-run:test_${schedule.scheduleId}`);
  return { schedule, message: slack.messages.find((message) => message.ts === ts)! };
}

function current(message: FakeSlackMessage): FakeSlackMessage {
  return slack.messages.find((each) => each.ts === message.ts)!;
}

function buttonsOf(message: FakeSlackMessage): string[] {
  const actions = (current(message).blocks as Array<{ type: string; elements?: Array<{ text: { text: string } }> }>).find((block) => block.type === 'actions');
  return actions?.elements?.map((element) => element.text.text) ?? [];
}

function statusLineOf(message: FakeSlackMessage): string | undefined {
  const block = (current(message).blocks as Array<{ block_id?: string; elements?: Array<{ text: string }> }>).find((each) => each.block_id?.startsWith('datathread_schedule_status_'));
  return block?.elements?.[0]?.text;
}

async function click(message: FakeSlackMessage, actionId: string, userId: string): Promise<void> {
  expect((await harness.click(current(message), actionId, userId)).status).toBe(200);
}

async function openEditTime(message: FakeSlackMessage, userId: string) {
  const opened = slack.openedViews.length;
  const payload = { ...buttonClickPayload(current(message), SCHEDULE_ACTION_IDS.editTime, userId), trigger_id: slack.issueTriggerId() };
  expect((await sendSlackAction(harness.eventsUrl, SIGNING_SECRET, payload)).status).toBe(200);
  return slack.waitFor(() => slack.openedViews[opened]);
}

async function submitTime(view: { id: string; view: Record<string, unknown> }, userId: string, cron: string, timeZone: string): Promise<unknown> {
  const payload = viewSubmissionPayload(view, userId, { datathread_schedule_cron: { value: cron }, datathread_schedule_time_zone: { value: timeZone } });
  const response = await sendSlackAction(harness.eventsUrl, SIGNING_SECRET, payload);
  expect(response.status).toBe(200);
  const body = await response.text();
  return body === '' ? undefined : JSON.parse(body);
}

describe('managing a schedule from its Slack post', () => {
  it('the owner pauses it: the store says paused, the post shows Resume and who paused it; Resume is the mirror', async () => {
    const { schedule, message } = await postedSchedule();
    expect(buttonsOf(message)).toEqual(['Pause', 'Edit time', 'Delete']);
    await click(message, SCHEDULE_ACTION_IDS.pause, 'U_OWNER');
    await slack.waitFor(() => statusLineOf(message) === 'Paused by <@U_OWNER>');
    expect(buttonsOf(message)).toEqual(['Resume', 'Edit time', 'Delete']);
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', pausedReason: 'paused by hand' });
    // The table and header are still there: only the controls changed.
    expect((current(message).blocks as Array<{ type: string }>).map((block) => block.type)).toEqual(['header', 'context', 'data_table', 'context', 'actions']);

    await click(message, SCHEDULE_ACTION_IDS.resume, 'U_OWNER');
    await slack.waitFor(() => statusLineOf(message) === 'Resumed by <@U_OWNER>');
    expect(buttonsOf(message)).toEqual(['Pause', 'Edit time', 'Delete']);
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'active', nextRunAt: new Date('2026-12-14T08:00:00Z') });
  });

  it('tells a stranger why not, only them, and leaves the schedule and the post as they were', async () => {
    const { schedule, message } = await postedSchedule();
    await click(message, SCHEDULE_ACTION_IDS.pause, 'U_STRANGER');
    const told = await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'U_STRANGER'));
    expect(told.text).toBe('Only the owner of "Revenue by region" (Olga Owner) or a workspace admin can pause it.');
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'active' });
    expect(slack.callsOf('chat.update')).toEqual([]);
    expect(buttonsOf(message)).toEqual(['Pause', 'Edit time', 'Delete']);
  });

  it('a member of a group named in admins pauses someone else\'s schedule; a non-member of it may not', async () => {
    const { schedule, message } = await postedSchedule();
    await click(message, SCHEDULE_ACTION_IDS.pause, 'U_STRANGER');
    const told = await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'U_STRANGER'));
    expect(told.text).toBe('Only the owner of "Revenue by region" (Olga Owner) or a workspace admin can pause it.');
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'active' });

    await click(message, SCHEDULE_ACTION_IDS.pause, 'U_LEAD');
    await slack.waitFor(() => statusLineOf(message) === 'Paused by <@U_LEAD>');
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', pausedReason: 'paused by hand' });
    expect(slack.callsOf('usergroups.users.list').map((call) => call.args.usergroup)).toContain('SLEADS');
    expect(slack.ephemerals.filter((ephemeral) => ephemeral.recipient === 'U_LEAD')).toEqual([]);
  });

  it('an admin deletes it (the button asks first): the schedule is gone and the post says who deleted it; a later click is told it is gone', async () => {
    const { schedule, message } = await postedSchedule();
    const deleteButton = (current(message).blocks as Array<{ type: string; elements?: Array<Record<string, unknown>> }>).find((block) => block.type === 'actions')!.elements![2]!;
    expect(deleteButton.confirm).toMatchObject({ title: { type: 'plain_text', text: 'Delete this schedule?' }, confirm: { type: 'plain_text', text: 'Delete' }, deny: { type: 'plain_text', text: 'Keep it' } });
    const beforeDelete = structuredClone(current(message));
    await click(message, SCHEDULE_ACTION_IDS.remove, 'U_BOSS');
    await slack.waitFor(() => statusLineOf(message) === 'Deleted by <@U_BOSS>');
    expect(buttonsOf(message)).toEqual([]);
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toBeUndefined();

    // Someone with the old post still open clicks Pause.
    expect((await harness.click(beforeDelete, SCHEDULE_ACTION_IDS.pause, 'U_OWNER')).status).toBe(200);
    const told = await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'U_OWNER'));
    expect(told.text).toBe('This schedule no longer exists: it was deleted, so there is nothing to change.');
  });

  it('Edit time opens a modal prefilled with the current time; a bad cron or zone is marked on its field, a good one moves the next run', async () => {
    const { schedule, message } = await postedSchedule();
    const lookUpsBefore = slack.callsOf('users.info').length + slack.callsOf('usergroups.users.list').length;
    const opened = await openEditTime(message, 'U_OWNER');
    // The owner's modal opens without a Slack lookup first: the trigger_id lasts only three seconds.
    expect(slack.callsOf('users.info').length + slack.callsOf('usergroups.users.list').length).toBe(lookUpsBefore);
    const blocks = opened.view.blocks as Array<{ block_id: string; hint: { text: string }; element: { initial_value: string } }>;
    expect(blocks.map((block) => [block.block_id, block.element.initial_value])).toEqual([
      ['datathread_schedule_cron', '0 9 * * 1'],
      ['datathread_schedule_time_zone', 'Europe/Berlin'],
    ]);
    expect(blocks[0]!.hint.text).toBe('Now: Every Monday at 09:00 Europe/Berlin');

    expect(await submitTime(opened, 'U_OWNER', 'every monday', 'Europe/Berlin')).toEqual({
      response_action: 'errors',
      errors: { datathread_schedule_cron: '"every monday" is not a cron expression with five fields (minute hour day-of-month month day-of-week).' },
    });
    expect(await submitTime(opened, 'U_OWNER', '30 8 * * 1-5', 'Mars/Olympus')).toEqual({
      response_action: 'errors',
      errors: { datathread_schedule_time_zone: '"Mars/Olympus" is not an IANA time zone; use a name such as Europe/Berlin or America/New_York.' },
    });
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ cron: '0 9 * * 1', nextRunAt: schedule.nextRunAt });

    expect(await submitTime(opened, 'U_OWNER', '30 8 * * 1-5', 'America/New_York')).toBeUndefined();
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ cron: '30 8 * * 1-5', timeZone: 'America/New_York', nextRunAt: new Date('2026-12-07T13:30:00Z') });
    await slack.waitFor(() => statusLineOf(message) === 'New time set by <@U_OWNER>: Every weekday at 08:30 America/New_York, starting 7 Dec: Revenue by region, posted here');
    expect(buttonsOf(message)).toEqual(['Pause', 'Edit time', 'Delete']);
  });

  it('Edit time on a post in its source thread: the post itself shows the new time, nothing lands in the channel', async () => {
    // As a run posts it: a reply in the thread it was asked in, under the person's question and other replies.
    slack.addUserMessage({ channel: 'C_SALES', ts: '1700000000.000100', text: 'revenue by region every Monday', user: 'U_OWNER' });
    slack.addUserMessage({ channel: 'C_SALES', ts: '1700000000.000200', text: 'thanks', user: 'U_OWNER', thread_ts: '1700000000.000100' });
    const { schedule, message } = await postedSchedule({ channelId: 'C_SALES', threadTs: '1700000000.000100' });
    expect(current(message).thread_ts).toBe('1700000000.000100');
    const opened = await openEditTime(message, 'U_OWNER');
    expect(await submitTime(opened, 'U_OWNER', '30 8 * * 1-5', 'Europe/Berlin')).toBeUndefined();
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ cron: '30 8 * * 1-5', timeZone: 'Europe/Berlin' });
    await slack.waitFor(() => statusLineOf(message) === 'New time set by <@U_OWNER>: Every weekday at 08:30 Europe/Berlin, starting 8 Dec: Revenue by region, posted here');
    expect(buttonsOf(message)).toEqual(['Pause', 'Edit time', 'Delete']);
    // The header and table stay; the thread's parent and the other reply are untouched.
    expect((current(message).blocks as Array<{ type: string }>).map((block) => block.type)).toEqual(['header', 'context', 'data_table', 'context', 'actions']);
    expect(slack.callsOf('chat.update').map((call) => call.args.ts)).toEqual([message.ts]);
    expect(slack.ephemerals).toEqual([]);
    expect(slack.messages.filter((each) => each.channel === 'C_SALES' && each.thread_ts === undefined).map((each) => each.ts)).toEqual(['1700000000.000100']);
  });

  it('Edit time by a stranger opens nothing and tells them why not', async () => {
    const { message } = await postedSchedule();
    const payload = { ...buttonClickPayload(current(message), SCHEDULE_ACTION_IDS.editTime, 'U_STRANGER'), trigger_id: slack.issueTriggerId() };
    expect((await sendSlackAction(harness.eventsUrl, SIGNING_SECRET, payload)).status).toBe(200);
    const told = await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'U_STRANGER'));
    expect(told.text).toBe('Only the owner of "Revenue by region" (Olga Owner) or a workspace admin can change its time.');
    expect(slack.openedViews).toEqual([]);
  });
});
