// Pause / Resume / Edit time / Delete on a scheduled post card, through the real Agents SDK over HTTP
// against the local Bot Framework connector: the owner and admins change the schedule in the store
// and the card is redrawn with the buttons of the new state; anyone else is told why not in their
// one-to-one chat and the store is unchanged; Edit time is a form under the card whose bad cron or
// zone is refused with the field named, and a good one moves the next run. `admins` may name a
// group: a member of it is an admin.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScheduleRecord } from '../../../../src/store/schedule-types.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../../fakes/bot-connector-server.js';
import { manualClock, newSchedule, sequentialIds } from '../../../schedules/schedule-fixtures.js';
import { scheduledReport } from '../../../schedules/scheduled-post-sample.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../../support/e2e-workspace.js';
import { attachmentProblemsIn } from '../adaptive-card-validation.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from '../support/teams-bot.js';
import { ADA, BOT_ID, BOT_NAME, CHANNEL_ID, GRACE, TENANT_ID, channelCardClick, postActivity } from '../teams-activities.js';

const ROOT_ID = '1700000000100';
const THREAD_CONVERSATION = `${CHANNEL_ID};messageid=${ROOT_ID}`;
const ALAN = { id: '29:1alan-turing', name: 'Alan Turing', aadObjectId: '4c0b5f2e-cccc-4f4f-9f9f-000000000003' };
/** A member of the named group `schedule-leads`, which `admins` lists. */
const LEA = { id: '29:1lea-lead', name: 'Lea Lead', aadObjectId: '4c0b5f2e-dddd-4f4f-9f9f-000000000004' };

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let running: RunningTeamsBot;
let clickCounter = 0;

type Element = { type: string; id?: string; text?: string; value?: string };
type Action = { type: string; title: string; data?: Record<string, unknown>; card?: { body: Element[]; actions?: Action[] } };
type Card = { body: Element[]; actions?: Action[] };

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-schedule-manage',
    duckdb: ['CREATE TABLE unused (n INTEGER)'],
    config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL }, groups: { 'schedule-leads': [LEA.aadObjectId] } },
  });
  connector = await startFakeBotConnector();
});

beforeEach(async () => {
  // Grace is an admin (by Entra object id), Lea through the group schedule-leads; Ada owns the schedules.
  // checkClickAccess wires the group membership reader, as attach-channels.ts does.
  running = await startTeamsBot(workspace.variables, {
    checkClickAccess: true,
    schedules: { admins: [GRACE.aadObjectId, 'group:schedule-leads'], clock: manualClock('2026-12-07T10:00:00Z'), createId: sequentialIds() },
  });
});

afterEach(async () => {
  expect(await attachmentProblemsIn([...connector.messages(), ...connector.updates()])).toEqual([]);
  connector.clear();
  await stopTeamsBot(running);
});

afterAll(async () => {
  await connector.close();
  await workspace.close();
});

function teamsDelivery() {
  return {
    target: {
      channelId: 'msteams',
      serviceUrl: connector.url,
      conversation: { id: THREAD_CONVERSATION, conversationType: 'channel', tenantId: TENANT_ID, isGroup: true },
      bot: { id: BOT_ID, name: BOT_NAME },
      user: ADA,
    },
    identity: {},
  };
}

function cardOf(activity: Record<string, unknown>): Card {
  return (activity.attachments as Array<{ content: Card }>)[0]!.content;
}

/** A schedule in the store and its post card in the channel thread, as a run posts it; returns the card's activity id. */
async function postedSchedule(): Promise<{ schedule: ScheduleRecord; cardId: string }> {
  const fields = newSchedule({ owner: { platform: 'teams', userId: ADA.aadObjectId, displayName: ADA.name }, delivery: teamsDelivery() });
  await running.application.store.schedules.createSchedule(fields);
  const schedule = (await running.application.store.schedules.getSchedule(fields.scheduleId))!;
  const cardId = await running.channel.scheduleDelivery.post(schedule, { ...scheduledReport(), scheduleId: schedule.scheduleId, charts: [], time: { cron: schedule.cron, timeZone: schedule.timeZone } }, `schedule-run:test_${schedule.scheduleId}`);
  return { schedule, cardId };
}

async function click(cardId: string, value: Record<string, unknown>, from = ADA): Promise<void> {
  clickCounter += 1;
  const response = await postActivity(running.baseUrl, channelCardClick(connector.url, `click-${clickCounter}`, ROOT_ID, cardId, value, from));
  expect(response.status).toBeLessThan(300);
  await running.channel.idle();
}

function latestCard(cardId: string): Card {
  const updates = connector.updates().filter((update) => update.activityId === cardId);
  return cardOf(updates.at(-1)!.activity);
}

function statusLine(card: Card): string | undefined {
  return card.body.find((element) => element.id?.startsWith('scheduleStatus_'))?.text;
}

function privateNotices(): string[] {
  const privateChats = new Set(connector.createdConversations().map((created) => created.conversationId));
  return connector.messages().filter((message) => privateChats.has(message.conversationId)).map((message) => cardOf(message.activity).body.map((element) => element.text).join(' '));
}

