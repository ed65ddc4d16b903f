// Durable turns. Every accepted event becomes a persisted job, created in one transaction with
// its dedupe keys, so exactly one job exists per event however many deliveries arrive on however
// many replicas. Workers claim jobs with a lease that a heartbeat renews; only the oldest
// unfinished job of a thread is claimable, so the lease is the thread's lock. A worker that dies
// stops renewing; once its lease expires another replica (or the restarted process) claims the job
// and runs it again. Execution is therefore at-least-once; the per-job post ledger makes the
// visible answer exactly-once, and each claim's own lease id (job-lease.ts) keeps a run that lost
// its lease (a state-store outage longer than the lease) from posting beside the run that took over.
// A job interrupted `maxAttempts` times is given up, and the thread told. A job's payload is read
// back through its versioned schema (turn-job-payload.ts) and the channel's reply schema on every
// claim; one that does not fit is failed without running (the thread told when its reply target
// fits) and its thread's next job runs. A Stop is stored on the
// running job, so the process running it stops it wherever the click arrived: at once through
// LISTEN/NOTIFY on PostgreSQL, and at the next heartbeat in any case (SQLite, a lost notification).
import { z } from 'zod';
import type { Logger } from '../logging/logger.js';
import type { Store, TurnJobRecord } from '../store/types.js';
import type { Clock, IdFactory } from '../support/clock-and-ids.js';
import type { Platform } from '../support/platforms.js';
import { errorMessage } from '../support/errors.js';
import { EVENT_DEDUPE_TTL_MS } from './conversation-engine.js';
import { JobLease, LEASE_CONFIRM_RETRY_MS } from './job-lease.js';
import { parseTurnJobPayload, storedReplyOf, storedTurnJobPayload, TurnJobPayloadError } from './turn-job-payload.js';
import type { PostLedger, TurnJobExecutor, TurnJobRun, TurnJobs } from './turn-jobs.js';
import type { TurnRequest } from './types.js';

export interface TurnQueueSettings {
  /** How long a claim holds without a heartbeat; a dead worker's job is taken again after it. */
  leaseMs: number;
  heartbeatMs: number;
  /** How often an idle worker looks for jobs whose lease expired (and, without notifications, new ones of other processes). */
  pollIntervalMs: number;
  /** Runs of one job (the first included) before it is given up. */
  maxAttempts: number;
  /** Jobs this process runs at once (turns mostly wait on the model and databases). */
  concurrency: number;
}

export const DEFAULT_TURN_QUEUE_SETTINGS: TurnQueueSettings = {
  leaseMs: 20_000,
  heartbeatMs: 5_000,
  pollIntervalMs: 500,
  maxAttempts: 3,
  concurrency: 16,
};

/** Finished jobs (and their post ledgers) are kept this long for operators, then purged. */
export const FINISHED_TURN_JOB_RETENTION_MS = 24 * 60 * 60_000;

export interface TurnQueueOptions {
  store: Store;
  clock: Clock;
  createId: IdFactory;
  logger: Logger;
  settings?: Partial<TurnQueueSettings>;
  /** Stops the turn of the thread running in this process (the engine's cancel); false when none runs yet. */
  cancelTurn?: (threadId: string) => boolean;
}

export class TurnQueue implements TurnJobs {
  readonly settings: TurnQueueSettings;
  private readonly ownerId: string;
  private readonly executors = new Map<Platform, TurnJobExecutor<unknown>>();
  /** Running jobs of this process: job id -> the run and the id of the lease it holds. */
  private readonly active = new Map<string, { running: Promise<void>; leaseId: string; threadId: string }>();
  /** Jobs of this process whose turn was stopped on a stored Stop request. */
  private readonly stopped = new Set<string>();
  private stopWatchingCancels: Promise<() => Promise<void>> | undefined;
  private cancelPoll: NodeJS.Timeout | undefined;
  private claims = 0;
  private wakeUp: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakePending = false;
  private stopWatching: Promise<() => Promise<void>> | undefined;

  constructor(private readonly options: TurnQueueOptions) {
    this.settings = { ...DEFAULT_TURN_QUEUE_SETTINGS, ...options.settings };
    this.ownerId = options.createId('worker_');
  }

