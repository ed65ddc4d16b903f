// A schedule in plain words, for the confirmation before it is saved and for "list my schedules":
// "Every Monday at 09:00 Europe/Berlin, starting 7 Dec: the revenue chart, in #sales". Common cron
// shapes get a sentence; any other expression is quoted as it is, so nothing is ever misdescribed.
import { nextOccurrence } from './cron-occurrences.js';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];
const NUMBER = /^\d+$/;

function clockTime(hour: string, minute: string): string {
  return `${hour.padStart(2, '0')}:${minute.padStart(2, '0')}`;
}

function dayNames(field: string): string | undefined {
  if (field === '1-5') return 'weekday';
  const days = field.split(',');
  if (!days.every((day) => NUMBER.test(day) && Number(day) <= 7)) return undefined;
  const names = days.map((day) => DAY_NAMES[Number(day) % 7]!);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The timetable part: "Every Monday at 09:00", or undefined for shapes without a sentence. */
function describeTimetable(cron: string): string | undefined {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return undefined;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  if (month !== '*') return undefined;
  if (fields.every((field) => field === '*')) return 'Every minute';
  const everyMinutes = /^\*\/(\d+)$/.exec(minute);
  if (everyMinutes && hour === '*' && dayOfMonth === '*' && dayOfWeek === '*') return `Every ${everyMinutes[1]} minutes`;
  if (!NUMBER.test(minute)) return undefined;
  if (hour === '*' && dayOfMonth === '*' && dayOfWeek === '*') return `Every hour at minute ${minute}`;
  if (!NUMBER.test(hour)) return undefined;
  const at = `at ${clockTime(hour, minute)}`;
  if (dayOfMonth === '*' && dayOfWeek === '*') return `Every day ${at}`;
  const nth = /^([0-7])#([1-5])$/.exec(dayOfWeek);
  if (dayOfMonth === '*' && nth) return `On the ${ORDINALS[Number(nth[2]) - 1]} ${DAY_NAMES[Number(nth[1]) % 7]} of every month ${at}`;
  if (dayOfMonth === '*') {
    const days = dayNames(dayOfWeek);
    return days ? `Every ${days} ${at}` : undefined;
  }
  if (NUMBER.test(dayOfMonth) && dayOfWeek === '*') return `On day ${dayOfMonth} of every month ${at}`;
  return undefined;
}

/** The timetable with its zone, without the first run or what is posted: "Every Monday at 09:00 Europe/Berlin". */
export function describeTimetableInZone(cron: string, timeZone: string): string {
  return `${describeTimetable(cron) ?? `On the cron schedule "${cron}"`} ${timeZone}`;
}

export interface ScheduleSummaryInput {
  cron: string;
  timeZone: string;
  /** What is refreshed, e.g. "the revenue chart". */
  what: string;
  /** Where it goes, e.g. "in #sales" or "in this thread". */
  where: string;
  /** An alert's condition in words (alert only): "when signups is below 200". */
  condition?: string | undefined;
  now: Date;
}

function firstRunDay(time: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(time);
}

export function describeSchedule(input: ScheduleSummaryInput): string {
  const timetable = describeTimetable(input.cron) ?? `On the cron schedule "${input.cron}"`;
  const first = nextOccurrence(input.cron, input.timeZone, input.now);
  const starting = first ? `, starting ${firstRunDay(first, input.timeZone)}` : '';
  const condition = input.condition ? ` when ${input.condition}` : '';
  return `${timetable} ${input.timeZone}${starting}: ${input.what}${condition}, ${input.where}`;
}
