// The shapes the turn-job queue and the channels share. A channel submits an accepted event as a
// job (the neutral TurnRequest plus its own reply target) and registers an executor that runs a
// claimed job: in this process or in another replica, now or after a crash. No platform types here.
import type { z } from 'zod';
import type { JsonValue } from '../databases/types.js';
import type { Platform } from '../support/platforms.js';
import type { StoredTurnRequest } from './turn-job-payload.js';
import type { TurnRequest } from './types.js';

/**
 * What a rerun needs to neither duplicate nor drop a message: the platform id of everything the
 * job posted so far, under a stable key (`working`, `post:0`, `upload:1`, ...).
 */
export interface PostLedger {
  /** The job's id, part of each post's delivery key (turnDeliveryKey in deliver-once.ts). */
  readonly jobId: string;
  /** The message an earlier run of this job posted under `postKey`. */
  get(postKey: string): string | undefined;
  /** True once stored; false when it could not be stored while the lease lasted (the run then lost its lease). Never throws. */
  record(postKey: string, messageId: string): Promise<boolean>;
}

export interface TurnJobRun<Reply = JsonValue> {
  jobId: string;
  /** Without dedupe keys: they were recorded with the job. */
  request: StoredTurnRequest;
  /** The channel's reply target, as the channel submitted it, checked by the executor's replySchema. */
  reply: Reply;
  /** 1 on the first run; more when an earlier run was interrupted (its process died). */
  attempt: number;
  ledger: PostLedger;
  /**
   * Resolves while this run still holds the job's lease; throws TurnLeaseLostError (job-lease.ts)
   * once another run took the job over. Called right before each visible post.
   */
  confirmLease(): Promise<void>;
}

export interface TurnJobExecutor<Reply = JsonValue> {
  /**
   * The shape of this channel's reply target. A stored job is read back through it when claimed
   * (it may have been queued by another release): a reply that does not fit is not run.
   */
  replySchema: z.ZodType<Reply>;
  /** Runs the turn and posts its answer; reports every fault in the thread itself. */
  run(job: TurnJobRun<Reply>): Promise<void>;
  /** The job was interrupted too many times: tell the thread, remove any stale working indicator. */
  giveUp(job: TurnJobRun<Reply>): Promise<void>;
  /**
   * The job's stored request fits no schema this release reads, so it is not run; its reply target
   * does: tell the thread the question was not answered (TURN_SENTENCES.interrupted).
   */
  refuse(job: RefusedTurnJob<Reply>): Promise<void>;
}

/** A job that is not run because its stored request cannot be read; only where to answer is known. */
export interface RefusedTurnJob<Reply = JsonValue> {
  jobId: string;
  threadId: string;
  reply: Reply;
  ledger: PostLedger;
}

/** What a channel uses of the queue. */
export interface TurnJobs {
  /**
   * Persists the job with the request's dedupe keys before the platform is answered. False when
   * the event was accepted before (a redelivery, the twin event of one post, another replica).
   * `reply` is the channel's reply target, plain JSON data that its executor's replySchema reads back.
   */
  submit(request: TurnRequest, reply: object): Promise<boolean>;
  /** The executor for this platform's jobs (one per platform). */
  register<Reply>(platform: Platform, executor: TurnJobExecutor<Reply>): void;
  /**
   * Asks whichever process runs the thread's turn to stop it (a Stop that reached a process not
   * running the turn). False when no turn of the thread is running anywhere.
   */
  requestStop(threadId: string): Promise<boolean>;
}