  register<Reply>(platform: Platform, executor: TurnJobExecutor<Reply>): void {
    this.executors.set(platform, executor);
  }

  async submit(request: TurnRequest, reply: object): Promise<boolean> {
    const { store, clock } = this.options;
    const now = clock();
    const { eventKey, extraEventKeys, ...rest } = request;
    const keys = [eventKey, ...(extraEventKeys ?? [])].filter((key): key is string => Boolean(key));
    const payload = storedTurnJobPayload(rest, reply);
    const jobId = this.options.createId('turn_');
    const created = await store.enqueueTurnJob(
      { jobId, threadId: request.threadId, platform: request.platform, payload, createdAt: now },
      keys,
      new Date(now.getTime() + EVENT_DEDUPE_TTL_MS),
    );
    if (created) {
      this.options.logger.debug('turn job queued', { jobId, threadId: request.threadId });
      this.wake();
    } else {
      this.options.logger.info('duplicate event ignored', { threadId: request.threadId, keys });
    }
    return created;
  }

  /** Starts claiming jobs (after the channels registered their executors). */
  start(): void {
    if (this.loop) return;
    const { leaseMs, heartbeatMs, maxAttempts, concurrency } = this.settings;
    this.options.logger.info('turn workers started', { workerId: this.ownerId, leaseMs, heartbeatMs, maxAttempts, concurrency });
    this.loop = this.claimLoop();
    // On PostgreSQL, jobs other replicas accept or give back wake this one at once (LISTEN/NOTIFY).
    this.stopWatching = this.options.store.watchTurnJobs(() => this.wake()).catch((error: unknown) => {
      this.options.logger.warn('turn jobs of other replicas are picked up at the next poll only: the state store cannot notify', { error });
      return async () => undefined;
    });
    this.stopWatchingCancels = this.options.store.watchTurnJobCancels(() => void this.applyStopRequests()).catch((error: unknown) => {
      this.options.logger.warn('a Stop clicked on another replica is applied at the next heartbeat only: the state store cannot notify', { error });
      return async () => undefined;
    });
    this.cancelPoll = setInterval(() => void this.applyStopRequests(), this.settings.heartbeatMs);
    this.cancelPoll.unref();
  }

  async requestStop(threadId: string): Promise<boolean> {
    const requested = await this.options.store.requestTurnJobCancel(threadId, this.options.clock());
    if (requested) this.options.logger.info('a Stop was stored for the thread\'s running turn job', { threadId });
    return requested;
  }

  /** Stops the turns of this process whose Stop was requested elsewhere. */
  private async applyStopRequests(): Promise<void> {
    const cancelTurn = this.options.cancelTurn;
    const candidates = [...this.active.keys()].filter((jobId) => !this.stopped.has(jobId));
    if (!cancelTurn || candidates.length === 0) return;
    let requested: string[];
    try {
      requested = await this.options.store.listCancelRequestedTurnJobs(candidates);
    } catch (error) {
      this.options.logger.warn('Stop requests could not be read from the state store; trying again at the next heartbeat', { error });
      return;
    }
    for (const jobId of requested) {
      const entry = this.active.get(jobId);
      // A turn still loading its history is not cancellable yet: the next check tries again.
      if (entry && cancelTurn(entry.threadId)) {
        this.stopped.add(jobId);
        this.options.logger.info('stopped a turn on a Stop requested through the state store', { jobId, threadId: entry.threadId });
      }
    }
  }

