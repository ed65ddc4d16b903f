// Pause / Resume / Edit time / Delete under a scheduled post. Every click is checked against the
// schedule as the store holds it now (core: schedules/schedule-controls.ts, edit-schedule-time.ts):
// the owner and the config's `admins` (by id, e-mail or a group the clicker belongs to) may change it; anyone else, or a click on a schedule deleted
// already, gets the reason as an ephemeral message only they see. A change redraws the post's
// buttons for the new state under a line saying who changed it. Edit time opens a modal (within
// Slack's three-second trigger window, so the check comes first and nothing slow before it); a bad
// cron expression or zone is marked on its field (response_action: errors).
import type { App, BlockAction, ButtonAction, ViewSubmitAction } from '@slack/bolt';
import type { AccessSubject } from '../../../access/access-rules.js';
import { editScheduleTime, refusalOfScheduleChange } from '../../../schedules/edit-schedule-time.js';
import type { ScheduleChanger } from '../../../schedules/manage-schedule.js';
import { applyScheduleControl, type ScheduleControl, type ScheduleManagement } from '../../../schedules/schedule-controls.js';
import { SCHEDULE_SENTENCES } from '../../../schedules/schedule-wording.js';
import type { ChannelContext } from '../channel-context.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import type { SlackBlock } from '../render/block-kit.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { SCHEDULE_ACTION_IDS, SCHEDULE_TIME_VIEW_ID, withScheduleStatus } from './schedule-manage-controls.js';
import { readScheduleTimeFormState, readTypedTime, SCHEDULE_TIME_BLOCK_IDS, scheduleTimeModal, type ScheduleTimeFormState } from './schedule-manage-time-form.js';

const SAVE_FAILED_TEXT = 'The new time could not be saved just now. Try again in a minute.';

const CONTROLS: Array<[string, ScheduleControl]> = [
  [SCHEDULE_ACTION_IDS.pause, 'pause'],
  [SCHEDULE_ACTION_IDS.resume, 'resume'],
  [SCHEDULE_ACTION_IDS.remove, 'delete'],
];

interface ScheduleClick {
  scheduleId: string;
  userId: string;
  channel: string;
  messageTs: string;
  threadTs: string | undefined;
  messageText: string;
  messageBlocks: SlackBlock[];
  triggerId: string;
}

function readScheduleClick(body: BlockAction<ButtonAction>): ScheduleClick | undefined {
  const scheduleId = body.actions[0]?.value;
  const channel = body.channel?.id ?? body.container?.channel_id;
  const messageTs = body.message?.ts ?? body.container?.message_ts;
  if (!scheduleId || !channel || !messageTs) return undefined;
  const threadTs = body.message?.thread_ts ?? body.container?.thread_ts;
  return {
    scheduleId,
    userId: body.user.id,
    channel,
    messageTs,
    threadTs: typeof threadTs === 'string' ? threadTs : undefined,
    messageText: typeof body.message?.text === 'string' ? body.message.text : '',
    messageBlocks: Array.isArray(body.message?.blocks) ? (body.message.blocks as SlackBlock[]) : [],
    triggerId: body.trigger_id,
  };
}

async function changerOf(context: ChannelContext, management: ScheduleManagement, userId: string, channelId: string): Promise<ScheduleChanger> {
  const actor = await context.users.lookUp(userId);
  const subject: AccessSubject = { platform: 'slack', channelId, userId, ...(actor.email ? { email: actor.email } : {}) };
  return { subject: context.groupMembership ? await context.groupMembership.withGroups(subject) : subject, admins: management.admins };
}

async function tellClicker(context: ChannelContext, click: Pick<ScheduleClick, 'channel' | 'userId' | 'threadTs'>, text: string): Promise<void> {
  await context.client.chat
    .postEphemeral({ channel: click.channel, user: click.userId, text, ...(click.threadTs ? { thread_ts: click.threadTs } : {}) })
    .catch((error: unknown) => context.logger.warn(explainSlackError('tell the clicker why the schedule did not change', error)));
}

async function redrawPost(context: ChannelContext, channel: string, messageTs: string, text: string, blocks: SlackBlock[]): Promise<void> {
  await context.client.chat
    .update({ channel, ts: messageTs, text, blocks })
    .catch((error: unknown) => context.logger.warn(explainSlackError('redraw the buttons of a scheduled post', error), { channel, messageTs }));
}

async function applyControl(context: ChannelContext, management: ScheduleManagement, click: ScheduleClick, control: ScheduleControl): Promise<void> {
  const outcome = await applyScheduleControl(click.scheduleId, control, await changerOf(context, management, click.userId, click.channel), management);
  if (outcome.kind === 'refused') {
    context.logger.info('Slack schedule change refused.', { scheduleId: click.scheduleId, control, userId: click.userId });
    return tellClicker(context, click, outcome.reason);
  }
  context.logger.info('Slack schedule changed from its post.', { scheduleId: click.scheduleId, control, userId: click.userId, state: outcome.state });
  const person = `<@${click.userId}>`;
  const line =
    outcome.state === 'deleted' ? SCHEDULE_SENTENCES.deletedBy(person) : outcome.state === 'paused' && control === 'resume' ? escapeMrkdwn(outcome.sentence) : outcome.state === 'paused' ? SCHEDULE_SENTENCES.pausedBy(person) : SCHEDULE_SENTENCES.resumedBy(person);
  await redrawPost(context, click.channel, click.messageTs, click.messageText || line, withScheduleStatus(click.messageBlocks, click.scheduleId, line, outcome.state));
}

