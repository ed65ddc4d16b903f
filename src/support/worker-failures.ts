// Where a worker-thread pool tells the operator about a worker that failed outside any task (one
// that cannot start, or died while idle): the pool replaces it, and the log says what happened.
// The process-wide pools use this; the tool runtime points it at the application's logger.
import { createLogger, type Logger } from '../logging/logger.js';

let logger: Pick<Logger, 'error'> = createLogger();

export function reportWorkerFailuresTo(target: Pick<Logger, 'error'>): void {
  logger = target;
}

export function reportWorkerFailure(pool: string, error: Error): void {
  logger.error(`a ${pool} worker thread failed outside any task; the pool starts a new one`, { error });
}
