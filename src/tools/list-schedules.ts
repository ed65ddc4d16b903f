// list_schedules{all?}: "list my schedules" in chat. The asker's own schedules (on this platform), or
// for someone in the config's `admins` (by id, e-mail or a group they belong to) who asks for all, every schedule; each in plain words with
// its id, timetable, state and next run, so the person can say "pause sched_…" or use the buttons
// on its posts. Reading only: changes go through the buttons on a post or `datathread schedules`.
import { tool } from 'ai';
import { z } from 'zod';
import { personListMatches } from '../access/person-lists.js';
import { describeTimetableInZone } from '../schedules/describe-schedule.js';
import { scheduleListLabel } from '../schedules/schedule-list-label.js';
import type { ScheduleRecord } from '../store/schedule-types.js';
import { formatAsOf } from '../schedules/schedule-wording.js';
import type { ToolContext } from './tool-context.js';

/** The list the model sees is capped; the rest is counted. */
const MAX_LISTED_SCHEDULES = 50;

export const listSchedulesInputSchema = z.object({
  all: z
    .boolean()
    .nullable()
    .optional()
    .describe('true: every schedule in the workspace, only for admins ("list all schedules"). Leave out (or false) for the asker\'s own schedules. May be null.'),
});

export interface ListedSchedule {
  scheduleId: string;
  title: string;
  kind: 'report' | 'alert' | 'story';
  /** What it posts in words: `report "Revenue by region"`, `story “Weekly sales” v2` (schedule-list-label.ts). */
  what: string;
  timetable: string;
  state: 'active' | 'paused';
  pausedReason: string | null;
  /** The next run in the schedule's zone ("Mon 14 Dec 2026, 09:00 Europe/Berlin"); null while paused. */
  nextRun: string | null;
  owner: string;
}

export type ListSchedulesResult =
  | { _version: '1'; kind: 'listed'; scope: 'mine' | 'all'; schedules: ListedSchedule[]; omitted: number }
  | { _version: '1'; kind: 'refused'; reason: string };

function listed(schedule: ScheduleRecord): ListedSchedule {
  return {
    scheduleId: schedule.scheduleId,
    title: schedule.title,
    kind: schedule.alert ? 'alert' : schedule.story ? 'story' : 'report',
    what: scheduleListLabel(schedule),
    timetable: describeTimetableInZone(schedule.cron, schedule.timeZone),
    state: schedule.state,
    pausedReason: schedule.pausedReason,
    nextRun: schedule.state === 'active' ? formatAsOf(schedule.nextRunAt, schedule.timeZone) : null,
    owner: schedule.owner.displayName ?? schedule.owner.userId,
  };
}

export function createListSchedulesTool(context: ToolContext, admins: readonly string[]) {
  return tool({
    description: [
      'Lists scheduled reports and alerts. Call it when the user asks for their schedules ("list my schedules", "what do you post for me?").',
      'Fields: all (optional): true lists every schedule in the workspace and is allowed for admins only.',
      'Pass the list on in plain words with each id; to pause, resume, change the time or delete, people use the buttons under a post of the schedule.',
    ].join(' '),
    inputSchema: listSchedulesInputSchema,
    execute: async (input): Promise<ListSchedulesResult> => {
      const { actor } = context;
      if (input.all === true) {
        if (!personListMatches(admins, { userId: actor.userId, email: actor.email, groups: context.actorGroups })) return { _version: '1', kind: 'refused', reason: 'Only workspace admins (`admins` in the config) can list everyone\'s schedules; the asker can list their own.' };
        return page('all', await context.store.schedules.listSchedules());
      }
      const own = (await context.store.schedules.listSchedules({ ownerUserId: actor.userId })).filter((schedule) => schedule.owner.platform === actor.platform);
      return page('mine', own);
    },
    toModelOutput: ({ output }) => ({ type: 'text', value: renderListSchedulesResult(output) }),
  });
}

function page(scope: 'mine' | 'all', schedules: ScheduleRecord[]): ListSchedulesResult {
  return { _version: '1', kind: 'listed', scope, schedules: schedules.slice(0, MAX_LISTED_SCHEDULES).map(listed), omitted: Math.max(0, schedules.length - MAX_LISTED_SCHEDULES) };
}

function stateText(schedule: ListedSchedule): string {
  if (schedule.state === 'paused') return `paused${schedule.pausedReason ? ` (${schedule.pausedReason})` : ''}`;
  return `active, next run ${schedule.nextRun}`;
}

export function renderListSchedulesResult(result: ListSchedulesResult): string {
  if (result.kind === 'refused') return `Refused: ${result.reason}`;
  const whose = result.scope === 'mine' ? 'The asker has' : 'The workspace has';
  if (result.schedules.length === 0) return `${whose} no schedules.`;
  const total = result.schedules.length + result.omitted;
  const lines = result.schedules.map(
    (schedule) => `- ${schedule.scheduleId} | ${schedule.what} | ${schedule.timetable} | ${stateText(schedule)}${result.scope === 'all' ? ` | owner ${schedule.owner}` : ''}`,
  );
  const more = result.omitted > 0 ? [`- … and ${result.omitted} more`] : [];
  return [`${whose} ${total} ${total === 1 ? 'schedule' : 'schedules'} (id | what | when | state):`, ...lines, ...more].join('\n');
}