/**
 * The post as Slack holds it now (the modal's submission does not carry it). A post in a thread is
 * read from its thread, narrowed to its own ts: Slack answers replies with the thread's parent
 * first, so asking for one message by the post's ts alone would give the parent instead.
 */
async function currentPost(context: ChannelContext, state: ScheduleTimeFormState): Promise<{ text: string; blocks: SlackBlock[] } | undefined> {
  const replies = await context.client.conversations.replies({ channel: state.channel, ts: state.thread ?? state.message, oldest: state.message, latest: state.message, inclusive: true, limit: 2 });
  const message = replies.messages?.find((candidate) => candidate.ts === state.message);
  return message ? { text: message.text ?? '', blocks: (message.blocks ?? []) as SlackBlock[] } : undefined;
}

async function showNewTime(context: ChannelContext, state: ScheduleTimeFormState, userId: string, summary: string, scheduleState: 'active' | 'paused'): Promise<void> {
  const line = SCHEDULE_SENTENCES.timeChangedBy(`<@${userId}>`, escapeMrkdwn(summary));
  const post = await currentPost(context, state).catch((error: unknown) => context.logger.warn(explainSlackError('read a scheduled post to show its new time', error)));
  if (post) return redrawPost(context, state.channel, state.message, post.text || line, withScheduleStatus(post.blocks, state.scheduleId, line, scheduleState));
  await tellClicker(context, { channel: state.channel, userId, threadTs: state.thread }, line);
}

export function registerScheduleManageListeners(app: App, context: ChannelContext): void {
  const management = context.schedules;
  for (const [actionId, control] of CONTROLS) {
    app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: actionId }, async ({ ack, body }) => {
      await ack();
      const click = readScheduleClick(body);
      if (!click || !management) {
        context.logger.warn('Ignored a schedule button click: no schedule in its value, or schedules are not wired to this channel.', { actionId });
        return;
      }
      context.tasks.run('schedule change', () => applyControl(context, management, click, control));
    });
  }

  app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: SCHEDULE_ACTION_IDS.editTime }, async ({ ack, body }) => {
    await ack();
    const click = readScheduleClick(body);
    if (!click || !management) {
      context.logger.warn('Ignored an Edit time click: no schedule in its value, or schedules are not wired to this channel.');
      return;
    }
    // The modal must open within the three seconds the trigger_id lasts: the owner (or an admin
    // named by id) is allowed without any Slack call; users.info and group reads run only for
    // anyone else, before they are told no or let in as an admin by e-mail or group.
    const byId: ScheduleChanger = { subject: { userId: click.userId }, admins: management.admins };
    let checked = await refusalOfScheduleChange(click.scheduleId, byId, management.store);
    if ('reason' in checked && checked.reason !== SCHEDULE_SENTENCES.alreadyDeleted) {
      checked = await refusalOfScheduleChange(click.scheduleId, await changerOf(context, management, click.userId, click.channel), management.store);
    }
    if ('reason' in checked) return tellClicker(context, click, checked.reason);
    const state: ScheduleTimeFormState = { scheduleId: click.scheduleId, channel: click.channel, message: click.messageTs, ...(click.threadTs ? { thread: click.threadTs } : {}) };
    await context.client.views
      .open({ trigger_id: click.triggerId, view: scheduleTimeModal(checked.schedule, state) })
      .catch((error: unknown) => context.logger.warn(explainSlackError('open the Edit time form', error), { scheduleId: click.scheduleId }));
  });

  app.view<ViewSubmitAction>(SCHEDULE_TIME_VIEW_ID, async ({ ack, body, view }) => {
    const state = readScheduleTimeFormState(view.private_metadata);
    if (!state || !management) {
      await ack();
      context.logger.warn('Edit time submitted without its schedule, or schedules are not wired to this channel; nothing changed.', { viewId: view.id });
      return;
    }
    let outcome: Awaited<ReturnType<typeof editScheduleTime>>;
    try {
      outcome = await editScheduleTime(state.scheduleId, readTypedTime(view.state.values), await changerOf(context, management, body.user.id, state.channel), management);
    } catch (error) {
      // Slack waits three seconds for the answer: the form stays open and says so instead.
      context.logger.error('Edit time could not be saved.', { scheduleId: state.scheduleId, error });
      return ack({ response_action: 'errors', errors: { [SCHEDULE_TIME_BLOCK_IDS.cron]: SAVE_FAILED_TEXT } });
    }
    if (outcome.kind === 'invalid') return ack({ response_action: 'errors', errors: { [SCHEDULE_TIME_BLOCK_IDS[outcome.field]]: outcome.message } });
    if (outcome.kind === 'refused') return ack({ response_action: 'errors', errors: { [SCHEDULE_TIME_BLOCK_IDS.cron]: outcome.reason } });
    await ack();
    context.logger.info('Slack schedule time changed.', { scheduleId: state.scheduleId, userId: body.user.id, nextRunAt: outcome.nextRunAt.toISOString() });
    const scheduleState = (await management.store.schedules.getSchedule(state.scheduleId))?.state ?? 'active';
    context.tasks.run('show new schedule time', () => showNewTime(context, state, body.user.id, outcome.summary, scheduleState));
  });
}
