// The shapes the turn-job queue and the channels share. A channel submits an accepted event as a
// job (the neutral TurnRequest plus its own reply target) and registers an executor that runs a
// claimed job: in this process or in another replica, now or after a crash. No platform types here.
import type { JsonValue } from '../databases/types.js';
import type { Platform } from '../support/platforms.js';
import type { TurnRequest } from './types.js';

/**
 * What a rerun needs to neither duplicate nor drop a message: the platform id of everything the
 * job posted so far, under a stable key (`working`, `post:0`, `upload:1`, ...).
 */
export interface PostLedger {
  /** The message an earlier run of this job posted under `postKey`. */
  get(postKey: string): string | undefined;
  record(postKey: string, messageId: string): Promise<void>;
}

export interface TurnJobRun {
  jobId: string;
  /** Without dedupe keys: they were recorded with the job. */
  request: TurnRequest;
  /** The channel's reply target, as the channel submitted it. */
  reply: JsonValue;
  /** 1 on the first run; more when an earlier run was interrupted (its process died). */
  attempt: number;
  ledger: PostLedger;
  /**
   * Resolves while this run still holds the job's lease; throws TurnLeaseLostError (job-lease.ts)
   * once another run took the job over. Called right before each visible post.
   */
  confirmLease(): Promise<void>;
}

export interface TurnJobExecutor {
  /** Runs the turn and posts its answer; reports every fault in the thread itself. */
  run(job: TurnJobRun): Promise<void>;
  /** The job was interrupted too many times: tell the thread, remove any stale working indicator. */
  giveUp(job: TurnJobRun): Promise<void>;
}

/** What a channel uses of the queue. */
export interface TurnJobs {
  /**
   * Persists the job with the request's dedupe keys before the platform is answered. False when
   * the event was accepted before (a redelivery, the twin event of one post, another replica).
   */
  submit(request: TurnRequest, reply: JsonValue): Promise<boolean>;
  /** The executor for this platform's jobs (one per platform). */
  register(platform: Platform, executor: TurnJobExecutor): void;
  /**
   * Asks whichever process runs the thread's turn to stop it (a Stop that reached a process not
   * running the turn). False when no turn of the thread is running anywhere.
   */
  requestStop(threadId: string): Promise<boolean>;
}
