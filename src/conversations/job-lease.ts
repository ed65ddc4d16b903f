// The lease one run of a turn job holds. Its id is unique to the claim (a fencing token): when the
// lease was lost (the state store was unreachable for longer than the lease, and another worker, or
// this one, claimed the job again), every later check of this run fails, even in the same process.
// A run confirms its lease right before each visible post, so a run that lost it posts nothing and
// the run that holds it answers, once.
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/types.js';
import type { Clock } from '../support/clock-and-ids.js';
import { DatathreadError } from '../support/errors.js';

export class TurnLeaseLostError extends DatathreadError {
  override readonly name = 'TurnLeaseLostError';
  readonly code = 'turn_lease_lost';
}

/** While the store cannot be reached, a confirmation is tried again this often until the lease would have expired. */
export const LEASE_CONFIRM_RETRY_MS = 1_000;

export interface JobLeaseOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  jobId: string;
  threadId: string;
  /** The claim's own id, stored as the job's lease owner. */
  leaseId: string;
  leaseMs: number;
  /** When the claim was made (the lease runs from here). */
  claimedAt: Date;
}

export class JobLease {
  private heldUntilMs: number;
  private lostReason: string | undefined;

  constructor(private readonly options: JobLeaseOptions) {
    this.heldUntilMs = options.claimedAt.getTime() + options.leaseMs;
  }

  get leaseId(): string {
    return this.options.leaseId;
  }

  get lost(): boolean {
    return this.lostReason !== undefined;
  }

  /** Extends the lease (the heartbeat). False once it is lost; a store error is thrown. */
  async renew(): Promise<boolean> {
    if (this.lost) return false;
    const { store, clock, jobId, leaseId, leaseMs } = this.options;
    const now = clock();
    const held = await store.renewTurnJobLease(jobId, leaseId, now, new Date(now.getTime() + leaseMs));
    if (held) this.heldUntilMs = now.getTime() + leaseMs;
    else this.markLost('another worker claimed the job');
    return held;
  }

  /**
   * Resolves while this run still holds the lease (and extends it, so the post that follows has the
   * whole lease to land); throws TurnLeaseLostError otherwise. While the store cannot be reached,
   * waits for it as long as the lease would last, since no other worker can claim the job before.
   */
  async confirm(): Promise<void> {
    for (;;) {
      if (this.lostReason) throw new TurnLeaseLostError(`This run of the turn job lost its lease (${this.lostReason}); another run answers.`);
      try {
        if (await this.renew()) return;
      } catch (error) {
        if (this.options.clock().getTime() >= this.heldUntilMs) {
          this.markLost('the state store could not be reached before the lease expired');
          continue;
        }
        this.options.logger.warn('the lease of a turn job could not be confirmed before a post; trying again while the lease lasts', { jobId: this.options.jobId, error });
        await new Promise((resolve) => setTimeout(resolve, LEASE_CONFIRM_RETRY_MS));
      }
    }
  }

  /** The local view only: whether the lease can still be held by this run. */
  expiredLocally(): boolean {
    return this.options.clock().getTime() >= this.heldUntilMs;
  }

  markLost(reason: string): void {
    if (this.lostReason) return;
    this.lostReason = reason;
    this.options.logger.warn('a turn job lease was lost; this run posts nothing more and another run answers', { jobId: this.options.jobId, threadId: this.options.threadId, reason });
  }
}
