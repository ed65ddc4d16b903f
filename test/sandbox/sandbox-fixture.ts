// A real bubblewrap sandbox pool in a scratch folder, for tests; the clock is settable so TTL
// expiry needs no waiting.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeBubblewrap } from '../../src/sandbox/sandbox-availability.js';
import type { SandboxBackend } from '../../src/sandbox/sandbox-backend.js';
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from '../../src/sandbox/sandbox-limits.js';
import { SandboxPool } from '../../src/sandbox/sandbox-pool.js';
import { randomIdFactory } from '../../src/support/clock-and-ids.js';

let backend: Promise<SandboxBackend> | undefined;

/** The host's bubblewrap backend; fails loudly when the host cannot sandbox (CI installs it). */
export function sandboxBackend(): Promise<SandboxBackend> {
  backend ??= probeBubblewrap().then((availability) => {
    if (!availability.available) throw new Error(`no sandbox backend on this host: ${availability.reason}`);
    return availability.backend;
  });
  return backend;
}

export interface SandboxFixture {
  pool: SandboxPool;
  root: string;
  clock: { nowMs: number };
  close(): Promise<void>;
}

export async function createSandboxFixture(overrides: { limits?: Partial<SandboxLimits>; ttlMs?: number; maxConcurrent?: number; networkAllowlist?: string[] } = {}): Promise<SandboxFixture> {
  const root = await mkdtemp(join(tmpdir(), 'datathread-sandbox-test-'));
  const clock = { nowMs: Date.parse('2026-01-01T00:00:00Z') };
  const pool = new SandboxPool({
    backend: await sandboxBackend(),
    root,
    limits: { ...DEFAULT_SANDBOX_LIMITS, ...overrides.limits },
    networkAllowlist: overrides.networkAllowlist ?? [],
    ttlMs: overrides.ttlMs ?? 300_000,
    maxConcurrent: overrides.maxConcurrent ?? 4,
    now: () => new Date(clock.nowMs),
    createId: randomIdFactory,
  });
  await pool.start();
  return {
    pool,
    root,
    clock,
    close: async () => {
      await pool.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
