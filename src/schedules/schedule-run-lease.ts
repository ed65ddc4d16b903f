// The lease one run of an occurrence holds (its id is the claim's own, a fencing token). A run
// confirms it right before it posts: a run whose lease another worker took over posts nothing.
import type { Store } from '../store/types.js';
import type { Clock } from '../support/clock-and-ids.js';
import type { ScheduleRunMemory } from '../store/schedule-types.js';
import { DatathreadError } from '../support/errors.js';

export class ScheduleLeaseLostError extends DatathreadError {
  override readonly name = 'ScheduleLeaseLostError';
  readonly code = 'schedule_lease_lost';
}

export class ScheduleRunLease {
  private lost = false;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly runId: string,
    readonly leaseId: string,
    private readonly leaseMs: number,
  ) {}

  /** Extends the lease (the heartbeat); false once another worker holds it. */
  async renew(): Promise<boolean> {
    if (this.lost) return false;
    const now = this.clock();
    const held = await this.store.schedules.renewScheduleRunLease(this.runId, this.leaseId, now, new Date(now.getTime() + this.leaseMs));
    if (!held) this.lost = true;
    return held;
  }

  /** Resolves while this run holds the lease; throws ScheduleLeaseLostError otherwise. */
  async confirm(): Promise<void> {
    if (!(await this.renew())) throw new ScheduleLeaseLostError('This run of the schedule lost its lease; another run posts the occurrence.');
  }

  /** Records the intent to post with the run's memory (one transaction), under the lease, before the platform is called. */
  async recordIntent(scheduleId: string, memory: ScheduleRunMemory): Promise<void> {
    if (!(await this.store.schedules.recordScheduleRunPostIntent(this.runId, this.leaseId, scheduleId, memory, this.clock()))) {
      this.lost = true;
      throw new ScheduleLeaseLostError('This run of the schedule lost its lease before posting; another run posts the occurrence.');
    }
  }

  /** Remembers the posted message under the lease, so a rerun after a crash does not post again. */
  async recordPost(messageId: string): Promise<void> {
    if (!(await this.store.schedules.recordScheduleRunPost(this.runId, this.leaseId, messageId, this.clock()))) {
      throw new ScheduleLeaseLostError('This run of the schedule lost its lease after posting.');
    }
  }
}