describe('managing a schedule from its Teams card', () => {
  it('the owner pauses it: the store says paused, the card shows Resume and who paused it; Resume is the mirror', async () => {
    const { schedule, cardId } = await postedSchedule();
    const posted = cardOf(connector.messages()[0]!.activity);
    expect(posted.actions!.map((action) => [action.type, action.title])).toEqual([
      ['Action.Submit', 'Pause'],
      ['Action.ShowCard', 'Edit time'],
      ['Action.ShowCard', 'Delete'],
    ]);
    await click(cardId, { datathread: 'schedule_pause', scheduleId: schedule.scheduleId });
    expect(await running.application.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused' });
    const paused = latestCard(cardId);
    expect(statusLine(paused)).toBe('Paused by Ada Lovelace');
    expect(paused.actions!.map((action) => action.title)).toEqual(['Resume', 'Edit time', 'Delete']);
    // The report itself is kept: only the status line and the buttons changed.
    expect(JSON.stringify(paused.body)).toContain('North');

    await click(cardId, { datathread: 'schedule_resume', scheduleId: schedule.scheduleId });
    expect(await running.application.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'active', nextRunAt: new Date('2026-12-14T08:00:00Z') });
    expect(statusLine(latestCard(cardId))).toBe('Resumed by Ada Lovelace');
    expect(latestCard(cardId).actions!.map((action) => action.title)).toEqual(['Pause', 'Edit time', 'Delete']);
  });

  it('tells a stranger why not in their one-to-one chat, and leaves the schedule and the card as they were', async () => {
    const { schedule, cardId } = await postedSchedule();
    await click(cardId, { datathread: 'schedule_pause', scheduleId: schedule.scheduleId }, ALAN);
    expect(privateNotices()).toEqual(['Only the owner of "Revenue by region" (Ada Lovelace) or a workspace admin can pause it.']);
    expect(connector.createdConversations().at(-1)!.memberId).toBe(ALAN.id);
    expect(await running.application.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'active' });
    expect(connector.updates()).toEqual([]);
  });

  it('a member of a group named in admins pauses Ada\'s schedule; the card says who', async () => {
    const { schedule, cardId } = await postedSchedule();
    await click(cardId, { datathread: 'schedule_pause', scheduleId: schedule.scheduleId }, LEA);
    expect(await running.application.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', pausedReason: 'paused by hand' });
    expect(statusLine(latestCard(cardId))).toBe('Paused by Lea Lead');
    expect(privateNotices()).toEqual([]);
  });

  it('an admin deletes it from the confirm step: the schedule is gone and the card says who; a later click is told it is gone', async () => {
    const { schedule, cardId } = await postedSchedule();
    const posted = cardOf(connector.messages()[0]!.activity);
    const confirmStep = posted.actions!.find((action) => action.title === 'Delete')!.card!;
    expect(confirmStep.body[0]!.text).toBe('Delete this schedule? It stops posting for everyone, and it cannot be undone.');
    expect(confirmStep.actions![0]).toMatchObject({ type: 'Action.Submit', title: 'Delete for good', data: { datathread: 'schedule_delete', scheduleId: schedule.scheduleId } });

    await click(cardId, confirmStep.actions![0]!.data!, GRACE);
    expect(await running.application.store.schedules.getSchedule(schedule.scheduleId)).toBeUndefined();
    expect(statusLine(latestCard(cardId))).toBe('Deleted by Grace Hopper');
    expect(latestCard(cardId).actions).toBeUndefined();

    await click(cardId, { datathread: 'schedule_pause', scheduleId: schedule.scheduleId });
    expect(privateNotices()).toEqual(['This schedule no longer exists: it was deleted, so there is nothing to change.']);
  });

  it('Edit time: the form is prefilled; a bad cron or zone is refused naming the field, a good one moves the next run', async () => {
    const { schedule, cardId } = await postedSchedule();
    const form = cardOf(connector.messages()[0]!.activity).actions!.find((action) => action.title === 'Edit time')!.card!;
    expect(form.body.map((element) => [element.type, element.id, element.value ?? element.text])).toEqual([
      ['TextBlock', undefined, 'Now: Every Monday at 09:00 Europe/Berlin'],
      ['Input.Text', 'scheduleCron', '0 9 * * 1'],
      ['Input.Text', 'scheduleTimeZone', 'Europe/Berlin'],
    ]);
    const save = form.actions![0]!.data!;

    await click(cardId, { ...save, scheduleCron: 'every monday', scheduleTimeZone: 'Europe/Berlin' });
    await click(cardId, { ...save, scheduleCron: '30 8 * * 1-5', scheduleTimeZone: 'Mars/Olympus' });
    expect(privateNotices()).toEqual([
      'The time was not changed. When (cron): "every monday" is not a cron expression with five fields (minute hour day-of-month month day-of-week).',
      'The time was not changed. Time zone: "Mars/Olympus" is not an IANA time zone; use a name such as Europe/Berlin or America/New_York.',
    ]);
    expect(await running.application.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ cron: '0 9 * * 1', nextRunAt: schedule.nextRunAt });

    await click(cardId, { ...save, scheduleCron: '30 8 * * 1-5', scheduleTimeZone: 'America/New_York' });
    expect(await running.application.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ cron: '30 8 * * 1-5', timeZone: 'America/New_York', nextRunAt: new Date('2026-12-07T13:30:00Z') });
    const changed = latestCard(cardId);
    expect(statusLine(changed)).toBe('New time set by Ada Lovelace: Every weekday at 08:30 America/New_York, starting 7 Dec: Revenue by region, posted here');
    expect(changed.actions!.find((action) => action.title === 'Edit time')!.card!.body.map((element) => element.value ?? element.text)).toEqual([
      'Now: Every weekday at 08:30 America/New_York',
      '30 8 * * 1-5',
      'America/New_York',
    ]);
  });
});
