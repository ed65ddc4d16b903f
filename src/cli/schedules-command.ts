// `datathread schedules list|pause|resume|delete|run-now ID`: the operator's view of every schedule.
import type { Bootstrapped } from '../config/bootstrap.js';
import { changeSchedule, SCHEDULE_CHANGES, type ScheduleChange } from '../schedules/manage-schedule.js';
import { ScheduleNotFoundError } from '../schedules/schedule-errors.js';
import { scheduleListLabel } from '../schedules/schedule-list-label.js';
import type { ScheduleRecord } from '../store/schedule-types.js';
import { openStore } from '../store/open-store.js';
import { randomIdFactory, systemClock } from '../support/clock-and-ids.js';
import { UsageError, type ParsedArguments } from './arguments.js';
import type { TerminalOutput } from './render-reply.js';

/** The schedule id named no schedule. */
const EXIT_NOT_FOUND = 1;

const HEADINGS = ['id', 'state', 'when', 'next run', 'owner', 'what'];

function rowOf(schedule: ScheduleRecord): string[] {
  const state = schedule.state === 'paused' ? `paused (${schedule.pausedReason ?? 'by hand'})` : 'active';
  const owner = `${schedule.owner.displayName ?? schedule.owner.userId} (${schedule.owner.platform})`;
  return [schedule.scheduleId, state, `${schedule.cron} ${schedule.timeZone}`, schedule.state === 'active' ? schedule.nextRunAt.toISOString() : '-', owner, scheduleListLabel(schedule)];
}

function renderTable(schedules: ScheduleRecord[]): string {
  if (schedules.length === 0) return 'No schedules.\n';
  const rows = [HEADINGS, ...schedules.map(rowOf)];
  const widths = HEADINGS.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '));
  return `${lines.join('\n')}\n${schedules.length} ${schedules.length === 1 ? 'schedule' : 'schedules'}\n`;
}

function isChange(word: string): word is ScheduleChange {
  return (SCHEDULE_CHANGES as readonly string[]).includes(word);
}

export async function schedulesCommand(parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const [action = 'list', scheduleId] = parsed.positionals;
  if (action !== 'list' && !isChange(action)) throw new UsageError(`Unknown schedules action "${action}": use list, ${SCHEDULE_CHANGES.join(', ')}.`);
  if (action !== 'list' && !scheduleId) throw new UsageError(`datathread schedules ${action} needs the schedule id (see datathread schedules list).`);
  const store = await openStore(started.environment.stateUrl);
  try {
    if (action === 'list') {
      output.write(renderTable(await store.schedules.listSchedules()));
      return 0;
    }
    try {
      output.write(`${await changeSchedule(scheduleId!, action, { store, clock: systemClock, createId: randomIdFactory })}\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof ScheduleNotFoundError)) throw error;
      output.write(`${error.message}\n`);
      return EXIT_NOT_FOUND;
    }
  } finally {
    await store.close();
  }
}
