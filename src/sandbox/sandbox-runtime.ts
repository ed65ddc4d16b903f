// What execute_sandboxed_code needs from the process: the pool (when the backend works here), or
// the reason it is not offered. Built once at start-up.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxSettings } from './sandbox-config.js';
import type { SandboxAvailability } from './sandbox-backend.js';
import type { SandboxLimits } from './sandbox-limits.js';
import { SandboxPool } from './sandbox-pool.js';

export type SandboxRuntime =
  | { available: true; pool: SandboxPool; limits: SandboxLimits; description: string; networkAllowlist: readonly string[] }
  | { available: false; reason: string };

export interface SandboxRuntimeOptions {
  settings: SandboxSettings;
  now: () => Date;
  createId: (prefix: string) => string;
  /** Where sandboxes live on the host; one subfolder per process. */
  root?: string;
}

export const DEFAULT_SANDBOX_ROOT = join(tmpdir(), 'datathread-sandboxes');

export async function startSandboxRuntime(availability: SandboxAvailability, options: SandboxRuntimeOptions): Promise<SandboxRuntime> {
  if (!availability.available) return availability;
  const { settings } = options;
  const pool = new SandboxPool({
    backend: availability.backend,
    root: options.root ?? DEFAULT_SANDBOX_ROOT,
    limits: settings.limits,
    networkAllowlist: settings.networkAllowlist,
    ttlMs: settings.ttlMs,
    maxConcurrent: settings.maxConcurrent,
    now: options.now,
    createId: options.createId,
  });
  await pool.start();
  return { available: true, pool, limits: settings.limits, description: availability.backend.description, networkAllowlist: settings.networkAllowlist };
}
