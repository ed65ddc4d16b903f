// The `sandbox:` section: limits and network of execute_sandboxed_code (which is turned on by
// listing it in agent.tools).
import { z } from 'zod';
import {
  DEFAULT_SANDBOX_CPU_SECONDS,
  DEFAULT_SANDBOX_FILE_SIZE_MB,
  DEFAULT_SANDBOX_MAX_CONCURRENT,
  DEFAULT_SANDBOX_MEMORY_MB,
  DEFAULT_SANDBOX_OUTPUT_BYTES,
  DEFAULT_SANDBOX_PROCESSES,
  DEFAULT_SANDBOX_TTL_MS,
  DEFAULT_SANDBOX_WALL_CLOCK_MS,
  type SandboxLimits,
} from './sandbox-limits.js';

const MEGABYTE = 1024 * 1024;
const DOMAIN = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

export const sandboxSchema = z
  .object({
    timeout_ms: z.number().int().min(1_000).max(3_600_000).default(DEFAULT_SANDBOX_WALL_CLOCK_MS),
    cpu_seconds: z.number().int().min(1).default(DEFAULT_SANDBOX_CPU_SECONDS),
    memory_mb: z.number().int().min(128).default(DEFAULT_SANDBOX_MEMORY_MB),
    max_processes: z.number().int().min(8).default(DEFAULT_SANDBOX_PROCESSES),
    max_output_bytes: z.number().int().min(1_024).default(DEFAULT_SANDBOX_OUTPUT_BYTES),
    max_file_mb: z.number().int().min(1).default(DEFAULT_SANDBOX_FILE_SIZE_MB),
    ttl_ms: z.number().int().min(1_000).default(DEFAULT_SANDBOX_TTL_MS),
    max_concurrent: z.number().int().min(1).max(64).default(DEFAULT_SANDBOX_MAX_CONCURRENT),
    /** Domains (and their subdomains) the code may reach through the egress proxy; empty = no network. */
    network_allowlist: z.array(z.string().regex(DOMAIN, 'must be a domain name such as pypi.org or *.example.com')).default([]),
  })
  .strict();

export interface SandboxSettings {
  limits: SandboxLimits;
  ttlMs: number;
  maxConcurrent: number;
  networkAllowlist: string[];
}

export function toSandboxSettings(value: z.infer<typeof sandboxSchema>): SandboxSettings {
  return {
    limits: {
      wallClockMs: value.timeout_ms,
      cpuSeconds: value.cpu_seconds,
      memoryBytes: value.memory_mb * MEGABYTE,
      processes: value.max_processes,
      outputBytes: value.max_output_bytes,
      fileSizeBytes: value.max_file_mb * MEGABYTE,
    },
    ttlMs: value.ttl_ms,
    maxConcurrent: value.max_concurrent,
    networkAllowlist: value.network_allowlist,
  };
}
