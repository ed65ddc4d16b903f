// Turns run after the ack, detached from the request. This keeps track of them so stop() can let
// running turns post their answers before the process exits, and so no rejection goes unheard.
import type { ChannelLogger } from '../../channel-logger.js';

export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;

export interface BackgroundTasks {
  run(name: string, task: () => Promise<void>): void;
  /** Resolves when every running task ended, or after `timeoutMs`, whichever comes first. */
  drain(timeoutMs?: number): Promise<void>;
}

export function createBackgroundTasks(logger: ChannelLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const promise = Promise.resolve()
        .then(task)
        .catch((error: unknown) => logger.error(`Slack ${name} failed unexpectedly; the user may see no answer.`, { error }))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain(timeoutMs = DEFAULT_DRAIN_TIMEOUT_MS) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.allSettled([...running]), timeout]);
      clearTimeout(timer);
    },
  };
}