  /**
   * Stops claiming; lets running turns finish within `graceMs`; gives the rest back to the queue
   * at once (no waiting for the lease to expire) so another replica takes them.
   */
  async drain(graceMs: number): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    await (await this.stopWatching)?.();
    clearInterval(this.cancelPoll);
    await (await this.stopWatchingCancels)?.();
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.active.values()].map((entry) => entry.running)), graceOver]);
    clearTimeout(timer);
    const unfinished = [...this.active.entries()];
    if (unfinished.length === 0) return;
    this.options.logger.warn('shutting down with turns still running; their jobs go back to the queue for another replica', { jobs: unfinished.length });
    await Promise.allSettled(
      unfinished.map(([jobId, { leaseId }]) =>
        this.options.store.releaseTurnJob(jobId, leaseId, this.options.clock()).catch((error: unknown) => {
          this.options.logger.error('a running turn job could not be given back; another replica takes it when its lease expires', { jobId, error });
        }),
      ),
    );
  }

  /** Turns this process runs right now. */
  get runningCount(): number {
    return this.active.size;
  }

  private wake(): void {
    if (this.wakeUp) this.wakeUp();
    // The loop is busy claiming: it must look again right after, or this job waits for the poll.
    else this.wakePending = true;
  }

  private waitForWork(): Promise<void> {
    if (this.wakePending || this.stopping) {
      this.wakePending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.settings.pollIntervalMs);
      const self = this;
      function done() {
        clearTimeout(timer);
        if (self.wakeUp === done) self.wakeUp = undefined;
        resolve();
      }
      this.wakeUp = done;
    });
  }

  private async claimLoop(): Promise<void> {
    const { store, clock, logger } = this.options;
    while (!this.stopping) {
      if (this.active.size >= this.settings.concurrency) {
        await this.waitForWork();
        continue;
      }
      let job: TurnJobRecord | undefined;
      // Every claim has an id of its own, so a lease this process lost and claimed again is a new lease.
      this.claims += 1;
      const leaseId = `${this.ownerId}/${this.claims}`;
      const claimedAt = clock();
      try {
        job = await store.claimTurnJob(leaseId, claimedAt, new Date(claimedAt.getTime() + this.settings.leaseMs));
      } catch (error) {
        logger.error('turn jobs could not be claimed from the state store; retrying shortly', { error });
      }
      if (!job) {
        await this.waitForWork();
        continue;
      }
      if (this.stopping) {
        await store.releaseTurnJob(job.jobId, leaseId, clock()).catch(() => undefined);
        break;
      }
      const lease = new JobLease({ store, clock, logger, jobId: job.jobId, threadId: job.threadId, leaseId, leaseMs: this.settings.leaseMs, claimedAt });
      const running = this.runJob(job, lease).finally(() => {
        this.active.delete(job.jobId);
        this.stopped.delete(job.jobId);
        // A finished job may unblock the next one of its thread.
        this.wake();
      });
      this.active.set(job.jobId, { running, leaseId, threadId: job.threadId });
    }
  }

  private async runJob(job: TurnJobRecord, lease: JobLease): Promise<void> {
    const { logger } = this.options;
    const executor = this.executors.get(job.platform);
    if (!executor) {
      logger.error(`a ${job.platform} turn job arrived but ${job.platform} is not configured in this process; the job is dropped`, { jobId: job.jobId, threadId: job.threadId });
      await this.finish(job, lease, 'failed').catch(() => undefined);
      return;
    }
    const heartbeat = setInterval(() => {
      lease.renew().catch((error: unknown) => {
        // Past the lease another worker may claim the job as soon as the store is back: this run stops posting.
        if (lease.expiredLocally()) lease.markLost('the state store could not be reached for longer than the lease');
        else logger.warn('a turn job lease could not be renewed; retrying at the next heartbeat', { jobId: job.jobId, error });
      });
    }, this.settings.heartbeatMs);
    heartbeat.unref();
    try {
      const run = await this.runOf(job, executor, lease);
      if (job.attempts > this.settings.maxAttempts) {
        logger.error('a turn job was interrupted too many times; giving up and telling the thread', { jobId: job.jobId, threadId: job.threadId, attempts: job.attempts - 1 });
        await lease.confirm();
        await executor.giveUp(run);
        await this.finish(job, lease, 'failed');
        return;
      }
      if (job.attempts > 1) logger.warn('resuming an interrupted turn', { jobId: job.jobId, threadId: job.threadId, attempt: job.attempts });
      await executor.run(run);
      await this.finish(job, lease, 'done');
    } catch (error) {
      if (lease.lost) return;
      if (error instanceof TurnJobPayloadError) {
        logger.error('a turn job was not run: its stored payload does not match the schema this release reads; the job is failed', {
          jobId: job.jobId,
          threadId: job.threadId,
          error: errorMessage(error),
        });
        if (error.threadKnown) await this.tellRefused(job, executor, lease);
        await this.finish(job, lease, 'failed').catch(() => undefined);
        return;
      }
      // Executors report turn faults in the thread themselves; this is a fault around them.
      logger.error('a turn job failed outside its turn; it is not retried', { jobId: job.jobId, threadId: job.threadId, error });
      await this.finish(job, lease, 'failed').catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Ends the job, unless this run lost its lease (the run that holds it now ends it). While the
   * store cannot be reached, tries again as long as the lease lasts: a job left running is run again.
   */
  private async finish(job: TurnJobRecord, lease: JobLease, state: 'done' | 'failed'): Promise<void> {
    const { store, clock, logger } = this.options;
    for (;;) {
      if (lease.lost) {
        logger.warn('a turn job run ended after losing its lease; the run that holds it finishes the job', { jobId: job.jobId, threadId: job.threadId });
        return;
      }
      try {
        await store.finishTurnJob(job.jobId, lease.leaseId, state, clock());
        return;
      } catch (error) {
        if (lease.expiredLocally()) throw error;
        await new Promise((resolve) => setTimeout(resolve, LEASE_CONFIRM_RETRY_MS));
      }
    }
  }

  private async runOf(job: TurnJobRecord, executor: TurnJobExecutor<unknown>, lease: JobLease): Promise<TurnJobRun<unknown>> {
    const payload = parseTurnJobPayload(job.payload);
    // The row's thread is the one whose lock this claim holds: a request for another thread must not run under it.
    if (payload.request.threadId !== job.threadId || payload.request.platform !== job.platform) {
      throw new TurnJobPayloadError(`The turn job's stored request belongs to ${payload.request.platform} thread ${payload.request.threadId}, not to the job's ${job.platform} thread.`, { threadKnown: false });
    }
    const reply = executor.replySchema.safeParse(payload.reply);
    if (!reply.success) throw new TurnJobPayloadError(`The turn job's ${job.platform} reply target does not match its schema: ${z.prettifyError(reply.error)}`);
    const ledger = await this.ledgerOf(job, lease);
    return { jobId: job.jobId, request: payload.request, reply: reply.data, attempt: job.attempts, ledger, confirmLease: () => lease.confirm() };
  }

  /**
   * Tells the thread of a job that is not run, when its reply target can still be read (only the
   * request did not fit); otherwise the operators' log line is all there is.
   */
  private async tellRefused(job: TurnJobRecord, executor: TurnJobExecutor<unknown>, lease: JobLease): Promise<void> {
    const { logger } = this.options;
    const reply = executor.replySchema.safeParse(storedReplyOf(job.payload));
    if (!reply.success) {
      logger.warn('the thread of a turn job that was not run cannot be told: its reply target does not match the schema either', { jobId: job.jobId, threadId: job.threadId });
      return;
    }
    try {
      await lease.confirm();
      await executor.refuse({ jobId: job.jobId, threadId: job.threadId, reply: reply.data, ledger: await this.ledgerOf(job, lease) });
    } catch (error) {
      logger.error('the thread of a turn job that was not run could not be told', { jobId: job.jobId, threadId: job.threadId, error });
    }
  }

  private async ledgerOf(job: TurnJobRecord, lease: JobLease): Promise<PostLedger> {
    const { store, clock, logger } = this.options;
    // Read on every run: a job given back at shutdown starts again at attempt 1 with posts behind it.
    const posts = await store.listTurnJobPosts(job.jobId);
    const ledger: PostLedger = {
      jobId: job.jobId,
      get: (postKey) => posts.get(postKey),
      // Never throws: the post it records is already visible, and a channel that saw an error here
      // would post it again. A record that cannot be stored while the lease lasts ends this run's
      // posting (its lease is given up), since a rerun would not know about that post.
      record: async (postKey, messageId) => {
        posts.set(postKey, messageId);
        for (;;) {
          try {
            await store.recordTurnJobPost(job.jobId, postKey, messageId, clock());
            return true;
          } catch (error) {
            if (lease.expiredLocally()) {
              logger.error('a post of a turn job could not be recorded before its lease expired; a rerun may post it again', { jobId: job.jobId, postKey, error });
              lease.markLost('a post could not be recorded');
              return false;
            }
            await new Promise((resolve) => setTimeout(resolve, LEASE_CONFIRM_RETRY_MS));
          }
        }
      },
    };
    return ledger;
  }
}
