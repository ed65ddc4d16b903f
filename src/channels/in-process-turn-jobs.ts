// Turn jobs without a queue: a submitted job runs at once in this process, with its dedupe keys
// left on the request for the handler to check (the engine records them atomically). For a channel
// attached without the application's TurnQueue (embedding, channel tests with a scripted handler);
// nothing survives the process, so `datathread` itself always passes the durable queue.
import type { PostLedger, TurnJobExecutor, TurnJobs } from '../conversations/turn-jobs.js';
import type { Platform } from '../support/platforms.js';

export interface InProcessTurnJobsOptions {
  /** Runs the turn detached from the request and keeps track of it (the channel's background tasks). */
  runDetached(task: () => Promise<void>): void;
}

let jobCounter = 0;

export function createInProcessTurnJobs(options: InProcessTurnJobsOptions): TurnJobs {
  const executors = new Map<Platform, TurnJobExecutor<unknown>>();
  return {
    register(platform, executor) {
      executors.set(platform, executor);
    },
    // Every turn runs in this process, where the handler's own cancel already looked.
    requestStop: async () => false,
    async submit(request, reply) {
      const executor = executors.get(request.platform);
      if (!executor) throw new Error(`No ${request.platform} executor is registered for turn jobs.`);
      const posts = new Map<string, string>();
      jobCounter += 1;
      const ledger: PostLedger = { jobId: `in-process-${jobCounter}`, get: (postKey) => posts.get(postKey), record: async (postKey, messageId) => Boolean(posts.set(postKey, messageId)) };
      // Read through the channel's schema as the durable queue does, so both hand the executor the same shape.
      const checkedReply = executor.replySchema.parse(reply);
      options.runDetached(() => executor.run({ jobId: ledger.jobId, request, reply: checkedReply, attempt: 1, ledger, confirmLease: async () => undefined }));
      return true;
    },
  };
}
