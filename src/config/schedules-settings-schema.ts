// `schedules:`: the defaults of scheduled reports and alerts. The zone is checked at start-up, so a
// schedule never gets a zone the scheduler would refuse at its first run.
import { z } from 'zod';
import { validTimeZone } from './context-sync-schedule-schema.js';

/** The zone a schedule gets when the channel does not know the asker's. */
export const DEFAULT_SCHEDULE_TIME_ZONE = 'UTC';
/** A schedule that fails this many times in a row pauses itself. */
export const DEFAULT_PAUSE_AFTER_FAILURES = 3;

export const schedulesSettingsSchema = z
  .object({
    /** An IANA time zone, e.g. "Europe/Berlin", for askers whose own zone the channel does not know. */
    default_timezone: z.string().min(1).refine(validTimeZone, 'is not an IANA time zone name (e.g. "Europe/Berlin")').default(DEFAULT_SCHEDULE_TIME_ZONE),
    /** Failures in a row after which a schedule pauses itself and tells its owner. */
    pause_after_failures: z.number().int().min(1).max(100).default(DEFAULT_PAUSE_AFTER_FAILURES),
  })
  .strict();

/** `schedules:` as the server uses it. */
export interface SchedulesSettings {
  defaultTimeZone: string;
  pauseAfterFailures: number;
}
