// Pause / Resume / Edit time (Save) / Delete (confirmed) on a scheduled post card. Every click is
// checked against the schedule as the store holds it now (core: schedules/schedule-controls.ts,
// edit-schedule-time.ts): the owner and the config's `admins` (by id, UPN or a group the clicker
// belongs to) may change it; anyone else, a click on
// a schedule deleted already, or a bad cron expression or zone gets the reason privately (in the
// clicker's one-to-one chat with the bot, as other refusals in Teams are answered). A change
// redraws the post's card with the buttons of the new state under a line saying who changed it.
// Mirrors slack/schedules/schedule-manage-clicks.ts.
import { editScheduleTime, type ScheduleTimeField } from '../../../schedules/edit-schedule-time.js';
import type { ScheduleChanger } from '../../../schedules/manage-schedule.js';
import { applyScheduleControl, type ScheduleControl, type ScheduleManagement } from '../../../schedules/schedule-controls.js';
import { SCHEDULE_SENTENCES } from '../../../schedules/schedule-wording.js';
import { clickerSubject } from '../actions/clicker-subject.js';
import type { ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { replyTargetOf } from '../inbound/reply-target.js';
import { buildTeamsTurnRequest } from '../inbound/turn-request.js';
import type { TeamsOutbox } from '../outbox/teams-outbox.js';
import { createCard, textBlock } from '../render/adaptive-card-types.js';
import type { RequestIdentity } from '../turns/background-tasks.js';
import { SCHEDULE_TIME_INPUT_IDS, scheduleControlActions, withScheduleStatus } from './schedule-manage-controls.js';

const CONTROLS: Record<string, ScheduleControl | 'edit_time'> = {
  schedule_pause: 'pause',
  schedule_resume: 'resume',
  schedule_delete: 'delete',
  schedule_edit_time: 'edit_time',
};

const FIELD_NAMES: Record<ScheduleTimeField, string> = { cron: 'When (cron)', timeZone: 'Time zone' };

interface ScheduleClick {
  scheduleId: string;
  control: ScheduleControl | 'edit_time';
  cron: string;
  timeZone: string;
}

function readScheduleClick(value: unknown): ScheduleClick | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const control = typeof record.datathread === 'string' ? CONTROLS[record.datathread] : undefined;
  if (!control || typeof record.scheduleId !== 'string' || record.scheduleId === '') return undefined;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
  return { scheduleId: record.scheduleId, control, cron: text(SCHEDULE_TIME_INPUT_IDS.cron), timeZone: text(SCHEDULE_TIME_INPUT_IDS.timeZone) };
}

/** Only the clicker hears why: never a public "you may not" in a shared conversation. */
async function tellPrivately(context: ChannelContext, outbox: TeamsOutbox, text: string, scheduleId: string): Promise<void> {
  await outbox.postPrivately(createCard([textBlock(text)])).catch((error: unknown) => context.logger.warn('A schedule refusal could not be sent privately; the clicker was not told.', { scheduleId, error }));
}

/** The post's card redrawn when it is the schedule's latest; otherwise a small card of its own in the conversation. */
async function redrawPost(context: ChannelContext, management: ScheduleManagement, outbox: TeamsOutbox, cardActivityId: string | undefined, scheduleId: string, line: string): Promise<void> {
  const schedule = await management.store.schedules.getSchedule(scheduleId);
  const state = schedule?.state ?? 'deleted';
  const time = schedule ? { cron: schedule.cron, timeZone: schedule.timeZone } : undefined;
  const posted = await context.scheduleCards.latest(scheduleId);
  if (posted && cardActivityId && posted.activityId === cardActivityId) {
    const card = withScheduleStatus(posted.card, scheduleId, line, state, time);
    await outbox.update(cardActivityId, card);
    await context.scheduleCards.remember(scheduleId, { activityId: cardActivityId, card });
    return;
  }
  await outbox.post(createCard([textBlock(line, { isSubtle: true })], state === 'deleted' ? [] : scheduleControlActions(scheduleId, state, time)));
}

async function handleClick(context: ChannelContext, management: ScheduleManagement, outbox: TeamsOutbox, click: ScheduleClick, changer: ScheduleChanger, person: string, cardActivityId: string | undefined): Promise<void> {
  const { scheduleId } = click;
  if (click.control === 'edit_time') {
    const outcome = await editScheduleTime(scheduleId, { cron: click.cron, timeZone: click.timeZone }, changer, management);
    if (outcome.kind === 'invalid') return tellPrivately(context, outbox, `The time was not changed. ${FIELD_NAMES[outcome.field]}: ${outcome.message}`, scheduleId);
    if (outcome.kind === 'refused') return tellPrivately(context, outbox, outcome.reason, scheduleId);
    context.logger.info('Teams schedule time changed.', { scheduleId, userId: changer.subject.userId, nextRunAt: outcome.nextRunAt.toISOString() });
    return redrawPost(context, management, outbox, cardActivityId, scheduleId, SCHEDULE_SENTENCES.timeChangedBy(person, outcome.summary));
  }
  const outcome = await applyScheduleControl(scheduleId, click.control, changer, management);
  if (outcome.kind === 'refused') {
    context.logger.info('Teams schedule change refused.', { scheduleId, control: click.control, userId: changer.subject.userId });
    return tellPrivately(context, outbox, outcome.reason, scheduleId);
  }
  context.logger.info('Teams schedule changed from its post.', { scheduleId, control: click.control, userId: changer.subject.userId, state: outcome.state });
  const line =
    outcome.state === 'deleted' ? SCHEDULE_SENTENCES.deletedBy(person) : outcome.state === 'paused' && click.control === 'resume' ? outcome.sentence : outcome.state === 'paused' ? SCHEDULE_SENTENCES.pausedBy(person) : SCHEDULE_SENTENCES.resumedBy(person);
  await redrawPost(context, management, outbox, cardActivityId, scheduleId, line);
}

/** True when the activity is a click on a scheduled post's buttons (then it is handled here, in the background). */
export function startScheduleManageClick(context: ChannelContext, activity: InboundActivity, identity: RequestIdentity): boolean {
  if (activity.type !== 'message') return false;
  const click = readScheduleClick(activity.value);
  if (!click) return false;
  const { actor, threadId } = buildTeamsTurnRequest(activity, '');
  const management = context.schedules;
  context.work.start(replyTargetOf(activity), identity, threadId, async (outbox) => {
    if (!management) {
      context.logger.warn('Teams schedule click, but schedules are not wired to this channel.', { scheduleId: click.scheduleId });
      return;
    }
    const { groups } = await clickerSubject(context, activity);
    const changer: ScheduleChanger = { subject: { userId: actor.userId, ...(actor.email ? { email: actor.email } : {}), groups }, admins: management.admins };
    await handleClick(context, management, outbox, click, changer, actor.displayName ?? 'someone', activity.replyToId);
  });
  return true;
}
