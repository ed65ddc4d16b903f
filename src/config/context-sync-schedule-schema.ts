// `context.sync`: when the server runs `datathread sync` by itself. Checked at start-up with the
// same cron library that runs it, so a pattern the scheduler would reject never gets that far.
import { Cron } from 'croner';
import { z } from 'zod';

function validCron(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const contextSyncScheduleSchema = z
  .object({
    /** A cron expression (five or six fields), e.g. "0 5 * * *" for 05:00 every day. */
    schedule: z.string().min(1).refine(validCron, 'is not a cron expression croner accepts (e.g. "0 5 * * *" for 05:00 daily)'),
    /** An IANA time zone for the schedule, e.g. "Europe/Berlin" (default: UTC). */
    timezone: z.string().min(1).refine(validTimeZone, 'is not an IANA time zone name (e.g. "Europe/Berlin")').optional(),
  })
  .strict();

export type ContextSyncSchedule = z.infer<typeof contextSyncScheduleSchema>;
