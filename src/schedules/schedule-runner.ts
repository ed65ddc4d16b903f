// The scheduler one replica runs: every tick it queues what is due and runs what it can claim.
// Every replica runs one; the store decides who runs each occurrence (queue-due-occurrences.ts,
// run-claimed-occurrences.ts), so ticks on several replicas never double a run.
import { queueDueOccurrences } from './queue-due-occurrences.js';
import { runClaimedOccurrences, type RunClaimedOccurrencesOptions } from './run-claimed-occurrences.js';

/** How often a replica looks for due schedules: well under a minute, the cron's precision. */
export const SCHEDULER_TICK_MS = 15_000;

export class ScheduleRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: RunClaimedOccurrencesOptions & { tickMs?: number }) {}

  /** One pass: queue what is due now, then run every claimable occurrence. A pass still running is awaited, not doubled. */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    try {
      await queueDueOccurrences(this.options);
      await runClaimedOccurrences(this.options);
    } catch (error) {
      // The store was unreachable: the next tick tries again, and nothing due is lost meanwhile.
      this.options.logger.warn('a scheduler pass failed; the next one tries again', { error });
    }
  }

  /** Ticks now (what fell due while no replica ran is caught up at once), then every tick interval. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? SCHEDULER_TICK_MS);
    void this.tick();
  }

  /** Stops ticking and waits for the pass in flight. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
