// Readiness (/readyz): can this process serve a question right now? It needs its state store (the
// conversation history, dedupe keys and locks live there). Liveness (/healthz) only says the
// process answers; an orchestrator restarts on liveness and routes traffic on readiness.
import type { Store } from '../store/types.js';
import { errorMessage } from '../support/errors.js';
import type { HealthReport } from './http-server.js';

/** A store that takes longer than this to answer `SELECT 1` counts as not ready. */
export const READINESS_TIMEOUT_MS = 3_000;

export function createReadinessCheck(options: { store: Pick<Store, 'ping'>; detail?: () => Record<string, string>; timeoutMs?: number }): () => Promise<HealthReport> {
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
  return async () => {
    const store = await checkWithin(options.store.ping(), timeoutMs);
    return { ok: store === 'ok', detail: { store, ...options.detail?.() } };
  };
}

async function checkWithin(probe: Promise<void>, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`unavailable: no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([probe.then(() => 'ok', (error: unknown) => `unavailable: ${withoutCredentials(errorMessage(error))}`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A driver message can carry a connection string; keep user:password@ out of the response. */
function withoutCredentials(message: string): string {
  return message.replace(/\/\/[^/@\s]+@/g, '//');
}
